"""What a message is, read from the language packs' gate words alone: its language, whether it is a
question, names the user (first person), or is nothing but greetings. The gate's rules and the
extraction engine both ask these."""

from __future__ import annotations

import re

from engram.language.analysis import detect_language
from engram.language.gate_pack import GatePack
from engram.language.packs import BY_CODE, DEFAULT_LANGUAGE, PACKS
from engram.language.sentences import split_sentences

_I = re.IGNORECASE


def gate_language(text: str) -> str:
    """A pack's code by script (kana -> ja, hangul -> ko, han -> zh, else the default, en)."""
    lang = detect_language(text)
    return lang if lang in BY_CODE else DEFAULT_LANGUAGE


GATE_PACKS: tuple[tuple[str, GatePack], ...] = tuple((pack.code, pack.gate) for pack in PACKS)
# Chinese and Japanese are written without spaces between words (the index reads them as character pairs)
WRITTEN_WITHOUT_SPACES: frozenset[str] = frozenset(code for code, gate in GATE_PACKS if gate.written_without_spaces)

# First-person markers (each pack's; Korean pronouns carry their particles, see ko/gate.py).
_FIRST_PERSON = re.compile("|".join(gate.first_person for _, gate in GATE_PACKS), _I)

_QUESTION = re.compile("|".join([r"[?？]\s*$", *(gate.question for _, gate in GATE_PACKS)]), _I)

# Greetings, thanks and farewells; the whole message must consist of these tokens.
_GREETING_ALONE = re.compile(
    r"^(?:(?:" + "|".join(gate.greeting_words for _, gate in GATE_PACKS) + r")[\s,，、.。!！~～〜ー?？:)(^_\-]*)+$",
    _I,
)


# Reactions ("wow that's crazy", "哇真假", "すごっ", "헐 대박"): the whole message strung from the packs' reaction
# words. Runs of one character are cut to three ("哈哈哈哈哈" reads as "哈哈哈") and a longer message is no bare
# reaction (40 characters, 12 of them Han, kana or Hangul), which keeps the backtracking over words written
# without spaces small: those can be strung more than one way ("えーっ": え + ー + っ, or えー + っ).
_REACTION_WORDS = "|".join(g.reaction_words for _, g in GATE_PACKS if g.reaction_words is not None)
# each word taken whole (an atomic group) and the separators possessively: "ㅋㅎㅋㅎ…x" cannot be strung
# every way before it fails (without, 25 characters of it took seconds)
_REACTION_ALONE = re.compile(r"^[\s\W_]*+(?:(?>(?:" + _REACTION_WORDS + r")(?![a-z]))[\s\W_]*+)+$", _I)
_RUN = re.compile(r"(.)\1{3,}")
REACTION_MAX_CHARS = 40
REACTION_MAX_CJK = 12


def is_reaction_only(text: str) -> bool:
    """True when the message only reacts to what was said: nothing but reaction words, laughter,
    punctuation and emoji."""
    short = _RUN.sub(r"\1\1\1", text.strip())
    if not 0 < len(short) <= REACTION_MAX_CHARS or len(_CJK.findall(short)) > REACTION_MAX_CJK:
        return False
    return _REACTION_ALONE.match(short) is not None


# Quoted words ("translate 'good luck'", 「お疲れ様です」を英語にして): what a request about them quotes.
_QUOTED = re.compile(  # bounded: a quote that never closes is not searched to the end of the message
    r"「[^」]{0,300}」|『[^』]{0,300}』|“[^”]{0,300}”|‘[^’]{0,300}’|《[^》]{0,300}》|\"[^\"]{0,300}\""
    r"|(?<![\w])'[^']{1,300}'(?![\w])"
)
_ABOUT_A_QUOTE = re.compile("|".join(g.about_a_quote for _, g in GATE_PACKS if g.about_a_quote is not None), _I)


def without_quoted_words(text: str) -> str:
    """The message with the words it quotes left out, when it asks something about them (translate,
    what they mean, how they are said): the quote is not the user's own news. Otherwise unchanged."""
    bare = _QUOTED.sub("「」", text)
    return bare if bare != text and _ABOUT_A_QUOTE.search(bare) else text


