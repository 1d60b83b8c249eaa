"""W4 / P7: a LINE user's identity and rights. Ids are LINE's formats and namespaced
("line:U…"), so a signed event can never write into a reserved owner's or an API user's memory;
dedup is per channel + webhookEventId; stale events are acknowledged and dropped; a group member
who hides their id is nobody's memory. "Delete my data" in the chat asks to confirm and answers
with the receipt's summary; the channel's backend erases and exports the LINE user through the
backend routes of the channel's tenant. The real webhook handler, the local queue delivery, the
line worker and the Messaging API stand-in throughout."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engram.adapters.lambda_context import LocalContext
from engram.kernel.clock import ManualClock
from engram.kernel.keys import OwnerKey, SessionKey
from engram.line import samples
from engram.line.channels import LOCAL_SECRET
from engram.line.signature import sign
from engram.local.apigw import build_event
from engram.local.line_standin import LineStandIn
from engram.settings import LineChannelConfig, Settings
from functions.api.handler import lambda_handler as api_handler
from functions.line_webhook import handler as webhook_handler
from tests.integration.test_line import Line, _line
from tests.support.indexing import sync_index

EVENTS = Path(__file__).parents[2] / "events" / "line"
USER = "U4af4980629e1b8f7c2d9a0b1c3e5f7a9"
OTHER = "U9b8a7c6d5e4f30211a2b3c4d5e6f7a8b"
GROUP = "C1a2b3c4d5e6f708192a3b4c5d6e7f809"
CLINIC = LineChannelConfig(id="respira-copd", tenant="respira", persona="copd-care", language="zh-TW")


@pytest.fixture
def standin() -> Iterator[LineStandIn]:
    s = LineStandIn().start()
    yield s
    s.stop()


@pytest.fixture
def line(make_container: Any, settings: Settings, standin: LineStandIn) -> Iterator[Line]:
    for wired in _line(make_container, settings, standin, line_channels=(CLINIC,)):
        wired.c.erasure_trigger = lambda: None  # the worker runs the erasure itself, deterministically
        yield wired


def _at(clock: ManualClock, event: dict[str, Any], age_s: float = 0.0) -> dict[str, Any]:
    return {**event, "timestamp": int((clock.now() - age_s) * 1000)}


def _post(line: Line, channel: str, *events: dict[str, Any]) -> dict[str, Any]:
    body = samples.body(list(events))
    event = {
        "version": "2.0",
        "rawPath": f"/line/webhook/{channel}",
        "headers": {"content-type": "application/json", "x-line-signature": sign(LOCAL_SECRET, body)},
        "body": body.decode(),
        "isBase64Encoded": False,
        "requestContext": {"http": {"method": "POST", "path": f"/line/webhook/{channel}"}},
    }
    answer = webhook_handler.lambda_handler(event, LocalContext())
    return {"status": answer["statusCode"], **json.loads(answer["body"])}


def _turns(line: Line, tenant: str, user: str, persona: str = "line", session: str = "line") -> list[str]:
    snapshot = line.c.conversation.store.load(SessionKey(tenant, user, persona, session), 20, line.c.clock.now())
    return [t.user_text for t in snapshot.recent]


def _text(clock: ManualClock, user: str, words: str, token: str | None = None, **src: str) -> dict[str, Any]:
    return _at(clock, samples.text(samples.source(user, **src), words, token))


# --- identities ---------------------------------------------------------------------------------


@pytest.mark.parametrize("user_id", ["_kb", "U1\n", "U" + "A" * 32, "U" + "a" * 32 + "\n", "line:U" + "a" * 32])
def test_an_id_not_of_lines_format_is_acknowledged_and_never_stored(
    line: Line, clock: ManualClock, user_id: str
) -> None:
    answer = _post(line, "local", _text(clock, user_id, "I am allergic to penicillin.", "t"))
    assert answer == {"status": 200, "queued": 0, "duplicates": 0, "ignored": 1}
    for owner in (user_id, user_id.strip(), f"line:{user_id}"):
        assert not _turns(line, "default", owner)
    assert not line.c.memory_service.list(OwnerKey("default", "_kb")).items
    assert not line.sent


def test_a_line_user_is_stored_in_lines_namespace(line: Line, clock: ManualClock) -> None:
    _post(line, "local", _text(clock, USER, "我今天早上有點喘。", line.standin.state.issue_reply_token()))
    assert _turns(line, "default", f"line:{USER}") == ["我今天早上有點喘。"]
    assert not _turns(line, "default", USER)  # never the bare id an API token could carry


def test_a_group_or_room_id_not_of_lines_format_is_ignored(line: Line, clock: ManualClock) -> None:
    bad = [
        _text(clock, USER, "hi", group_id="C" + "0" * 31),
        _text(clock, USER, "hi", room_id="_kb"),
        _text(clock, USER, "hi", group_id="R" + "0" * 32),
    ]
    assert _post(line, "local", *bad)["ignored"] == 3


def test_an_event_older_than_the_limit_is_acknowledged_dropped_and_counted(line: Line, clock: ManualClock) -> None:
    old = _at(clock, samples.text(samples.source(USER), "thirty days ago", "t"), age_s=30 * 86_400)
    just = _at(clock, samples.text(samples.source(OTHER), "a minute ago", "u"), age_s=60)
    answer = _post(line, "local", old, just)
    assert answer == {"status": 200, "queued": 1, "duplicates": 0, "ignored": 1}
    assert line.c.metrics.total("line_event_stale") == 1  # type: ignore[attr-defined]
    assert not _turns(line, "default", f"line:{USER}")
    assert _turns(line, "default", f"line:{OTHER}") == ["a minute ago"]


def test_dedup_is_per_channel_and_webhook_event_id(line: Line, clock: ManualClock) -> None:
    token = line.standin.state.issue_reply_token
    first = _text(clock, USER, "早安", token())
    # the same webhookEventId in another channel is another event: both run
    assert _post(line, "local", first)["queued"] == 1
    assert _post(line, CLINIC.id, {**first, "replyToken": token()})["queued"] == 1
    assert _turns(line, "default", f"line:{USER}") == ["早安"]
    assert _turns(line, "respira", f"line:{USER}", "copd-care") == ["早安"]
    # replayed in one channel under another user's id: the same event, not a second turn
    replayed = {**first, "source": samples.source(OTHER), "replyToken": token()}
    assert _post(line, "local", replayed) == {"status": 200, "queued": 0, "duplicates": 1, "ignored": 0}
    assert not _turns(line, "default", f"line:{OTHER}")


def test_a_group_member_without_an_id_gets_no_memory_and_nobody_elses(line: Line, clock: ManualClock) -> None:
    token = line.standin.state.issue_reply_token
    # a member with an id tells the group something about themself
    _post(line, "local", _text(clock, USER, "I am allergic to penicillin.", token(), group_id=GROUP))
    hidden = {"type": "group", "groupId": GROUP}  # LINE left the userId out
    ask = _at(
        clock, samples.event("message", hidden, token(), message={"type": "text", "id": "88", "text": "我對什麼過敏？"})
    )
    _post(line, "local", ask)
    reply = line.sent[-1].texts
    assert len(reply) == 1 and "ID" in reply[0] and "penicillin" not in reply[0]
    assert line.c.metrics.total("line_anonymous_member") == 1  # type: ignore[attr-defined]
    for owner in (GROUP, f"line:{GROUP}", "line:None"):  # the old code kept it under the group id
        assert not _turns(line, "default", owner, session=f"line-group-{GROUP}")


def test_a_deeply_nested_signed_body_is_400_with_a_code(line: Line) -> None:
    body = b'{"destination": "x", "events": [{"type": "message", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}]}"
    answer = line.post(body)
    assert answer["statusCode"] == 400 and json.loads(answer["body"])["error"]["code"] == "JSON_TOO_DEEP"


# --- API ids against LINE's namespace ------------------------------------------------------------


def _api(method: str, path: str, body: Any = None, **who: Any) -> tuple[int, dict[str, Any]]:
    raw = json.dumps(body).encode() if body is not None else None
    headers = {"content-type": "application/json", **who.pop("headers", {})}
    result = api_handler(build_event(method, path, headers, raw, **who), LocalContext())
    return int(result["statusCode"]), json.loads(result["body"] or "{}")


def test_an_end_users_token_cannot_name_a_line_user(line: Line, clock: ManualClock) -> None:
    _post(line, "local", _text(clock, USER, "I am allergic to penicillin.", line.standin.state.issue_reply_token()))
    for sub in (f"line:{USER}", f"LINE:{USER}", "line:anything"):
        status, answer = _api("GET", "/v1/memories", claims={"sub": sub})
        assert status == 403 and answer["error"]["code"] == "FORBIDDEN", (sub, answer)
    # a backend names a LINE user in LINE's format only
    assert _api("GET", "/v1/users/line:U1/memories", iam_caller="local-backend")[0] == 400
    assert _api("GET", f"/v1/users/line:{USER}/memories", iam_caller="local-backend")[0] == 200


# --- rights: "delete my data" in the chat --------------------------------------------------------

RESPIRA = OwnerKey("respira", f"line:{USER}")
RECEIPT = re.compile(r"er-[0-9a-f]{32}")


def _say(line: Line, clock: ManualClock, words: str, channel: str = CLINIC.id) -> list[str]:
    """One signed text from USER through the webhook and the worker: what the bot sent back."""
    before = len(line.sent)
    assert _post(line, channel, _text(clock, USER, words, line.standin.state.issue_reply_token()))["queued"] == 1
    return [t for s in line.sent[before:] for t in s.texts]


def _memories(line: Line, owner: OwnerKey = RESPIRA) -> list[Any]:
    return list(line.c.memory_service.list(owner).items)


def test_seed_000_zh_tw_delete_my_data_is_confirmed_and_answered_with_the_receipt(
    line: Line, clock: ManualClock
) -> None:
    """Seed 000 (the COPD care bot on LINE, zh-TW): the patient tells the bot about their health,
    then asks it to delete their data, confirms, and hears what was deleted; nothing of theirs is
    left in the channel's tenant, and the receipt is the privacy feature's."""
    _say(line, clock, "我有慢性阻塞性肺病，對盤尼西林過敏。")
    _say(line, clock, "我今天早上走路的時候有點喘，吸了藥好一點。")
    assert _memories(line) and len(_turns(line, "respira", f"line:{USER}", "copd-care")) == 2
    ask = _say(line, clock, "刪除我的資料")
    assert len(ask) == 1 and "確認刪除" in ask[0] and "5 分鐘" in ask[0]
    assert _memories(line)  # asking deletes nothing
    done = _say(line, clock, "確認刪除")
    assert done[0].startswith("正在刪除") and done[1].startswith("你的資料已刪除")
    request_id = RECEIPT.search(done[1]).group(0)  # type: ignore[union-attr]
    assert not _memories(line) and not _turns(line, "respira", f"line:{USER}", "copd-care")
    request, _ = line.c.erasure_job.requests.get("respira", request_id)  # type: ignore[misc]
    assert request.state.value == "completed" and request.requested_by == f"line:{CLINIC.id}|zh"
    assert request.receipt is not None and request.receipt["stores"]["memories"]["remaining"] == 0
    deleted = sum(s["deleted"] for s in request.receipt["stores"].values())  # type: ignore[union-attr]
    assert f"刪除 {deleted} 筆" in done[1]
    # the chat goes on afterwards, in an empty life
    assert _say(line, clock, "早安") and _turns(line, "respira", f"line:{USER}", "copd-care") == ["早安"]


@pytest.mark.parametrize(
    ("ask", "confirm", "asked", "told"),
    [
        ("delete my data", "Confirm", '"confirm"', "Your data has been deleted"),
        ("データを削除", "削除する", "削除する", "データを削除しました"),
        ("내 데이터 삭제", "삭제 확인", "삭제 확인", "데이터를 삭제했어요"),
    ],
)
def test_delete_my_data_in_the_users_language(
    line: Line, clock: ManualClock, ask: str, confirm: str, asked: str, told: str
) -> None:
    _say(line, clock, "I am allergic to penicillin.")
    assert asked in _say(line, clock, ask)[0]
    assert told in _say(line, clock, confirm)[-1]
    assert not _memories(line)


def test_anything_but_a_confirmation_cancels_and_is_answered(line: Line, clock: ManualClock) -> None:
    _say(line, clock, "我對盤尼西林過敏。")
    _say(line, clock, "刪除我的資料")
    answer = _say(line, clock, "我今天血氧 95。")
    assert answer[0] == "已取消，沒有刪除任何資料。" and len(answer) >= 2  # and the turn's own reply
    assert _memories(line)
    assert "我今天血氧 95。" in _turns(line, "respira", f"line:{USER}", "copd-care")
    assert not _say(line, clock, "確認刪除")[0].startswith("正在刪除")  # nothing waits any more
    assert _memories(line)


def test_a_confirmation_after_the_time_limit_erases_nothing(line: Line, clock: ManualClock) -> None:
    _say(line, clock, "我對盤尼西林過敏。")
    _say(line, clock, "刪除我的資料")
    clock.advance(line.c.settings.line_erasure_confirm_s + 1)
    assert not _say(line, clock, "確認刪除")[0].startswith("正在刪除")
    assert _memories(line)


def test_the_postbacks_ask_and_confirm(line: Line, clock: ManualClock) -> None:
    _say(line, clock, "I am allergic to penicillin.")
    token = line.standin.state.issue_reply_token
    src = samples.source(USER)
    _post(
        line, CLINIC.id, _at(clock, samples.event("postback", src, token(), postback={"data": "action=erase_my_data"}))
    )
    assert '"confirm"' in line.sent[-1].texts[0]  # the user's language: of their last words
    _post(
        line, CLINIC.id, _at(clock, samples.event("postback", src, token(), postback={"data": "action=erase_confirm"}))
    )
    assert line.sent[-1].texts[0].startswith("Your data has been deleted")
    assert not _memories(line)


# --- rights: the channel's backend, in the channel's tenant --------------------------------------


@pytest.fixture
def respira_backend(make_container: Any, settings: Settings, standin: LineStandIn) -> Iterator[Line]:
    """The local backend bound to the channel's tenant as well as the default one (P7)."""
    bound = {"arn:aws:iam::000000000000:user/local-backend": ("default", "respira")}
    for wired in _line(make_container, settings, standin, line_channels=(CLINIC,), backend_principals=bound):
        wired.c.erasure_trigger = lambda: None
        yield wired


