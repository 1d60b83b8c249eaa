"""Chinese signal words: moods, salient and important words, changes of topic."""

from __future__ import annotations

from engram.language.signal_pack import SignalPack

SIGNALS = SignalPack(
    emotion_words={
        "joy": "開心|高興|快樂|喜歡",
        "sadness": "難過|傷心|寂寞|想哭",
        "stress": "焦慮|擔心|害怕|緊張|壓力|喘不過",
        "excitement": "興奮|期待|太棒",
    },
    salient="過敏|藥|醫|喘|咳|痛|睡|名字|住|工作|生日|狗|貓",
    high_importance="過敏|急診|住院|救護|胸痛|血氧",
    important_moment="急診|救護車|住院|診斷",
    topic_change=r"^\W{0,3}(?:對了|对了|順便(?:一提|問一下|说一下|說一下)?|顺便|換個話題|换个话题|另外|話說|话说)",
    summary_stop_topics=frozenset(),
    thread_stop_words=frozenset(),
    pronouns="我你他她您",
)
