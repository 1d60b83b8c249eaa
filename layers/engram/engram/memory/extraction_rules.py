"""Heuristic memory extraction, used when no LLM is configured (SPEC L2).

`extract_candidates` turns one user utterance into memory candidates: the
self-contained fact in the user's own language (never translated), its type,
whether it is safety-critical (allergy, medication, chronic condition,
contraindication), salience hints and a `subject_key` naming the attribute
the fact sets ("allergy:penicillin", "lives_in", "pet:name") so that a later
"I moved to Osaka" can supersede "I live in Tokyo".

How: split into sentences, sentences into clauses; the first rule (in priority
order: safety, profile, pets, family, plans, preferences, symptoms, mood) that
matches a clause opens a candidate; clauses no rule matches are context and
join the candidate before them (or the next one when they lead), so
"我對盤尼西林過敏，吃了會起疹子" stays one fact. Questions, greetings and
small talk state no fact and are dropped. Rewriting is minimal: English turns
first person into "User ..."; Chinese, Japanese and Korean keep the words as
spoken, minus leading fillers.

This module is the engine only: each language's rules, separators, fillers and
words are data in its pack (engram/language/<code>/extraction*.py), listed in
engram/language/packs.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engram.language.analysis import analyze
from engram.language.answer_slots import relation_of, someone_named_first
from engram.language.extraction_pack import Rule
from engram.language.gate_words import gate_language, is_greeting_only, is_question
from engram.language.packs import BY_CODE, PACKS
from engram.language.sentences import MAX_SENTENCE_CHARS, pieces_of
from engram.language.tense import former_state_spans, states_change
from engram.memory.models import MemoryType
from engram.memory.whose import STATES_OF_A_PERSON, SpokenOf, is_the_users, whose_key

_I = re.IGNORECASE


@dataclass(slots=True)
class Candidate:
    content: str  # in the user's own language
    type: MemoryType
    safety: bool = False
    emotional_valence: float = 0.0  # -1..1
    stability: float = 0.5  # 0..1: how long the fact stays true
    future_use: float = 0.5  # 0..1: how likely it matters in later turns
    topics: list[str] = field(default_factory=list)
    negated: bool = False  # "not allergic to X", "stopped taking X", "dislikes X"
    subject_key: str | None = None
    value_key: str | None = None  # the value set for subject_key ("tokyo" for lives_in), if captured
    language: str = "en"
    rule: str = ""  # id of the rule that produced it (traceability)


# --------------------------------------------------------------------------- words of every language

# A clause is checked against every pack's words (a Japanese filler in a Chinese turn still counts).
_EXTRACTION = [pack.extraction for pack in PACKS]

# Canonical symptom keys shared across languages, so "咳" and "cough" update the same subject.
_SYMPTOM_KEYS = list(dict.fromkeys(key for e in _EXTRACTION for key, _ in e.symptoms))
_SYMPTOM_CANON: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (key, re.compile("|".join(words for e in _EXTRACTION for k, words in e.symptoms if k == key), _I))
    for key in _SYMPTOM_KEYS
)
_FAVOURITE_CANON: dict[str, str] = {word: cat for e in _EXTRACTION for word, cat in e.favourite_categories.items()}

# Words that make an emotion positive or negative (for emotional_valence).
_POSITIVE = re.compile("|".join(e.positive_words for e in _EXTRACTION), _I)
_NEGATIVE = re.compile("|".join(e.negative_words for e in _EXTRACTION), _I)

# --------------------------------------------------------------------------- splitting and cleaning

_ABBREVIATIONS = {"dr", "mr", "mrs", "ms", "st", "vs", "etc", "e.g", "i.e", "no", "approx", "jr", "sr"}
_ABBREVIATION_MAX = 8  # the word before a full stop is read from this far back at most (not from the sentence's start)
_LAST_WORD = re.compile(r"([\w.]+)$")
# ... or an emoji after CJK words and before a space: chat's full stop ("趣味で御朱印集めてる⛩️ もう3冊目");
# not one used as a word among Latin or spaced words ("my 🐶 Max is 3", "강아지 🐶 귀여워")
_SENTENCE_END = re.compile(
    r"[。！？!?\n]+|\.+(?=\s|$)"
    r"|(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])[\u2600-\u27bf\U0001f300-\U0001faff][\ufe0f\u200d\u2600-\u27bf"
    r"\U0001f300-\U0001faff]*(?=\s)"
)
_QUESTION_END = re.compile("|".join([r"[?？]\s*$", *(e.question for e in _EXTRACTION)]), _I)
_TRAILING_PUNCT = re.compile(r"[\s。.！!？?~～…,，、]+$")


def split_sentences(text: str) -> list[str]:
    """Sentences ending in 。！？ . ! ? or a newline; "Dr." and "3.5" do not end one."""
    sentences: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group().startswith("."):
            word = _LAST_WORD.search(text, max(start, m.start() - _ABBREVIATION_MAX), m.start())
            if word and word.group(1).lower() in _ABBREVIATIONS:
                continue
        piece = text[start : m.end()].strip()
        if piece:
            sentences += pieces_of(piece)
        start = m.end()
    tail = text[start:].strip()
    if tail:
        sentences += pieces_of(tail)
    return sentences


def _clauses(sentence: str, language: str) -> list[tuple[int, int]]:
    """(start, end) spans of the clauses of one sentence.

    A conjunction ("and", "but") splits only after a clause of three words or more: in "My wife
    and I have three grandchildren" the words before "and" are a subject, not a clause."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in BY_CODE[language].extraction.clause_separator.finditer(sentence):
        if _ASCII_WORD.search(m.group()) and len(sentence[pos : m.start()].split()) < 3:
            continue
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(sentence):
        spans.append((pos, len(sentence)))
    return spans


