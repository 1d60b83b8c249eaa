"""Japanese signal words: moods, salient and important words, changes of topic."""

from __future__ import annotations

from engram.language.signal_pack import SignalPack

SIGNALS = SignalPack(
    emotion_words={
        "joy": "嬉しい|楽しい|幸せ",
        "sadness": "悲しい|寂しい|泣",
        "stress": "不安|心配|怖い|ストレス|息苦しい",
        "excitement": "ワクワク|楽しみ|すごい",
    },
    salient="アレルギー|薬|病院|息|咳|痛|眠|名前|住ん|仕事|誕生日|犬|猫",
    high_importance="アレルギー|救急|入院|胸の痛み|酸素",
    important_moment="救急|入院|診断",
    topic_change=r"^\W{0,3}(?:ところで|そういえば|話は変わ(?:る|り|って)|それはそうと|ちなみに)",
    summary_stop_topics=frozenset(),
    thread_stop_words=frozenset(),
    pronouns="私僕俺",
)
