"""The memory inspector: a static page (HTML, CSS, plain ES modules; no framework, no build step,
no CDN) shipped in the package. The API serves it at /inspector with no data in it; every data
call the page makes carries the user's token to the authorized /v1 routes."""

from __future__ import annotations

from importlib import resources

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
# Only the page's own sources and same-origin calls: user content is rendered as text, never markup.
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-cache",
}


def asset(name: str) -> tuple[bytes, str] | None:
    """The named file of the page ('' is the page itself), or None: only files shipped in
    static/ with a known type, never a path outside it."""
    name = name or "index.html"
    suffix = name[name.rfind(".") :] if "." in name else ""
    if "/" in name or "\\" in name or name.startswith(".") or suffix not in TYPES:
        return None
    file = resources.files(__package__).joinpath("static", name)
    if not file.is_file():
        return None
    return file.read_bytes(), TYPES[suffix]
