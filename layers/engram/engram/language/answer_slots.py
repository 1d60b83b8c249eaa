"""Which one-at-a-time value a question asks for ("where do I work now?" -> "job"), and the example
statements of every class that the embedder places a user's statements against.

Each pack's question fragments are joined in registry order, so a question in one language still
meets another's words (language/slot_pack.py says what a slot is)."""

from __future__ import annotations

import re
from functools import cache

from engram.language.gate_words import gate_language, is_question
from engram.language.packs import BY_CODE, PACKS

# the car one drives and the phone one uses are one at a time too: "caved and got the Pixel" replaces the
# iPhone said before, with no word of change; so is the school one attends ("the commute to UCLA is brutal"
# after "finals week at Ohio State")
SINGLE_VALUED: tuple[str, ...] = ("job", "home", "diet", "partner", "vehicle", "phone", "school")
# one of a kind at a time: the favourite of a category (a drink, a show), the pastime of the moment;
# a question names the kind, and only statements that answer it as well as the best one compete
ONE_OF_A_KIND: tuple[str, ...] = ("likes", "hobby")
ASKED: tuple[str, ...] = SINGLE_VALUED + ONE_OF_A_KIND


@cache
def _questions() -> dict[str, re.Pattern[str]]:
    return {
        slot: re.compile("|".join(f"(?:{pack.slots.questions[slot]})" for pack in PACKS), re.IGNORECASE)
        for slot in ASKED
    }


@cache
def _several_or_others() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{pack.slots.several_or_others})" for pack in PACKS), re.IGNORECASE)


@cache
def _someone_else() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{pack.slots.someone_else})" for pack in PACKS), re.IGNORECASE)


# a school one finished is no school one attends: "내가 어느 학교 졸업했지?", "where did I graduate from?"
_FINISHED_SCHOOL = re.compile(r"graduated|graduate from|alma mater|畢業|毕业|卒業|出身|졸업|나왔|출신", re.IGNORECASE)


def asked_slot(question: str) -> str | None:
    """The one slot a question asks the user's own current value of; None when it asks none, more
    than one, or asks it of someone else ("where does my son live?")."""
    asked = [slot for slot, pattern in _questions().items() if pattern.search(question)]
    if len(asked) != 1 or (asked[0] == "school" and _FINISHED_SCHOOL.search(question)):
        return None
    # one of a kind: asked as a question, of the user's own one (not several, the bot's or people's)
    if asked[0] in ONE_OF_A_KIND and (not is_question(question) or _several_or_others().search(question)):
        return None
    # the partner's own words are the slot's subject, not someone else, when the slot is the partner
    if asked[0] != "partner" and about_someone_else(question):
        return None
    return asked[0]


# an English question about a former value, asked as of the present ("where did I use to live?" -> "where do
# i live?"): the other languages' slot words read either tense (我之前住在哪, 前はどこに住んでた, 예전에 어디 살았지)
_PAST_ASKED = (
    (re.compile(r"\bdid i (?:use to |used to )?", re.IGNORECASE), "do i "),
    (re.compile(r"\bwas i\b", re.IGNORECASE), "am i"),
    (
        re.compile(r"\b(what|where|who|which)(?:'s| is| was) my (?:old |previous |former |last )", re.IGNORECASE),
        r"\1's my ",
    ),
    (re.compile(r"\b(what|where|who|which) was my\b", re.IGNORECASE), r"\1's my"),
)


def slot_asked_before(question: str) -> str | None:
    """The slot a question about a former value asks ("where did I use to work?" -> "job", 我之前住在哪 ->
    "home"): what a later answer outdated answers it."""
    for pattern, present in _PAST_ASKED:
        question = pattern.sub(present, question)
    return asked_slot(question)


def slot_placed(question: str, classes: tuple[str, ...]) -> str | None:
    """The slot a question asks when no pack's words name one and the embedder places the question
    first in a slot's examples (`classes`, nearest first): "How would you describe the way I eat these
    days?", 今の食事ってどんな感じ？. Held to what `asked_slot` holds a question to: asked, of the user's
    own one value."""
    if not classes or classes[0] not in ASKED or not is_question(question) or about_someone_else(question):
        return None
    if classes[0] in ONE_OF_A_KIND and _several_or_others().search(question):
        return None
    return classes[0]


def about_someone_else(text: str) -> bool:
    """A statement or question names another person ("my son works at…", 阿嬤一個人住在…)."""
    return bool(_someone_else().search(text))


# "she" and "her" may be the thing itself: "my 2009 Civic just hit 200k, she's a tank". "he", "they" and 他 still
# name someone ("He just bought a Tesla"), and so does "her" before the thing ("her new phone")
_PRONOUN = re.compile(
    r"\bshe\b|\bher\b(?!\s+(?:new |old |current )?(?:car|truck|ride|vehicle|suv|van|phone|iphone|cell|mobile"
    r"|smartphone|scooter|motorcycle|bike)s?\b)",
    re.IGNORECASE,
)


