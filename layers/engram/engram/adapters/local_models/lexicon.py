"""Small multilingual word lists for the local heuristics (en / zh / ja / ko)."""

from __future__ import annotations

import re

EMOTION_PATTERNS: dict[str, re.Pattern[str]] = {
    "joy": re.compile(r"happy|glad|great|love|enjoy|開心|高興|快樂|喜歡|嬉しい|楽しい|幸せ|기쁘|행복|좋아", re.I),
    "sadness": re.compile(r"\bsad\b|lonely|miss|cry|depress|難過|傷心|寂寞|想哭|悲しい|寂しい|泣|슬프|외로|우울", re.I),
    "stress": re.compile(
        r"stress|anxious|worr|afraid|scared|panic|can't breathe|焦慮|擔心|害怕|緊張|壓力|喘不過|不安|心配|怖い|ストレス|息苦しい|불안|걱정|무서|스트레스|숨이 차",  # noqa: E501 - one alternation per language reads best on one line
        re.I,
    ),
    "excitement": re.compile(
        r"excit|can't wait|amazing|awesome|!{2,}|興奮|期待|太棒|ワクワク|楽しみ|すごい|신나|기대|대박", re.I
    ),
}

SALIENT = re.compile(
    r"\d|allerg|medic|pill|doctor|hospital|breath|cough|pain|sleep|name|live|work|birthday|pet|dog|cat|"
    r"過敏|藥|醫|喘|咳|痛|睡|名字|住|工作|生日|狗|貓|アレルギー|薬|病院|息|咳|痛|眠|名前|住ん|仕事|誕生日|犬|猫|"
    r"알레르기|약|병원|숨|기침|아프|잠|이름|살아|일하|생일|강아지|고양이",
    re.I,
)

HIGH_IMPORTANCE = re.compile(
    r"allerg|emergency|hospital|er\b|ambulance|chest pain|oxygen|過敏|急診|住院|救護|胸痛|血氧|アレルギー|救急|入院|胸の痛み|酸素|알레르기|응급|입원|흉통|산소",  # noqa: E501 - one alternation per language reads best on one line
    re.I,
)

STOP_TOPICS = frozenset(
    [
        "user",
        "assistant",
        "said",
        "says",
        "today",
        "really",
        "just",
        "like",
        "know",
        "think",
        "thing",
        "things",
        "yeah",
        "okay",
        "sure",
        "also",
        "would",
        "could",
    ]
)


def emotion_of(text: str) -> str:
    scores = {name: len(p.findall(text)) for name, p in EMOTION_PATTERNS.items()}
    best = max(scores, key=lambda k: scores[k])
    return best if scores[best] else "calm"