_ASCII_WORD = re.compile(r"[A-Za-z]")
_OWN_NAME = re.compile("|".join(e.own_name for e in _EXTRACTION), _I)


# a run of clauses that states one fact: (start, end, rule, match, whom it speaks of — None: the user)
Group = tuple[int, int, Rule, re.Match[str], str | None]


def _describes_the_one_before(rule: Rule, clause: str, groups: Sequence[Group]) -> bool:
    """A bare "the name is X" or "X years old" right after a clause about a pet, a family member or
    a partner describes that one, not the user ("娘は10歳で、名前はさくらです", "我女兒叫小萱，今年十歲",
    "新しい彼女ができました、名前は真理子です")."""
    return (
        rule.rule_id in {"name", "age"}
        and bool(groups)
        and (groups[-1][2].rule_id.startswith("pet") or groups[-1][2].rule_id in {"family", "partner"})
        and _OWN_NAME.search(clause) is None
    )


# A sentence longer than this is a story, not one fact; without a rule it is left to the round.
_STATEMENT_MAX_CHARS = 160


def _statement(sentence: str, language: str) -> str | None:
    """A sentence no rule took, kept whole when its structure says it is about the user.

    Rules know the kinds of fact that get a subject key (and so can replace each other); what
    users tell about themselves is open-ended ("Our dog goes by the name Rusty", "実家は鹿児島に
    あります"). A first-person (or, where the language drops the subject, plain declarative)
    sentence that is no question and no conversational move is a fact about the user."""
    pack = BY_CODE[language].extraction
    if pack.statement is None:
        return None
    text = _strip_filler(sentence, language)
    if not text or len(text) > _STATEMENT_MAX_CHARS or _is_question(text) or is_question(text):
        return None
    if pack.chit_chat is not None and pack.chit_chat.search(text):
        return None
    if pack.passing_moment is not None and pack.passing_moment.search(text):
        return None
    if len(analyze(text)) < 2:
        return None
    # a sentence joined with the one referring back to it ("子猫お迎えした！名前はおはぎ"): either says it;
    # read without the trailing-off, tears or laughter chat ends on ("異動になった…", "매움ㅠ")
    bare = _TRAILING_NOISE.sub("", text)
    # ... or its first clause, with a remark after the comma ("현대차 공장 다녀, 올해로 10년째"; not a reaction
    # before one, "そっか、パンダは熊の仲間")
    first_clause = _COMMA.split(text, maxsplit=1)[0]
    if pack.statement.search(bare) is None and not any(
        pack.statement.search(_TRAILING_NOISE.sub("", part)) for part in (*split_sentences(text), first_clause)
    ):
        return None
    return text


