"""Korean signal words: moods, salient and important words, changes of topic."""

from __future__ import annotations

from engram.language.signal_pack import SignalPack

SIGNALS = SignalPack(
    emotion_words={
        "joy": "기쁘|행복|좋아",
        "sadness": "슬프|외로|우울",
        "stress": "불안|걱정|무서|스트레스|숨이 차",
        "excitement": "신나|기대|대박",
    },
    salient="알레르기|약|병원|숨|기침|아프|잠|이름|살아|일하|생일|강아지|고양이",
    high_importance="알레르기|응급|입원|흉통|산소",
    important_moment="응급|입원|진단",
    topic_change=r"^\W{0,3}(?:그런데|근데|그나저나|아\s*참|참,|다른 얘기(?:인데|지만)?|말 나온 김에)",
    summary_stop_topics=frozenset(),
    thread_stop_words=frozenset(),
    pronouns="저나제너",
)
