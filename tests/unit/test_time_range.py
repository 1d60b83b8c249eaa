"""L3 temporal narrowing: the time range a question names, in en / zh-TW / ja / ko."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engram.language.time_range import TimeRange, named_time_range

NOW = datetime(2026, 11, 18, 15, 30, tzinfo=UTC).timestamp()  # a Wednesday


def utc(y: int, m: int, d: int) -> float:
    return datetime(y, m, d, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("What game was James playing in April 2022?", utc(2022, 4, 1), utc(2022, 5, 1)),
        ("What was Jolene doing in June of 2023?", utc(2023, 6, 1), utc(2023, 7, 1)),
        ("anything from Dec. 2024", utc(2024, 12, 1), utc(2025, 1, 1)),
        ("sept 2021 trip", utc(2021, 9, 1), utc(2021, 10, 1)),
        ("the 2023-06 report", utc(2023, 6, 1), utc(2023, 7, 1)),
        ("2023年6月吃了什麼藥？", utc(2023, 6, 1), utc(2023, 7, 1)),
        ("2023年 12月に何をした？", utc(2023, 12, 1), utc(2024, 1, 1)),
        ("2023년 6월에 어디 갔어?", utc(2023, 6, 1), utc(2023, 7, 1)),
        ("What charity event did John organize in 2024?", utc(2024, 1, 1), utc(2025, 1, 1)),
        ("2022年的旅行", utc(2022, 1, 1), utc(2023, 1, 1)),
        ("2022년 여행", utc(2022, 1, 1), utc(2023, 1, 1)),
    ],
)
def test_absolute_ranges(text: str, start: float, end: float) -> None:
    assert named_time_range(text, NOW) == TimeRange(start, end)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("what did I eat yesterday", utc(2026, 11, 17), utc(2026, 11, 18)),
        ("我昨天說了什麼", utc(2026, 11, 17), utc(2026, 11, 18)),
        ("How was my breathing last week?", utc(2026, 11, 9), utc(2026, 11, 16)),
        ("我上週跟你說我呼吸的狀況怎麼樣？", utc(2026, 11, 9), utc(2026, 11, 16)),
        ("先週の散歩はどうだった？", utc(2026, 11, 9), utc(2026, 11, 16)),
        ("지난주에 뭐 했지?", utc(2026, 11, 9), utc(2026, 11, 16)),
        ("this week's plan", utc(2026, 11, 16), utc(2026, 11, 23)),
        ("last month", utc(2026, 10, 1), utc(2026, 11, 1)),
        ("上個月的體重", utc(2026, 10, 1), utc(2026, 11, 1)),
        ("지난달 병원", utc(2026, 10, 1), utc(2026, 11, 1)),
        ("去年の旅行", utc(2025, 1, 1), utc(2026, 1, 1)),
        ("작년에 어디 갔어?", utc(2025, 1, 1), utc(2026, 1, 1)),
        ("今年的目標", utc(2026, 1, 1), utc(2027, 1, 1)),
    ],
)
def test_relative_ranges_are_anchored_at_now(text: str, start: float, end: float) -> None:
    assert named_time_range(text, NOW) == TimeRange(start, end)


def test_last_month_in_january_is_last_december() -> None:
    assert named_time_range("last month", utc(2027, 1, 10)) == TimeRange(utc(2026, 12, 1), utc(2027, 1, 1))


@pytest.mark.parametrize(
    "text",
    [
        "What pets does Jolene have?",
        "a while ago I had a cough",
        "I walked 12000 steps",  # not a year
        "call 0912-345-678",
        "on 2023/06/14",  # a full date is not a month range (no guess at a window)
        "我呼吸有點喘",
        "I feel tired today, any advice?",  # about now: today's rounds are in the recent window anyway
        "今日の予定は？",
        "",
    ],
)
def test_no_named_range(text: str) -> None:
    assert named_time_range(text, NOW) is None