_RENDER_REQUESTS = tuple(e.render_request for e in _EXTRACTION if e.render_request is not None)
_COMMA = re.compile(r"\s*[,，、]\s*")


_TRAILING_NOISE = re.compile(r"(?:[\s…‥~〜♪☆★♡♥ㅠㅜㅋㅎ]|[\U0001F300-\U0001FAFF\u2600-\u27BF\ufe0f\u200d])+$")


def _strip_filler(text: str, language: str) -> str:
    return BY_CODE[language].extraction.filler.sub("", text).strip()


def _is_question(text: str) -> bool:
    return _QUESTION_END.search(text.strip()) is not None


# --------------------------------------------------------------------------- building candidates

# Punctuation and quotes at either end, then each pack's articles, adverbs and particles.
_KEY_TRIM = re.compile("|".join([r"[\s'’.,!?]+$|^[\s'’]+", *(e.key_trim for e in _EXTRACTION)]))


def norm_key(value: str) -> str:
    value = value.strip().lower()
    for _ in range(3):  # peel several layers: "the peanuts." -> "peanuts"
        value = _KEY_TRIM.sub("", value).strip()
    value = re.sub(r"\s+", "_", value)
    return value[:40]


def _symptom_key(clause: str) -> str:
    best: tuple[int, str] | None = None
    for key, pattern in _SYMPTOM_CANON:
        m = pattern.search(clause)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), key)
    return best[1] if best else "general"


def _subject(rule: Rule, m: re.Match[str], clause: str) -> str:
    groups = m.groupdict()
    x = groups.get("x")
    rel = groups.get("rel")
    subject = rule.subject
    if "{rel}" in subject:
        subject = subject.replace("{rel}", relation_of((rel or "other").lower()))
    if "{sym}" in subject:
        subject = subject.replace("{sym}", _symptom_key(clause))
    if "{x}" in subject:
        key = norm_key(x) if x else ""
        if subject.startswith("favourite:"):
            key = _FAVOURITE_CANON.get(key, key)
        subject = subject.replace("{x}", key) if key else subject.replace(":{x}", "")
    return subject


def _value_key(rule: Rule, m: re.Match[str]) -> str | None:
    """The captured value when the subject does not already carry it ("lives_in" -> "tokyo")."""
    x = m.groupdict().get("x")
    if not x or "{x}" in rule.subject:
        return None
    return norm_key(x) or None


def _valence(rule: Rule, clause: str) -> float:
    valence = rule.valence
    if _POSITIVE.search(clause) and not _NEGATIVE.search(clause):
        valence = max(valence, 0.6) if rule.rule_id in {"mood", "likes", "goal"} else valence + 0.3
    elif _NEGATIVE.search(clause):
        valence = min(valence, -0.6) if rule.rule_id in {"mood", "dislikes"} else valence - 0.2
    return max(-1.0, min(1.0, valence))


# A value that only points ("I hate it", "love that"): what it names is in another sentence, or nowhere.
_POINTING = frozenset({"it", "that", "this", "them", "those", "these", "something", "anything"})