def _backend(method: str, path: str, body: Any = None, tenant: str = "respira") -> tuple[int, dict[str, Any]]:
    return _api(method, path, body, iam_caller="local-backend", headers={"X-Engram-Tenant": tenant})


def test_the_channels_backend_exports_and_erases_a_line_user_in_its_tenant(
    respira_backend: Line, clock: ManualClock
) -> None:
    line = respira_backend
    _say(line, clock, "我對盤尼西林過敏。")
    user = f"line:{USER}"
    status, export = _backend("GET", f"/v1/users/{user}/export")
    assert status == 200 and export["tenant_id"] == "respira" and export["user_id"] == user
    assert "盤尼西林" in json.dumps(export, ensure_ascii=False)
    status, other = _backend("GET", f"/v1/users/{user}/export", tenant="default")
    assert status == 200 and "盤尼西林" not in json.dumps(other, ensure_ascii=False)  # another tenant's user

    status, created = _backend("POST", f"/v1/users/{user}/erasure", {"scope": "all"})
    assert status == 201, created
    rid, token = created["request_id"], created["confirmation_token"]
    assert _backend("POST", f"/v1/users/{user}/erasure/{rid}/confirm", {"token": token})[0] == 200
    line.c.erasure_job.run()
    status, view = _backend("GET", f"/v1/users/{user}/erasure/{rid}")
    assert status == 200 and view["state"] == "completed"
    assert not _memories(line) and not _turns(line, "respira", user, "copd-care")
    assert "盤尼西林" not in json.dumps(_backend("GET", f"/v1/users/{user}/export")[1], ensure_ascii=False)


