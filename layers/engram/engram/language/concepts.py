"""Concept groups for query expansion: words that name the same thing in a user's life.

A question paraphrases what the memory says ("my spouse" / "her husband", "우리 집 강아지" /
"진돗개", "子ども" / "娘"): BM25 finds no shared word and the embedder alone ranks weakly.
The question's BM25 text gets the other words of every group it touches (all four languages:
a memory may be stored in another language than the question). Groups are small and about
the user's own life (family, pets, home, health), so the expansion cannot drift far.
"""

from __future__ import annotations

import re
from functools import cache

from engram.language.analysis import detect_language

GROUPS: tuple[tuple[str, ...], ...] = (
    # spouse
    # (not 夫 alone: 大丈夫 means "all right"; not 先生: a doctor or teacher in Japanese)
    ("spouse", "husband", "wife", "partner", "配偶", "老公", "老婆", "太太", "丈夫", "妻子",
     "配偶者", "妻", "旦那", "배우자", "남편", "아내", "와이프"),
    # children
    ("child", "children", "kid", "kids", "son", "daughter", "孩子", "小孩", "兒子", "儿子", "女兒", "女儿",
     "子ども", "子供", "こども", "息子", "娘", "아이", "자녀", "아들", "딸", "애들"),
    # parents
    ("parent", "parents", "mother", "father", "mom", "dad", "mum", "父母", "爸媽", "媽媽", "妈妈", "爸爸",
     "母親", "父親", "両親", "母", "父", "부모", "엄마", "아빠", "어머니", "아버지"),
    # siblings
    ("sibling", "brother", "sister", "兄弟", "姊妹", "姐妹", "哥哥", "姊姊", "姐姐", "弟弟", "妹妹",
     "兄", "姉", "弟", "妹", "형제", "언니", "오빠", "누나", "동생"),
    # dogs
    ("dog", "puppy", "pup", "poodle", "retriever", "shiba", "terrier", "bulldog", "corgi", "dachshund",
     "chihuahua", "狗", "狗狗", "小狗", "柴犬", "貴賓", "犬", "子犬", "わんちゃん", "プードル", "개", "강아지",
     "진돗개", "푸들", "반려견", "시바견", "리트리버"),
    # cats
    ("cat", "kitten", "kitty", "貓", "猫", "貓咪", "猫咪", "子猫", "ねこ", "고양이", "냥이", "반려묘"),
    # pets in general
    ("pet", "pets", "寵物", "宠物", "毛孩", "ペット", "반려동물"),
    # death
    ("died", "passed away", "death", "lost", "過世", "去世", "過逝", "走了", "亡くな", "他界", "死去",
     "돌아가", "사망", "세상을 떠"),
    # home town / where one lives
    ("live", "lives", "living", "city", "town", "住在", "城市", "住ん", "暮らし", "街", "사는", "동네", "도시"),
    # allergies
    ("allergy", "allergic", "allergies", "過敏", "过敏", "アレルギー", "じんましん", "알레르기", "두드러기"),
    # medicine
    ("medicine", "medication", "meds", "pill", "pills", "藥", "药", "薬", "服薬", "약", "복용"),
    # work
    ("job", "work", "works", "career", "occupation", "工作", "職業", "职业", "仕事", "勤め", "직업", "직장"),
    # birthday
    ("birthday", "born", "生日", "出生", "誕生日", "生まれ", "생일", "태어"),
)  # fmt: skip

_LATIN = re.compile(r"^[a-z][a-z ]*$")
_KANA = re.compile(r"[\u3041-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_HAN_ONLY = re.compile(r"^[\u4e00-\u9fff]+$")
# Words that occur inside unrelated words: 大丈夫 ("all right") is not a husband (丈夫).
_SPECIAL = {"丈夫": r"(?<!大)丈夫"}


def _script_fits(word: str, language: str) -> bool:
    """Expansion stays in the question's language: in a pool holding a fact in several languages,
    the one in the user's language is the one to find."""
    if language == "ko":
        return _HANGUL.search(word) is not None
    if language == "ja":
        return _KANA.search(word) is not None or _HAN_ONLY.match(word) is not None
    if language == "zh":
        return _HAN_ONLY.match(word) is not None
    return _LATIN.match(word) is not None


@cache
def _matchers() -> tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]:
    out = []
    for group in GROUPS:
        parts = [_SPECIAL.get(w) or (rf"\b{re.escape(w)}\b" if _LATIN.match(w) else re.escape(w)) for w in group]
        out.append((re.compile("|".join(parts), re.IGNORECASE), group))
    return tuple(out)


def related_terms(text: str) -> list[str]:
    """The other words, in the text's language, of every group `text` names (none when it names none)."""
    language = detect_language(text)
    found: list[str] = []
    for pattern, group in _matchers():
        hits = {m.group(0).lower() for m in pattern.finditer(text)}
        if hits:
            found += [w for w in group if w.lower() not in hits and _script_fits(w, language)]
    return found
