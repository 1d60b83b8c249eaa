"""Chinese text-analysis words: topic words are Han runs between function characters
(Chinese has no spaces), two to four characters long."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engram.language.text_pack import TextPack

_ZH_STOP = frozenset(
    [
        "今天",
        "昨天",
        "明天",
        "我們",
        "我们",
        "你們",
        "你们",
        "他們",
        "他们",
        "什麼",
        "什么",
        "這個",
        "这个",
        "那個",
        "那个",
        "因為",
        "因为",
        "所以",
        "但是",
        "然後",
        "然后",
        "還是",
        "还是",
        "一下",
        "一點",
        "一点",
        "覺得",
        "觉得",
        "可以",
        "已經",
        "已经",
    ]
)
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")
# Chinese function characters that end a content run (particles, pronouns, verbs of being).
_ZH_BREAK = re.compile(
    r"[的了是在我你他她它們们和與与跟也都就還还很有沒没不嗎吗呢吧啊喔要會会把被對对給给說说到著着"
    r"叫去來来看做吃喝用想讓让從从昨今明天]"
)


def _topic_words(text: str) -> Iterator[str]:
    for run in _HAN_RUN.findall(text):
        for part in _ZH_BREAK.split(run):
            if 2 <= len(part) <= 4 and part not in _ZH_STOP:
                yield part


TEXT = TextPack(bm25_stop_words=frozenset(), topic_words=_topic_words)