def has_first_person(text: str) -> bool:
    return _FIRST_PERSON.search(text) is not None


def is_question(text: str) -> bool:
    return _QUESTION.search(text.strip()) is not None


_TERMINAL = re.compile(r"[.。!！…~～]\s*$")
_CLAUSE = re.compile(r"[,，、;；]\s*")


# What opens a question without telling anything: "by the way", "may I ask", "I want to ask"
_LEAD_IN = re.compile(
    r"對了|对了|話說|话说|請問|请问|那個|那个|問一下|问一下|想問|想问|我想知道|一下|欸|嗯|喂"
    r"|ところで|そういえば|あのさ|あの|ねえ|ねぇ|すみません|すいません|ちょっと|聞きたいん(?:だ|です)けど"
    r"|質問(?:なんだ|です)?けど?|教えて"
    r"|그런데|근데|저기요|저기|있잖아|그나저나|혹시|궁금한 ?(?:게 있는데|데)|물어볼 ?게 있는데"
    r"|질문(?:인데|이 있는데)|참"
)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _tells(clause: str) -> bool:
    """A clause that states something: about the speaker, or, in Chinese, Japanese or Korean, where
    the speaker is rarely named, any clause of four or more characters past a lead-in
    ("膝蓋跑步會痛", "咳がひどいんだけど", "기침이 심해")."""
    if is_question(clause):
        return False
    return has_first_person(clause) or len(_CJK.findall(_LEAD_IN.sub("", clause))) >= 4


# A statement joined to what follows by a connective ending, with no comma: "咳がひどいんだけど病院行くべき？",
# "허리가 아픈데 병원 가야 돼?", "와이프 서연이랑 신혼여행 어디 갈지 고민 중인데 발리 어때?"
_CONNECTIVE = re.compile(r"(?:んだけど|んですけど|だけど|けど|けれど|んだが|ので)(?!$)|[가-힣]데\s|니까\s")


def _told_before_connective(clause: str) -> bool:
    """What stands before a connective ending is a statement by its grammar, whatever question word
    it holds ("어디 갈지 고민 중인데": deciding where to go): it tells when it is long enough past a lead-in."""
    m = _CONNECTIVE.search(clause)
    return m is not None and len(_CJK.findall(_LEAD_IN.sub("", clause[: m.end()]))) - len(_CJK.findall(m[0])) >= 4


# A question word inside a statement of not knowing, with no question mark: "ランチ誰と行けばいいかわからん",
# "何を着るか迷ってる", "뭘 입을지 모르겠어" tell of the speaker's state; "何がいいかわからない？" still asks
_UNSURE = re.compile(
    r"か(?:どうか)?(?:わから|分から|わかん|迷って|迷う|悩んで|悩む|知らな|決められ|決めかね)[^。！!？?]{0,6}$"
    r"|[가-힣]지 ?(?:모르겠|고민|헷갈)[^?？]{0,6}$"
)


def _asks(sentence: str) -> bool:
    """A sentence that asks: it ends with a question mark, or bears no full stop and is worded
    as a question; and no clause before its last states something ("I got a dog last week, what
    should I call him?", "膝蓋跑步會痛，要看醫生嗎？" tell as much as they ask), nor does the start of the
    last before a connective ending ("咳がひどいんだけど病院行くべき？")."""
    if not (sentence.rstrip().endswith(("?", "？")) or (not _TERMINAL.search(sentence) and is_question(sentence))):
        return False
    if not sentence.rstrip().endswith(("?", "？")) and _UNSURE.search(sentence.rstrip()):
        return False
    clauses = [c for c in _CLAUSE.split(sentence) if c.strip()]
    return not any(_tells(c) for c in clauses[:-1]) and not _told_before_connective(clauses[-1])


def asks_only(text: str) -> bool:
    """True when the message only asks something: every sentence is a question. Such a round is
    kept for the history but is no answer to a later question (issue 28: a Korean question was
    answered with the user's own earlier English question)."""
    sentences = split_sentences(text)
    return bool(sentences) and all(_asks(s) for s in sentences)


def is_greeting_only(text: str) -> bool:
    """True when the message is nothing but greetings / thanks / farewells."""
    return _GREETING_ALONE.match(text.strip()) is not None