def _match(rules: Sequence[Rule], clause: str) -> tuple[Rule, re.Match[str]] | None:
    for rule in rules:
        for pattern in rule.patterns:
            m = pattern.search(clause)
            if m and (m.groupdict().get("x") or "").strip().lower() not in _POINTING:
                # (a value one holds one at a time only: a second allergy or medicine is one more, not a change)
                single = "{x}" not in rule.subject and not rule.safety
                return rule, _value_taken_up(pattern, m, clause) if single else m
    return None


# a value said this close after a word of the past ("used to be keto") is the former one
_FORMER_REACH = 12
# longer clauses keep the first value: the scan for a later one then stays cheap
_CHANGE_SCAN_MAX_CHARS = 300


def _value_taken_up(pattern: re.Pattern[str], m: re.Match[str], clause: str) -> re.Match[str]:
    """A clause that states a change names the value given up first and the one taken up last ("저탄고지
    포기했어 대신 지중해식으로 바꿨어", "生酮不做了 現在改吃全素", "switched from keto to paleo"): the fact is the
    last value's, so that it replaces the earlier fact instead of merging into it — unless that value is said
    as a former one ("I'm vegan now but I used to be keto")."""
    x = m.groupdict().get("x")
    if not x or len(clause) > _CHANGE_SCAN_MAX_CHARS or not states_change(clause):
        return m
    former = [end for _, end in former_state_spans(clause)]
    later = [
        n
        for n in pattern.finditer(clause, m.end())
        if (value := n.groupdict().get("x"))
        and value.strip()
        and value != x
        and not any(0 <= n.start("x") - end <= _FORMER_REACH for end in former)
    ]
    return later[-1] if later else m


def _finish(content: str, language: str) -> str:
    content = _TRAILING_PUNCT.sub("", _strip_filler(content, language)).strip(" ,，、")
    pack = BY_CODE[language].extraction
    content = pack.preface.sub("", content).strip(" ,，、") or content
    return pack.rewrite(content) if pack.rewrite is not None else content


def _normalize_language(language: str | None, text: str) -> str:
    if language:
        base = language.split("-")[0].split("_")[0].lower()
        if base in BY_CODE:
            return base
    return gate_language(text)


