"""Who a relation is, by name, read from what the user said ("my wife Hannah", 男朋友阿凱, 娘のひな, 언니 수진이).

A question names the relation ("when is my wife's birthday?", 男友慶生那天訂哪間餐廳？), the statement that
answers it often only the name ("Hannah turns 40 on May 9", 下週六是阿凱的生日). The retriever looks the
relation's words up among the user's own memories, reads the name said right after one, and searches
for it too. Names are read the way each language puts them after the relation word: a capitalised
word in English, a two- or three-character given name before a verb or particle in Chinese, a name
after の before a particle in Japanese, a name after a space before its particle in Korean.
"""

from __future__ import annotations

import re
from functools import cache

from engram.language.packs import PACKS
from engram.language.places import named_places

# Words right after a relation that are no name: time words, adverbs, verbs' starts, other relations.
_NOT_A_NAME = frozenset(
    word
    for words in (
        "I And The My Our He She They We It Is Was Has Had Will Just Also Still Now Today Said Says Got",
        "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July",
        "August September October November December Christmas Easter Thanksgiving New Year",
        # what is said of a relation more often than a name: 老婆工作很忙, 夫の仕事, 남편 회사가
        "工作 公司 生日 下班 上班 加班 身體 身体 醫院 医院 房間 房间 手機 手机 朋友 同事 老闆 老板 家人",
        "那邊 那边 這邊 这边",
        "仕事 会社 誕生日 実家 病院 職場 部屋 友達 日 家 趣味 体調 携帯 スマホ",
        "회사 생일 집 일 병원 직장 친구 몸 방 취미 핸드폰 휴대폰 동생 가족",
        "今天 今年 現在 现在 最近 昨天 明天 也是 都是 還是 还是 一直 每天 已經 已经 剛剛 刚刚 一起 自己 他們 她們 我們",
        "今日 昨日 明日 いつも 毎日 ずっと 本当 ほんと",
        "요즘 오늘 어제 내일 진짜 너무 정말 완전 지금 이번 다음 매일 항상 원래 벌써 아직 이제 우리 같이 혼자 그냥 계속",
    )
    for word in words.split()
)
# A Chinese name does not begin with these (a verb or a particle after a relation with no name: 我媽是…).
_ZH_NOT_FIRST = "是的在今也都很最跟和說说要去會会又剛刚已現现每喜超不沒没有叫對对給给"
_ZH_AFTER = (
    "是|的|在|最|很|今|跟|和|說|说|要|去|也|都|已|現|现|剛|刚|又|會|会|住|做|當|当|每|喜|超|念|讀|读|上|下"
    "|[，,。！？!?、\\s]|$"
)


@cache
def _relation_words() -> dict[str, tuple[str, ...]]:
    """relation -> every pack's words for it ("wife" -> wife, 太太, 老婆, 妻, 아내, 와이프 ...)."""
    by: dict[str, list[str]] = {}
    for pack in PACKS:
        for word, relation in pack.extraction.family_relations.items():
            by.setdefault(relation, []).append(word)
    return {rel: tuple(sorted(set(words), key=len, reverse=True)) for rel, words in by.items()}


@cache
def _every_relation_word() -> frozenset[str]:
    return frozenset(w for words in _relation_words().values() for w in words)


def relation_words(relation: str) -> tuple[str, ...]:
    """The words of every language for `relation`; a relation no pack lists is its own word."""
    return _relation_words().get(relation, (relation,))


@cache
def _after(words: tuple[str, ...]) -> re.Pattern[str]:
    # the relation word taken whole (媽媽 is never read as 媽 + a name starting 媽)
    alt = "(?>" + "|".join(re.escape(w) for w in words) + ")"
    return re.compile(
        # English: "my wife Hannah", "User's younger brother Tyler" (the user's own: not "her husband Mark",
        # "my boss's wife Carol", "my ex-wife Laura")
        rf"\b(?:my|our|User's)\s+(?:\w+\s+)?(?<!-)(?:{alt})\s+(?P<en>[A-Z][a-z]+)\b"
        # Chinese: 男朋友阿凱是…, 我表妹小琪在…
        rf"|(?:{alt})(?P<zh>(?![{_ZH_NOT_FIRST}])[\u4e00-\u9fff]{{2,3}}?)(?={_ZH_AFTER})"
        # ... or named as who it is: 最好的朋友是佩琪，… (not 老公是工程師: a trade)
        rf"|(?:{alt})(?:是|叫)(?P<zh2>[\u4e00-\u9fff]{{2,3}})(?<![師师員员生家者長长工手])(?=[，,。！!、\s]|$)"
        # Japanese: 娘のひなは…, 夫の健太が…
        rf"|(?:{alt})の(?P<ja>[ぁ-んァ-ヶー\u4e00-\u9fff]{{1,5}}?)(?=は|が|も|と|ちゃん|くん|君|さん|の|、|。|$)"
        # Korean: 언니 수진이는…, 남편 민수가…
        rf"|(?:{alt})\s(?P<ko>[가-힣]{{1,3}}?)(?=이는|이가|이랑|이도|이한테|이를|이의|는|가|랑|도|한테|를|의|에|\s|,|$)",
        re.IGNORECASE,
    )


def names_after(text: str, relation: str) -> list[str]:
    """The names `text` gives right after a word for `relation`, in order."""
    found: list[str] = []
    for m in _after(relation_words(relation)).finditer(text):
        name = m["en"] or m["zh"] or m["zh2"] or m["ja"] or m["ko"]
        if m["en"] and not m["en"].istitle():
            continue  # case-insensitive matching found a lower-case or an all-capitals word: no name
        if not name or name in _NOT_A_NAME or name[:2] in _NOT_A_NAME or name in _every_relation_word():
            continue  # a word said of the relation (老婆工作很忙, 加班到很晚), not a name
        if name in found or named_places(name):
            continue
        found.append(name)
    return found


def with_names(question: str, words: tuple[str, ...], names: list[str], instead: bool = False) -> str:
    """`question` with `names` said right after its first word for the relation ("my wife's birthday"
    -> "my wife Hannah's birthday", 男友慶生 -> 男友 阿凱 慶生), or, `instead`, in that word's place ("my
    Hannah's birthday"); unchanged without a name or such a word."""
    if not names:
        return question
    alt = "|".join(re.escape(w) for w in words)
    m = re.search(rf"(?<![A-Za-z])(?:{alt})(?![A-Za-z])", question, re.IGNORECASE)
    if m is None:
        return question
    start = m.start() if instead else m.end()
    return f"{question[:start]} {' '.join(names)} {question[m.end() :]}".replace("  ", " ").replace(" '", "'")
