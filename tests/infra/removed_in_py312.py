"""Standard-library modules, names and keyword arguments that Python 3.12 removed, and an `ast`
walk that finds their use in source that runs on 3.11 (the test suite) but ships to 3.12 (Lambda).

Taken from "What's New In Python 3.12", Removed; each entry was checked present in CPython 3.11
and absent in 3.12. Deprecated-but-present names (unittest.findTestCases, re.template, ...) go
in 3.13 and are not listed. Attribute uses are found when the module is named in the file
(`ssl.wrap_socket`, `import ssl as s; s.wrap_socket`, `from ssl import wrap_socket`); a call on
an instance (`smtp.starttls(keyfile=...)`) is not resolved.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

REMOVED_MODULES = frozenset({"asynchat", "asyncore", "distutils", "imp", "smtpd"})
REMOVED_NAMES = frozenset(
    {
        "configparser.SafeConfigParser",
        "configparser.RawConfigParser.readfp",
        "configparser.ConfigParser.readfp",
        "importlib.find_loader",
        "importlib.abc.Finder",
        "importlib.util.module_for_loader",
        "importlib.util.set_loader",
        "importlib.util.set_package",
        "io.OpenWrapper",
        "locale.format",
        "pkgutil.ImpImporter",
        "pkgutil.ImpLoader",
        "sqlite3.OptimizedUnicode",
        "sqlite3.enable_shared_cache",
        "ssl.RAND_pseudo_bytes",
        "ssl.match_hostname",
        "ssl.wrap_socket",
        "unittest._TextTestResult",
        "zipimport.zipimporter.find_loader",
        "zipimport.zipimporter.find_module",
    }
)
# unittest.TestCase aliases removed in 3.12: distinctive enough to flag on any object.
REMOVED_METHODS = frozenset(
    {
        "assertAlmostEquals",
        "assertDictContainsSubset",
        "assertEquals",
        "assertNotAlmostEquals",
        "assertNotEquals",
        "assertNotRegexpMatches",
        "assertRaisesRegexp",
        "assertRegexpMatches",
        "assert_",
        "failIf",
        "failIfAlmostEqual",
        "failIfEqual",
        "failUnless",
        "failUnlessAlmostEqual",
        "failUnlessEqual",
        "failUnlessRaises",
        "readfp",
    }
)
# Constructors whose key/cert file arguments 3.12 removed (an SSLContext replaces them).
REMOVED_KEYWORDS: dict[str, frozenset[str]] = {
    "ftplib.FTP_TLS": frozenset({"keyfile", "certfile"}),
    "imaplib.IMAP4_SSL": frozenset({"keyfile", "certfile"}),
    "poplib.POP3_SSL": frozenset({"keyfile", "certfile"}),
    "smtplib.SMTP_SSL": frozenset({"keyfile", "certfile"}),
    "http.client.HTTPSConnection": frozenset({"key_file", "cert_file", "check_hostname"}),
}
_DYNAMIC_IMPORTS = frozenset({"__import__", "importlib.import_module"})


@dataclass(frozen=True)
class RemovedUse:
    filename: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}: {self.what} (removed in Python 3.12)"


def _removed_module(dotted: str) -> bool:
    return dotted.split(".")[0] in REMOVED_MODULES


class _Finder(ast.NodeVisitor):
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.bound: dict[str, str] = {}  # local name -> the dotted module or name it stands for
        self.found: list[RemovedUse] = []

    def _report(self, node: ast.AST, what: str) -> None:
        self.found.append(RemovedUse(self.filename, getattr(node, "lineno", 0), what))

    def _qualified(self, node: ast.expr) -> str | None:
        """`s.wrap_socket` -> "ssl.wrap_socket" when `s` is bound to ssl by an import here."""
        if isinstance(node, ast.Name):
            return self.bound.get(node.id)
        if isinstance(node, ast.Attribute):
            owner = self._qualified(node.value)
            return f"{owner}.{node.attr}" if owner else None
        return None

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if _removed_module(alias.name):
                self._report(node, f"import {alias.name}")
            if alias.asname:
                self.bound[alias.asname] = alias.name
            else:
                top = alias.name.split(".")[0]
                self.bound[top] = top

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        if node.level == 0 and _removed_module(module):
            self._report(node, f"from {module} import ...")
        elif node.level == 0:
            for alias in node.names:
                dotted = f"{module}.{alias.name}"
                if dotted in REMOVED_NAMES:
                    self._report(node, f"from {module} import {alias.name}")
                self.bound[alias.asname or alias.name] = dotted

    def visit_Attribute(self, node: ast.Attribute) -> None:
        dotted = self._qualified(node)
        if dotted in REMOVED_NAMES:  # a removed module's attributes: its import is reported
            self._report(node, dotted)
        elif node.attr in REMOVED_METHODS:
            self._report(node, f".{node.attr}")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        called = self._qualified(node.func) or (node.func.id if isinstance(node.func, ast.Name) else None)
        if called in _DYNAMIC_IMPORTS and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and _removed_module(first.value):
                self._report(node, f"{called}({first.value!r})")
        removed_keywords = REMOVED_KEYWORDS.get(called or "", frozenset())
        for keyword in node.keywords:
            if keyword.arg in removed_keywords:
                self._report(node, f"{called}({keyword.arg}=...)")
        self.generic_visit(node)


def removed_uses(source: str, filename: str = "<source>") -> list[RemovedUse]:
    """Uses of what 3.12 removed; the source is parsed with the 3.12 grammar."""
    tree = ast.parse(source, filename=filename, feature_version=(3, 12))
    finder = _Finder(filename)
    finder.visit(tree)
    return finder.found