def extract_candidates(
    user_text: str, language: str | None = None, assistant_text: str | None = None
) -> list[Candidate]:
    """Memory candidates stated in one user utterance (heuristics, no LLM).

    `assistant_text` (the bot's previous reply) is accepted for interface parity
    with the LLM extractor; the heuristics only read the user's own words, so a
    fact is never taken from what the assistant said.
    """
    del assistant_text  # see docstring: never a source of user facts
    if any(p.search(user_text) for p in _RENDER_REQUESTS):
        return []  # "これ英語に訳して：…": words to translate, not the user's news
    lang = _normalize_language(language, user_text)
    rules = BY_CODE[lang].extraction.rules
    out: list[Candidate] = []
    seen: set[tuple[str | None, str]] = set()
    spoken_of = SpokenOf()
    last_holder: tuple[int, str] | None = None  # the last sentence's fact about someone else: (index in out, whom)
    for sentence in _statements_joined(split_sentences(user_text)):
        if is_greeting_only(sentence):
            continue
        groups: list[Group] = []
        pending_start: int | None = None  # leading context clauses ("上個月開始，…")
        for start, end in _clauses(sentence, lang):
            clause = sentence[start:end]
            cleaned = _strip_filler(clause, lang)
            if not cleaned or is_greeting_only(clause):
                continue
            if _is_question(cleaned):
                pending_start = None
                continue
            holder = spoken_of.of(cleaned)
            hit = _match(rules, cleaned)
            if hit is not None and _describes_the_one_before(hit[0], cleaned, groups):
                hit = None  # "猫を飼っていて、名前はタマです": the name is the cat's, said in context
            if hit is not None and _goes_on_about(hit[0], holder, cleaned, groups):
                hit = None  # "我男朋友叫阿凱，在銀行上班": his bank, said of the one just named
            if hit is not None:
                rule, m = hit
                groups.append((pending_start if pending_start is not None else start, end, rule, m, holder))
                pending_start = None
            elif groups and groups[-1][1] <= start:
                g_start, _, g_rule, g_m, g_holder = groups[-1]
                groups[-1] = (g_start, end, g_rule, g_m, g_holder)  # context clause joins the fact before it
            elif pending_start is None:
                pending_start = start
        if not groups and (stated := _statement(sentence, lang)) is not None:
            content = _finish(stated, lang)
            last_holder = None
            if content and (None, content) not in seen:
                seen.add((None, content))
                out.append(_stated(content, stated, lang))
                if (named := someone_named_first(stated)) is not None:
                    last_holder = (len(out) - 1, named)  # "남친 이름은 준호야": what follows may be his
            continue
        before, last_holder = last_holder, None
        for g_start, g_end, rule, m, subject, negated, holder in _one_per_subject(sentence, groups):
            span = sentence[g_start:g_end]
            content = _finish(span, lang)
            if not content:
                continue
            carried = holder is not None and not _names(span, holder)
            if carried and not (subject or "").startswith(STATES_OF_A_PERSON):
                holder = None  # a later sentence's mood, liking or plan with no subject: the user's own
            elif carried and before is not None and before[1] == holder:
                # "우리 언니는 서울 살아. 은행에서 일해": one fact about her, in her sentence's words
                out[before[0]].content += _JOINER.get(lang, " ") + content
                continue
            key = whose_key(subject, holder)
            if (key, content) in seen:
                continue
            seen.add((key, content))
            theirs = key != subject
            out.append(
                Candidate(
                    content=content,
                    # someone else's job or home is no part of the user's profile
                    type=MemoryType.FACT if theirs and rule.type == MemoryType.PROFILE.value else MemoryType(rule.type),
                    safety=rule.safety,
                    emotional_valence=_valence(rule, span),
                    stability=rule.stability,
                    future_use=rule.future_use,
                    topics=list(rule.topics),
                    negated=negated,
                    subject_key=key,
                    value_key=_value_key(rule, m),
                    language=lang,
                    rule=rule.rule_id,
                )
            )
            if holder is not None:
                last_holder = (len(out) - 1, holder)
    return out


_REFERS_BACK = tuple(e.refers_back for e in _EXTRACTION if e.refers_back is not None)
_ENDING = tuple(e.ending_words for e in _EXTRACTION if e.ending_words is not None)


def _statements_joined(sentences: list[str]) -> list[str]:
    """A sentence that ends something and the next one, when that states the change, are one
    statement: "断食はもうやめた。最近はグルテンフリーにしてる", "채식은 그만뒀어. 요즘은 저탄고지 해".
    Apart, the first would be stored as a fact of its own naming only the old value, and offered
    for a question about the present beside (or before) the new one. So is a sentence that refers
    back to the one before it ("하얗고 통통해서 그렇게 지었어요"): alone, a fragment that says nothing
    of its own and sits near any short question."""
    out: list[str] = []
    for sentence in sentences:
        fits = out and len(out[-1]) + 1 + len(sentence) <= MAX_SENTENCE_CHARS  # never a run-on of pieces
        if fits and ((_ends_something(out[-1]) and states_change(sentence)) or _refers_back(sentence)):
            out[-1] = f"{out[-1]} {sentence}" if out[-1][-1].isascii() else f"{out[-1]}{sentence}"
            continue
        out.append(sentence)
    return out


def _refers_back(sentence: str) -> bool:
    return any(p.search(sentence) for p in _REFERS_BACK)


def _ends_something(sentence: str) -> bool:
    return any(p.search(sentence) for p in _ENDING) and not _is_question(sentence)


