"""The memory inspector in a real headless browser (Debian's Chromium, driven by Playwright)
against the whole local stack (`make run` in-process): every view loads, an edit round-trips
through the API, the context preview matches the API, the export downloads, an erasure receipt
shows; at 1280×800 and at phone width; labelled controls, keyboard tabs, no console errors."""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import requests

from engram.local import tokens
from engram.local.stack import start_stack

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
USER = "inspect-user"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists() and os.environ.get("ENGRAM_REQUIRE_BROWSER") != "1",
    reason="Chromium is not installed (make bootstrap installs Debian's chromium)",
)


@dataclass
class Site:
    url: str
    settings: Any

    def api(self, method: str, path: str, body: Any = None, user: str = USER) -> Any:
        headers = {"authorization": f"Bearer {tokens.mint(self.settings, user)}"}
        r = requests.request(method, self.url + path, json=body, headers=headers, timeout=30)
        assert r.status_code < 300, (r.status_code, r.text)
        return r.json()


def _wait(check: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


@pytest.fixture(scope="module")
def site(ddb_endpoint: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    work = tmp_path_factory.mktemp("inspector")
    saved = {k: os.environ.get(k) for k in ("ENGRAM_LOCAL_INDEX_DIR", "ENGRAM_TABLE_NAME")}
    cwd = Path.cwd()
    os.chdir(work)
    os.environ["ENGRAM_LOCAL_INDEX_DIR"] = str(work / "index")
    os.environ["ENGRAM_TABLE_NAME"] = f"engram-inspector-{os.getpid()}"
    stack = start_stack(port=0, ddb_endpoint=ddb_endpoint, line_port=0)
    try:
        site = Site(stack.url, stack.settings)
        _seed(site)
        yield site
    finally:
        stack.stop()
        os.chdir(cwd)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _seed(site: Site) -> None:
    """Two sessions in two languages, memories of every kind the filters tell apart."""
    for persona, session, user_text in (
        ("nurse", "morning", "我今天早上有點喘，吸了藥之後好一點。"),
        ("nurse", "morning", "我的貓叫做麻糬，牠最喜歡鮪魚。"),
        ("coach", "run", "I ran 5 km this morning and my knee hurts a bit."),
    ):
        site.api("POST", f"/v1/personas/{persona}/sessions/{session}/turns", {"user": user_text, "assistant": "好的。"})
    site.api("POST", "/v1/personas/coach/sessions/run/end")
    allergy = {"persona_id": "nurse", "summary": "對盤尼西林過敏", "type": "fact", "pinned": True}
    site.api("POST", "/v1/memories", allergy)
    site.api("POST", "/v1/memories", {"persona_id": "nurse", "summary": "緑茶が好きです", "type": "preference"})
    old = site.api("POST", "/v1/memories", {"persona_id": "nurse", "summary": "Used to smoke", "type": "fact"})
    site.api("POST", f"/v1/memories/{old['memory']['memory_id']}/archive")
    # the stream poller indexes memories a moment after they are written
    _wait(
        lambda: bool(site.api("GET", "/v1/memories/search?q=%E9%BA%BB%E7%B3%AC")["results"]),
        "the cat's memory to be searchable",
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, site: Site) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"{site.url}/inspector")
    page.fill("#signin-user", USER)
    page.click("#signin-button")
    page.wait_for_selector(f"text=Signed in as {USER}")
    yield page
    context.close()
    # the browser logs every 4xx answer; the ones the tests cause on purpose (a deleted memory's
    # 404, a stale edit's 409) are the API's answers shown in the page, not errors of the page
    expected = ("status of 404", "status of 409")
    assert not [p for p in problems if not any(e in p for e in expected)], problems


def _until(check: Callable[[], bool], what: str) -> None:
    """Poll from Python: the page's CSP (script-src 'self') forbids the string evaluation that
    Playwright's wait_for_function uses, and the test keeps that CSP on."""
    _wait(check, what, timeout=15)


def _list_text(page: Any) -> str:
    return str(page.text_content("#memory-list") or "")


def _view(page: Any, name: str) -> None:
    page.click(f"#tab-{name}")
    page.wait_for_selector(f'#panel[data-view="{name}"][data-ready="true"]')
    assert page.is_hidden("#error"), page.text_content("#error")


def test_sessions_view_shows_state_summary_rounds_and_session_memories(page: Any, site: Site) -> None:
    _view(page, "sessions")
    items = page.locator("#session-list button.item")
    assert items.count() == 2
    page.click('#session-list button[data-session-id="morning"]')
    page.wait_for_selector("#session-rounds li")
    rounds = page.text_content("#session-rounds")
    assert "麻糬" in rounds and "吸了藥" in rounds  # the user's own language, as stored
    assert "ACTIVE" in page.text_content("#session-detail")
    page.click('#session-list button[data-session-id="run"]')
    page.wait_for_selector("text=Session memories (1)")
    assert "ENDED" in page.text_content("#session-detail")


def test_memories_view_filters_and_shows_every_detail(page: Any, site: Site) -> None:
    _view(page, "memories")
    page.wait_for_selector("#memory-list li")
    everything = page.locator("#memory-list button.item").count()
    assert everything >= 3

    page.select_option("#main select[name=type]", "preference")
    page.click("#apply-filters")
    _until(lambda: page.locator("#memory-list li").count() == 1 and "緑茶" in _list_text(page), "preferences")

    page.select_option("#main select[name=type]", "")
    page.select_option("#main select[name=status]", "archived")
    page.click("#apply-filters")
    _until(lambda: "Used to smoke" in _list_text(page), "the archived memory")
    assert page.locator("#memory-list li").count() == 1

    page.select_option("#main select[name=status]", "")
    page.select_option("#main select[name=pinned]", "true")
    page.click("#apply-filters")
    _until(
        lambda: (
            "盤尼西林" in _list_text(page)
            and page.locator("#memory-list li").count() == page.locator("#memory-list .badge.pinned").count()
        ),
        "only pinned memories",
    )

    page.select_option("#main select[name=pinned]", "")
    page.fill("#main input[name=q]", "麻糬")
    page.click("#apply-filters")
    _until(lambda: "麻糬" in _list_text(page), "the search hit")

    page.locator("#memory-list button.item").first.click()
    page.wait_for_selector("#memory-detail")
    detail = page.text_content("#memory-detail")
    for label in ("effective now", "accesses", "version", "PII flags", "valid", "superseded by", "source rounds"):
        assert label in detail, label
    assert page.locator("#lifecycle, #memory-detail >> text=No lifecycle events yet.").count() >= 1


def test_an_edit_round_trips_through_the_api(page: Any, site: Site) -> None:
    created = site.api("POST", "/v1/memories", {"persona_id": "nurse", "summary": "Walks the dog at 7", "type": "fact"})
    memory_id = created["memory"]["memory_id"]
    _view(page, "memories")
    page.click(f'#memory-list button[data-memory-id="{memory_id}"]')
    page.wait_for_selector(f'#memory-detail[data-memory-id="{memory_id}"]')

    page.fill("#memory-detail textarea[name=content]", "每天早上七點遛狗")
    page.fill("#memory-detail input[name=importance]", "0.8")
    page.click("#save-memory")
    _until(lambda: page.text_content("#memory-content") == "每天早上七點遛狗", "the saved content")
    stored = site.api("GET", f"/v1/memories/{memory_id}")["memory"]
    assert stored["content"] == "每天早上七點遛狗" and stored["importance"] == 0.8 and stored["version"] == 2

    page.click("#pin-memory")
    page.wait_for_selector("#memory-detail >> text=Unpin")
    assert site.api("GET", f"/v1/memories/{memory_id}")["memory"]["pinned"] is True

    page.click("#archive-memory")
    page.wait_for_selector("#restore-memory")
    assert site.api("GET", f"/v1/memories/{memory_id}")["memory"]["status"] != "active"
    page.click("#restore-memory")
    page.wait_for_selector("#archive-memory")
    assert site.api("GET", f"/v1/memories/{memory_id}")["memory"]["status"] == "active"

    page.click("#delete-memory")
    page.wait_for_selector("#delete-memory >> text=Confirm delete")
    page.click("#delete-memory")
    page.wait_for_selector("#memory-gone")
    headers = {"authorization": f"Bearer {tokens.mint(site.settings, USER)}"}
    assert requests.get(f"{site.url}/v1/memories/{memory_id}", headers=headers, timeout=30).status_code == 404


def test_a_stale_edit_is_refused_with_the_apis_conflict(page: Any, site: Site) -> None:
    body = {"persona_id": "nurse", "summary": "Likes jasmine", "type": "preference"}
    created = site.api("POST", "/v1/memories", body)
    memory_id = created["memory"]["memory_id"]
    _view(page, "memories")
    page.click(f'#memory-list button[data-memory-id="{memory_id}"]')
    page.wait_for_selector(f'#memory-detail[data-memory-id="{memory_id}"]')
    site.api("PATCH", f"/v1/memories/{memory_id}", {"version": 1, "importance": 0.3})  # someone else, first
    page.fill("#memory-detail textarea[name=content]", "Likes oolong")
    page.click("#save-memory")
    page.wait_for_selector("#memory-detail >> text=CONFLICT")
    assert site.api("GET", f"/v1/memories/{memory_id}")["memory"]["content"] == "Likes jasmine"


def test_timeline_groups_by_year_and_month_with_quick_filters(page: Any, site: Site) -> None:
    _view(page, "timeline")
    page.wait_for_selector("#timeline h3")
    year = time.strftime("%Y", time.gmtime())
    assert page.text_content("#timeline h3") == year
    assert time.strftime("%Y-%m", time.gmtime()) in page.text_content("#timeline h4")
    page.click("#main [aria-label='Quick filters'] >> text=preference")
    _until(
        lambda: {b for b in page.locator("#timeline .badge").all_text_contents()} & {"fact", "todo"} == set(),
        "only preferences",
    )


def test_context_preview_matches_the_api(page: Any, site: Site) -> None:
    question = "我的貓叫什麼名字？牠喜歡吃什麼？"
    _view(page, "context")
    page.fill("#main input[name=persona]", "nurse")
    page.fill("#main input[name=session]", "preview")
    page.fill("#main textarea[name=question]", question)
    page.click("#preview")
    page.wait_for_selector("#blocks")
    api = site.api("POST", "/v1/personas/nurse/sessions/preview/context", {"message": question})
    assert page.text_content("#gate .badge") == api["gate"]["decision"]
    assert f"{api['total_tokens']} of {api['max_tokens']} tokens" in page.text_content("#total-tokens")
    for block in api["blocks"]:
        cell = page.text_content(f'#blocks tr[data-block="{block["name"]}"] td.tokens')
        assert cell == str(block["tokens"]), block
    shown = page.eval_on_selector_all("#used-memories tr[data-memory-id]", "rows => rows.map(r => r.dataset.memoryId)")
    assert shown == [m["memory_id"] for m in api["memories"]]
    assert api["gate"]["decision"] == "USE" and any("麻糬" in m["preview"] for m in api["memories"])


def test_privacy_export_downloads_and_an_erasure_receipt_shows(page: Any, site: Site, tmp_path: Path) -> None:
    _view(page, "privacy")
    with page.expect_download() as download:
        page.click("#download-export")
    path = tmp_path / "export.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["user_id"] == USER and exported["counts"]

    leaving = "leaving-user"
    site.api("POST", "/v1/personas/nurse/sessions/s1/turns", {"user": "bye", "assistant": "bye"}, user=leaving)
    created = site.api("POST", "/v1/me/erasure", {"scope": "all"}, user=leaving)
    request_id = created["request_id"]
    site.api("POST", f"/v1/me/erasure/{request_id}/confirm", {"token": created["confirmation_token"]}, user=leaving)
    _wait(
        lambda: site.api("GET", f"/v1/me/erasure/{request_id}", user=leaving)["state"] == "completed",
        "the erasure to complete",
        timeout=60,
    )
    page.fill("#signin-user", leaving)
    page.click("#signin-button")
    page.wait_for_selector(f"text=Signed in as {leaving}")
    _view(page, "privacy")
    page.fill("#main input[name=request]", request_id)
    page.click("#show-receipt")
    page.wait_for_selector("#receipt-json")
    receipt = json.loads(page.text_content("#receipt-json"))
    assert receipt == site.api("GET", f"/v1/me/erasure/{request_id}", user=leaving)["receipt"]


def test_the_event_feed_shows_the_users_memory_changes_and_no_content(page: Any, site: Site) -> None:
    made = site.api("POST", "/v1/memories", {"persona_id": "nurse", "summary": "Feeds the heron on Fridays"})
    memory_id = made["memory"]["memory_id"]
    site.api("POST", f"/v1/memories/{memory_id}/archive")
    archived = f'#event-feed li[data-type="memory.archived"]:has-text("{memory_id}")'

    def shown() -> bool:
        page.click("#refresh-events")
        return page.locator(archived).count() == 1

    _view(page, "events")
    _until(shown, "the archive's event in the feed")
    feed = str(page.text_content("#event-feed"))
    assert memory_id in feed and "memory.created" in feed and "heron" not in feed
    other = site.api("GET", "/local/events", user="someone-else")
    assert memory_id not in json.dumps(other)  # a user sees their own events only


@pytest.mark.parametrize("width", [1280, 390])
def test_every_view_fits_the_screen_and_every_control_is_labelled(page: Any, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 800 if width > 500 else 844})
    for name in ("sessions", "memories", "timeline", "context", "privacy", "events"):
        _view(page, name)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, (name, width, overflow)
        unlabelled = page.evaluate(
            """[...document.querySelectorAll('input, select, textarea')]
                 .filter(c => c.type !== 'hidden' && !c.closest('[hidden]'))
                 .filter(c => !(c.labels && c.labels.length) && !c.getAttribute('aria-label'))
                 .map(c => c.name || c.id)"""
        )
        assert unlabelled == [], (name, unlabelled)