# --- rights: unfollow ------------------------------------------------------------------------------

LEAVING = CLINIC.model_copy(update={"erase_after_unfollow_s": 7 * 86_400})  # a week's grace


@pytest.fixture
def leaving(make_container: Any, settings: Settings, standin: LineStandIn) -> Iterator[Line]:
    for wired in _line(make_container, settings, standin, line_channels=(LEAVING,)):
        wired.c.erasure_trigger = lambda: None
        yield wired


def _erasure_schedule(line: Line) -> dict[str, Any]:
    """The erasure schedule's run (events/eventbridge/erasure.json) through the jobs handler."""
    from functions.jobs.handler import lambda_handler as jobs_handler

    sample = json.loads((EVENTS.parent / "eventbridge" / "erasure.json").read_text())
    return dict(jobs_handler(sample, LocalContext()))


def _follow(line: Line, clock: ManualClock, kind: str) -> None:
    sample = json.loads((EVENTS / f"{kind}.json").read_text())  # LINE's own shape, re-dated and re-sent
    (event,) = json.loads(sample["body"])["events"]
    event = _at(clock, {**event, "source": samples.source(USER), "webhookEventId": samples._ulid_like()})
    assert _post(line, LEAVING.id, event)["queued"] == 1


def test_an_unfollow_erases_the_user_after_the_channels_grace(leaving: Line, clock: ManualClock) -> None:
    line = leaving
    _say(line, clock, "我對盤尼西林過敏。", LEAVING.id)
    _follow(line, clock, "unfollow")
    meta = line.c.conversation.store.get_meta(SessionKey("respira", f"line:{USER}", "copd-care", "line"), clock.now())
    assert meta is not None and meta.status.value == "ENDED"
    clock.advance(7 * 86_400 - 60)
    assert _erasure_schedule(line)["unfollow_erasures_started"] == 0 and _memories(line)
    clock.advance(120)
    assert _erasure_schedule(line)["unfollow_erasures_started"] == 1
    line.c.erasure_job.run()  # the kick's run (the test's trigger does nothing)
    assert not _memories(line) and not _turns(line, "respira", f"line:{USER}", "copd-care")
    assert _erasure_schedule(line)["unfollow_erasures_started"] == 0  # started once