def names_someone_else_by_word(text: str) -> bool:
    """`about_someone_else`, with a pronoun alone naming no one: whose a car or a phone is, is said by a word
    for a person ("my daughter's iPhone"), not by a "she" that may be the car itself."""
    return about_someone_else(_PRONOUN.sub(" ", text))


# "my", "our", 我(們家)的, うちの, 우리 집: what may stand before the person a statement is about
_POSSESSIVE = re.compile(
    r"^(?:(?:my|our|user's)\s+|我們家的?|我们家的?|我家的?|我的|我(?=\S)|うちの|私の|俺の|僕の|우리\s?(?:집\s?)?|제\s|내\s)",
    re.IGNORECASE,
)
_KO_AFTER = re.compile(r"[이가은는도의랑와과\s]|$")
# how close: "my best friend", 제일 친한 친구, 我最好的朋友, 一番仲いい友達 — still someone else
_CLOSE = re.compile(
    r"^(?:(?:best|closest|close|old|oldest|little|big|older|younger|baby|twin)\s+|(?:제일|가장|젤|진짜)\s?친한\s"
    r"|最好的|最要好的|(?:一番|いちばん)?仲(?:の)?(?:いい|良い))",
    re.IGNORECASE,
)


def _without_closeness(text: str) -> str:
    m = _POSSESSIVE.match(text)
    cut = m.end() if m else 0
    return text[:cut] + _CLOSE.sub("", text[cut:], count=1)


@cache
def _someone_else_of(code: str) -> re.Pattern[str]:
    return re.compile(BY_CODE[code].slots.someone_else, re.IGNORECASE)


def opens_with_someone_else(text: str) -> bool:
    """The statement is about another person or a pet, named first as its subject ("my son started
    …", 兒子阿凱最近瘋恐龍, 我老公換工作了, 旦那の健太が…, 우리 강아지가…); not one that only mentions them
    ("I broke up with my boyfriend", 我跟男朋友分手了). Read with the words of the statement's own
    script (先生 is a husband in Chinese, a doctor in Japanese); in English only after "my" or "our"
    ("They switched my pill", "Cat allergy got worse" are the user's); in Korean a whole word (형편 is
    no 형)."""
    return someone_named_first(text) is not None


def someone_named_first(text: str) -> str | None:
    """The words naming the person or pet a statement opens with as its subject (`opens_with_someone_else`),
    lower-cased and without a possessive "'s": "son", "兒子", "彼氏", "언니"; None when it opens with no one else."""
    head = _without_closeness(text.strip())
    code = gate_language(head)
    stripped = _POSSESSIVE.sub("", head, count=1)
    if code == "en" and stripped == head:
        return None
    pattern = _someone_else_of(code)
    # English names the person after "my" ("User's sister", a fact's rewrite, reads as "my sister")
    for candidate in (head, stripped) if code != "en" else (head, stripped, f"my {stripped}"):
        m = pattern.match(candidate)
        if m and (code != "ko" or _KO_AFTER.match(candidate, m.end())):
            return re.sub(r"'s?$", "", _POSSESSIVE.sub("", m.group(0).strip(), count=1).lower())
    return None


# every pack's words for a relation, to the one relation they name ("mom", 媽媽, お母さん, 엄마: mother);
# a word no pack lists ("dog", "friend") names itself
_RELATIONS: dict[str, str] = {word: rel for pack in PACKS for word, rel in pack.extraction.family_relations.items()}
_POSSESSIVE_IN_EN = re.compile(r"\b(?:my|our)\s", re.IGNORECASE)


def relation_of(word: str) -> str:
    """The relation a word names ("mom", 媽媽, お母さん, 엄마: "mother"), or the word itself."""
    return _RELATIONS.get(word, word)


def relation_named_first(text: str) -> str | None:
    """The relation of the person or pet a statement opens with ("mother" for "my mom…", 媽媽…,
    うちの母は…, 엄마가…), or the word itself when no pack lists it; None when it opens with no one else."""
    person = someone_named_first(text)
    return None if person is None else relation_of(person)


def relation_asked_of(question: str) -> str | None:
    """The person or pet a question asks about ("what does my dad do?", 우리 아버지 직업은, お父さんの趣味は):
    their relation as `relation_named_first` gives it; None when it asks of no one else."""
    for m in (None, *_POSSESSIVE_IN_EN.finditer(question)):
        if (relation := relation_named_first(question[m.start() :] if m else question)) is not None:
            return relation
    return None


@cache
def _away() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{pack.slots.away})" for pack in PACKS), re.IGNORECASE)


def away_from_home(text: str) -> bool:
    """A statement names a place as one visited, come from, grown up in or planned ("flying to Osaka
    for a conference", 出身は福岡, 고향이 부산, "thinking about moving to Denver"): not where one lives now."""
    return bool(_away().search(text))


@cache
def _ended() -> tuple[re.Pattern[str], ...]:
    # one pattern per pack: each names its own groups `name` (and maybe `name2`, `name3` …)
    return tuple(re.compile(pack.slots.ended) for pack in PACKS)


@cache
def _ended_things() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(pack.slots.ended_things, re.IGNORECASE) for pack in PACKS)


