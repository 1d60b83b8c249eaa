"""Screenshots of the memory inspector for docs/inspector/: the whole local stack in-process
(DynamoDB Local, no keys), a demo user's sessions and memories in four languages, each view in
headless Chromium at 1280×800 and the memories view at phone width.

Usage: .venv/bin/python scripts/inspector_screenshots.py [--out docs/inspector]
(CJK text needs a CJK font in the browser: Debian's fonts-noto-cjk.)
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

import requests

from engram.local import tokens
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.local.stack import start_stack

REPO = Path(__file__).resolve().parents[1]
USER = "demo-user"
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"]
TURNS = [
    ("nurse", "morning", "我今天早上有點喘，吸了藥之後好一點。", "聽起來藥有幫助，記得多休息。"),
    ("nurse", "morning", "我的貓叫做麻糬，牠最喜歡鮪魚。", "麻糬真可愛！"),
    ("nurse", "evening", "夜は少し咳が出ました。", "お大事に。水分をとってくださいね。"),
    ("coach", "run", "I ran 5 km this morning and my knee hurts a bit.", "Rest it today and ice it."),
    ("coach", "run", "다음 달에 하프 마라톤에 나가요.", "멋져요! 훈련 계획을 세워 볼까요?"),
]


def seed(url: str, settings: object) -> None:
    h = {"authorization": f"Bearer {tokens.mint(settings, USER)}"}  # type: ignore[arg-type]

    def api(method: str, path: str, body: object = None) -> dict:  # type: ignore[type-arg]
        r = requests.request(method, url + path, json=body, headers=h, timeout=60)
        r.raise_for_status()
        return dict(r.json())

    for persona, session, user, assistant in TURNS:
        api("POST", f"/v1/personas/{persona}/sessions/{session}/turns", {"user": user, "assistant": assistant})
    api("POST", "/v1/personas/coach/sessions/run/end")
    api("POST", "/v1/memories", {"persona_id": "nurse", "summary": "對盤尼西林過敏", "type": "fact", "pinned": True})
    api("POST", "/v1/memories", {"persona_id": "nurse", "summary": "緑茶が好きです", "type": "preference"})
    old = api("POST", "/v1/memories", {"persona_id": "nurse", "summary": "Used to smoke", "type": "fact"})
    api("POST", f"/v1/memories/{old['memory']['memory_id']}/archive")
    deadline = time.monotonic() + 60
    while not api("GET", "/v1/memories/search?q=%E9%BA%BB%E7%B3%AC")["results"] and time.monotonic() < deadline:
        time.sleep(0.5)


def shoot(url: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"{url}/inspector")
        page.fill("#signin-user", USER)
        page.click("#signin-button")
        page.wait_for_selector(f"text=Signed in as {USER}")

        def view(name: str) -> None:
            page.click(f"#tab-{name}")
            page.wait_for_selector(f'#panel[data-view="{name}"][data-ready="true"]')

        view("sessions")
        page.click('#session-list button[data-session-id="morning"]')
        page.wait_for_selector("#session-rounds li")
        page.screenshot(path=str(out / "sessions.png"))
        view("memories")
        page.locator("#memory-list button.item").first.click()
        page.wait_for_selector("#memory-detail")
        page.screenshot(path=str(out / "memories.png"))
        view("timeline")
        page.screenshot(path=str(out / "timeline.png"))
        view("context")
        page.fill("#main input[name=persona]", "nurse")
        page.fill("#main textarea[name=question]", "我的貓叫什麼名字？牠喜歡吃什麼？")
        page.click("#preview")
        page.wait_for_selector("#blocks")
        page.screenshot(path=str(out / "context.png"), full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
        view("memories")
        page.screenshot(path=str(out / "memories-phone.png"))
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(REPO / "docs" / "inspector"))
    args = parser.parse_args()
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="engram-shots-"))
    os.chdir(work)
    os.environ["ENGRAM_LOCAL_INDEX_DIR"] = str(work / "index")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    stack = start_stack(port=0, ddb_endpoint=ddb.endpoint, line_port=0)
    try:
        seed(stack.url, stack.settings)
        shoot(stack.url, out)
    finally:
        stack.stop()
        ddb.stop()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