def test_a_follow_within_the_grace_cancels_the_erasure(leaving: Line, clock: ManualClock) -> None:
    line = leaving
    _say(line, clock, "我對盤尼西林過敏。", LEAVING.id)
    _follow(line, clock, "unfollow")
    clock.advance(86_400)
    _follow(line, clock, "follow")  # unblocked the next day
    clock.advance(7 * 86_400)
    assert _erasure_schedule(line)["unfollow_erasures_started"] == 0
    line.c.erasure_job.run()
    assert _memories(line)


def test_without_a_grace_configured_an_unfollow_schedules_nothing(line: Line, clock: ManualClock) -> None:
    _say(line, clock, "我對盤尼西林過敏。")
    _post(line, CLINIC.id, _at(clock, samples.event("unfollow", samples.source(USER))))
    clock.advance(365 * 86_400)
    assert _erasure_schedule(line)["unfollow_erasures_started"] == 0
    assert _memories(line)


# --- rights: unsend ---------------------------------------------------------------------------------


@pytest.fixture
def summarising(make_container: Any, settings: Settings, standin: LineStandIn) -> Iterator[Line]:
    """Every two rounds fold into the rolling summary, so a withdrawn round is in it."""
    yield from _line(make_container, settings, standin, line_channels=(CLINIC,), summary_every_rounds=2)