def ended_things(text: str) -> tuple[str, ...]:
    """The things of one's own `text` says are over — sold, traded in, given up ("traded in the
    corolla", 把March賣掉了, ギターはやめて, 모닝 팔고); none when it speaks of someone else's."""
    return tuple(dict.fromkeys(thing for thing, _ in _ended_things_said(text)))


def said_over_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` says a thing of one's own is over ("|I quit pottery|, it got too expensive")."""
    return [span for _, span in _ended_things_said(text)]


def _ended_things_said(text: str) -> list[tuple[str, tuple[int, int]]]:
    if about_someone_else(text):
        return []
    found: list[tuple[str, tuple[int, int]]] = []
    for pattern in _ended_things():
        for m in pattern.finditer(text):
            if _ONE_DAY.search(text, 0, m.start()):
                continue  # "今日は仕事やめて早く帰った", "quit early today": a day's stop, not an end
            said = next((v for k, v in m.groupdict().items() if k.startswith("thing") and v), "")
            thing = said.strip().split()[0].lower() if said.strip() else ""
            if thing:
                found.append((thing, m.span()))
    return found


_ONE_DAY = re.compile(r"\b(?:today|tonight|tomorrow)\b|今日|今天|今晚|今夜|明天|明日|오늘|내일", re.IGNORECASE)


@cache
def _companions() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{pack.slots.companions})" for pack in PACKS), re.IGNORECASE)


def ended_names(text: str) -> tuple[str, ...]:
    """The names `text` says are gone — a pet died or given away, a partner broken up with ("Rocky
    passed in March", コタロウが虹の橋を渡って, 콩이 보내고, 跟小傑分手)."""
    found: list[str] = []
    for pattern in _ended():
        for m in pattern.finditer(text):
            groups = m.groupdict()
            name = next((v for k, v in groups.items() if k.startswith("name") and v), None)
            # a relative ("阿公過世了", 친구 보내고) is someone else's story, not a pet or partner gone
            if name and name not in found and not about_someone_else(name):
                found.append(name)
    return tuple(found)


@cache
def _every_pack(field: str, slot: str | None = None) -> re.Pattern[str]:
    """One of the packs' slot fragments (`names_someone`, `pastime_words`, a slot's `models`), every
    pack's joined; a slot no pack names matches nothing."""
    fragments = [getattr(pack.slots, field) for pack in PACKS]
    if slot is not None:
        fragments = [f.get(slot, "") for f in fragments]
    return re.compile("|".join(f"(?:{f})" for f in fragments if f) or "(?!)", re.IGNORECASE)


def names_someone(text: str) -> bool:
    """The statement names a person ("my girlfriend Mina", 男友阿哲, 彼氏の名前は颯太, 남친 이름은 준호)."""
    return bool(_every_pack("names_someone").search(text))


def names_partner(text: str) -> bool:
    """The statement names someone with a word for one's partner ("my girlfriend Priya", 男友阿哲,
    妻の真理子, 와이프 서연이랑)."""
    return names_someone(text) and bool(_every_pack("partner_words").search(text)) and not _EX.search(text)


# a former partner is no partner: "my ex-boyfriend Jake texted me", 前男友, 元彼, 전 남친
_EX = re.compile(
    r"\bex[- ]?(?:boyfriend|girlfriend|husband|wife|partner|bf|gf)\b|前男友|前女友|前夫|前妻|元彼|元カノ|元夫|元妻"
    r"|전 ?남친|전 ?여친|전 ?남자친구|전 ?여자친구|전남편|전처",
    re.IGNORECASE,
)


def names_pastime(text: str) -> bool:
    """The statement names a class, a lesson or a place one trains at ("spin class", 拳擊課, 英会話教室, 복싱장)."""
    return bool(_every_pack("pastime_words").search(text))


def employer_named(text: str) -> str:
    """The words naming an employer by its office, canteen or headquarters ("Spotify office", 中華電信的辦公室,
    楽天の社食, 카카오 판교 사무실); "" when the statement names none."""
    m = _every_pack("employer_named").search(text)
    return m.group(0) if m else ""


def job_words() -> re.Pattern[str]:
    """Every pack's words of a workplace (office, 員工餐廳, オフィス, 사무실)."""
    return _every_pack("models", "job")


def names_model(slot: str, text: str) -> bool:
    """The statement names a make or model of the slot's thing ("my old Corolla", 光陽, N-BOX, 갤럭시)."""
    return bool(_every_pack("models", slot).search(text))


def speaks_of_companion(text: str) -> bool:
    """The statement names a pet or a partner as one ("my dog Bear", 柴犬のコタロウ, 햄스터 콩이,
    男朋友小傑): what a name said gone can have been."""
    return bool(_companions().search(text))


@cache
def slot_examples() -> tuple[tuple[str, str], ...]:
    """(class, statement) for every pack's examples, registry order: the classes are the slots and
    the contrast classes that keep a statement out of them."""
    return tuple((cls, text) for pack in PACKS for cls, texts in pack.slots.examples.items() for text in texts)