def test_tabs_work_from_the_keyboard(page: Any) -> None:
    _view(page, "sessions")
    page.focus("#tab-sessions")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#panel[data-view="memories"][data-ready="true"]')
    assert page.evaluate("document.activeElement.id") == "tab-memories"
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('#panel[data-view="sessions"][data-ready="true"]')


def test_the_page_holds_no_data_and_forbids_inline_code(site: Site) -> None:
    r = requests.get(f"{site.url}/inspector", timeout=30)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert USER not in r.text
    for name in ("app.js", "api.js", "views.js", "dom.js", "style.css"):
        assert requests.get(f"{site.url}/inspector/{name}", timeout=30).status_code == 200
    for bad in ("../handler.py", "__init__.py", "nope.js", "%2e%2e%2fsettings.py"):
        assert requests.get(f"{site.url}/inspector/{bad}", timeout=30).status_code == 404


def test_a_pasted_token_signs_in_with_enter(page: Any, site: Site) -> None:
    other = "token-user"
    site.api("POST", "/v1/personas/nurse/sessions/only-mine/turns", {"user": "hello", "assistant": "hi"}, user=other)
    page.fill("#token", tokens.mint(site.settings, other))
    page.press("#token", "Enter")
    page.wait_for_selector(f"text=Signed in as {other}")
    _view(page, "sessions")
    assert [s.get_attribute("data-session-id") for s in page.locator("#session-list button.item").all()] == [
        "only-mine"
    ]


CONTRAST = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const low = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length || el.closest("[hidden]")) continue;
    const style = getComputedStyle(el);
    const [a, b] = [lum(rgb(style.color)), lum(background(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && style.fontWeight >= 700);
    const text = el.textContent.trim().slice(0, 30);
    if (ratio < (large ? 3 : 4.5)) low.push(`${el.tagName}.${el.className} ${ratio.toFixed(2)}: ${text}`);
  }
  return low;
}"""


def test_every_views_text_has_sufficient_contrast(page: Any) -> None:
    """WCAG AA: 4.5:1 for text, 3:1 for large text, against the background the text sits on."""
    for name in ("sessions", "memories", "timeline", "context", "privacy"):
        _view(page, name)
        assert page.evaluate(CONTRAST) == [], name