def _message(clock: ManualClock, message_id: str, words: str, token: str) -> dict[str, Any]:
    event = samples.text(samples.source(USER), words, token)
    return _at(clock, {**event, "message": {**event["message"], "id": message_id}})


def test_unsend_removes_the_round_and_everything_made_of_it(
    summarising: Line, clock: ManualClock, caplog: pytest.LogCaptureFixture
) -> None:
    line, token = summarising, summarising.standin.state.issue_reply_token
    key = SessionKey("respira", f"line:{USER}", "copd-care", "line")
    words = ["我對盤尼西林過敏。", "我今天走了二十分鐘。", "晚餐吃了魚和青菜。"]
    for n, text in enumerate(words):
        _post(line, CLINIC.id, _message(clock, f"70000000000000000{n}", text, token()))
    sync_index(line.c, RESPIRA)
    meta = line.c.conversation.store.get_meta(key, clock.now())
    assert meta is not None and meta.summary_cursor >= 2 and "盤尼西林" in meta.summary
    assert any("盤尼西林" in m.content for m in _memories(line))

    unsend = _at(clock, samples.event("unsend", samples.source(USER), unsend={"messageId": "700000000000000000"}))
    assert _post(line, CLINIC.id, unsend)["queued"] == 1
    sync_index(line.c, RESPIRA)
    assert _turns(line, "respira", f"line:{USER}", "copd-care") == words[1:]
    logged, _ = line.c.conversation.store.log_page(key, clock.now(), 10)
    assert [r.turn.user_text for r in logged] == [words[2], words[1]]  # the log too (newest first)
    everything = line.c.memory_service.list(RESPIRA, include_archived=True).items
    assert not any("盤尼西林" in m.content for m in everything)  # the fact, the round's memory
    meta = line.c.conversation.store.get_meta(key, clock.now())
    assert meta is not None and "盤尼西林" not in meta.summary and "二十分鐘" in meta.summary
    _, _, slot = line.c.conversation.context(key, "我對什麼過敏？")
    assert not any("盤尼西林" in item.text for item in slot.items)  # nor any index document
    assert any("round withdrawn" in r.getMessage() for r in caplog.records)
    # another message is untouched, and an unknown message id changes nothing
    again = _at(clock, samples.event("unsend", samples.source(USER), unsend={"messageId": "12345"}))
    _post(line, CLINIC.id, again)
    assert _turns(line, "respira", f"line:{USER}", "copd-care") == words[1:]