def _one_per_subject(
    sentence: str, groups: Sequence[Group]
) -> list[tuple[int, int, Rule, re.Match[str], str | None, bool, str | None]]:
    """Each group with its subject key and negation; two groups in a row about the same keyed
    subject are one fact, the later one's ("銀行を退職して、今は保険会社で働いています",
    "我跟志明分手了，現在的男朋友是建宏"): the sentence states a change, and its first half alone
    would be the replaced value said as if it were news. Negation is the later clause's own."""
    out: list[tuple[int, int, Rule, re.Match[str], str | None, bool, str | None]] = []
    for start, end, rule, m, holder in groups:
        span = sentence[start:end]
        subject = _subject(rule, m, span)
        negated = rule.negated or (rule.negation is not None and rule.negation.search(span) is not None)
        if out and subject is not None and out[-1][4] == subject and out[-1][6] == holder:
            start = out.pop()[0]
        out.append((start, end, rule, m, subject, negated, holder))
    return out


def _goes_on_about(rule: Rule, holder: str | None, clause: str, groups: Sequence[Group]) -> bool:
    """A clause that carries on about the one the fact before it in the sentence named, with no
    subject of its own: context of that fact, not the user's own job or home."""
    return (
        holder is not None
        and bool(groups)
        and groups[-1][4] == holder
        and not _names(clause, holder)
        and is_the_users(rule.subject)
    )


def _names(text: str, holder: str) -> bool:
    return holder in text.lower()


# how a later sentence about the same person is appended to the fact that named them
_JOINER = {"zh": "，", "ja": "、", "ko": ". ", "en": ". "}


def _stated(content: str, sentence: str, language: str) -> Candidate:
    """A statement no rule names: a plain fact with no subject key, so it never replaces another."""
    return Candidate(
        content=content,
        type=MemoryType.FACT,
        emotional_valence=_valence(_STATEMENT_RULE, sentence),
        stability=_STATEMENT_RULE.stability,
        future_use=_STATEMENT_RULE.future_use,
        language=language,
        rule=_STATEMENT_RULE.rule_id,
    )


_STATEMENT_RULE = Rule("statement", (), MemoryType.FACT.value, "", (), 0.5, 0.5)

# --------------------------------------------------------------------------- scoring

# Base importance per kind; safety items sit above every other tier (L2).
_TIER: dict[MemoryType, float] = {
    MemoryType.CONSTRAINT: 0.72,
    MemoryType.PROFILE: 0.7,
    MemoryType.FACT: 0.62,
    MemoryType.DECISION: 0.6,
    MemoryType.TODO: 0.56,
    MemoryType.PREFERENCE: 0.52,
    MemoryType.TIMELINE: 0.38,
    MemoryType.NOTE: 0.22,
}


def importance_for(candidate: Candidate) -> float:
    """0..1: safety >= 0.9 > stable profile / constraints > preferences > transient states."""
    if candidate.safety:
        return round(min(1.0, 0.9 + 0.05 * candidate.stability + 0.05 * candidate.future_use), 3)
    base = _TIER.get(candidate.type, 0.4)
    score = base + 0.06 * candidate.stability + 0.04 * candidate.future_use + 0.03 * abs(candidate.emotional_valence)
    return round(max(0.0, min(0.85, score)), 3)  # capped below the safety tier


def _unit(value: float) -> float:
    return max(0.0, min(1.0, value))


def salience(valence: float, novelty: float, relatedness: float, mentions: int) -> float:
    """Seed 001 salience: 0.4·|valence| + 0.3·novelty + 0.2·relatedness + 0.1·min(mentions / 10, 1)."""
    score = (
        0.4 * _unit(abs(valence))
        + 0.3 * _unit(novelty)
        + 0.2 * _unit(relatedness)
        + 0.1 * min(max(mentions, 0) / 10.0, 1.0)
    )
    return min(score, 1.0)


def novelty_from_similarities(top_similarities: Sequence[float], threshold: float = 0.8) -> float:
    """L2: novelty = 1 - (matches >= 0.8 among the top 5) / 5."""
    top5 = sorted(top_similarities, reverse=True)[:5]
    return 1.0 - sum(1 for s in top5 if s >= threshold) / 5.0