def test_the_line_samples_for_rights_run_through_the_handler(line: Line) -> None:
    """events/line/text.json, then unsend.json withdraws it; text.json's words again (a new
    message), then erase_request.json and erase_confirm.json erase the user."""

    def run(name: str) -> dict[str, Any]:
        sample = json.loads((EVENTS / f"{name}.json").read_text())
        for event in json.loads(sample["body"])["events"]:
            if event.get("replyToken"):
                line.standin.state.tokens[event["replyToken"]] = time.monotonic()
        answer = webhook_handler.lambda_handler(sample, LocalContext())
        assert answer["statusCode"] == 200, (name, answer)
        return dict(json.loads(answer["body"]))

    run("text")
    assert _turns(line, "default", f"line:{USER}") == ["我今天早上有點喘，吸了藥好一點。"]
    assert run("unsend")["queued"] == 1
    assert not _turns(line, "default", f"line:{USER}")
    _say(line, line.c.clock, "我今天早上有點喘，吸了藥好一點。", "local")  # type: ignore[arg-type]
    run("erase_request")
    assert "確認刪除" in line.sent[-1].texts[0]  # in the language of the user's last words
    run("erase_confirm")
    assert line.sent[-1].texts[0].startswith("你的資料已刪除")
    assert not _turns(line, "default", f"line:{USER}") and not _memories(line, OwnerKey("default", f"line:{USER}"))
