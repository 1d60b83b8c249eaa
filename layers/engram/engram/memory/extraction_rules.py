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
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engram.domain.gate_rules import gate_language, is_greeting_only
from engram.memory.models import MemoryType

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


@dataclass(frozen=True, slots=True)
class _Rule:
    rule_id: str
    patterns: tuple[re.Pattern[str], ...]  # several, because group names cannot repeat in one regex
    type: MemoryType
    subject: str  # "{x}" = normalised capture, "{rel}" family relation, "{sym}" symptom
    topics: tuple[str, ...]
    stability: float
    future_use: float
    valence: float = 0.0
    safety: bool = False
    negated: bool = False  # the rule itself states a negation (dislikes)
    negation: re.Pattern[str] | None = None  # a clause matching this is negated


def _c(*patterns: str, flags: int = 0) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p, flags) for p in patterns)


# --------------------------------------------------------------------------- shared lexicons

# Canonical symptom keys shared across languages, so "咳" and "cough" update the same subject.
_SYMPTOM_CANON: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (key, re.compile(p, _I))
    for key, p in (
        ("breathing", r"breath|wheez|short of breath|喘|呼吸|息苦|息切れ|숨|호흡"),
        ("cough", r"cough|咳|せき|기침"),
        ("phlegm", r"phlegm|sputum|痰|たん|가래"),
        ("fever", r"fever|temperature|發燒|发烧|燒到|熱が|熱っぽ|열이|열나"),
        ("spo2", r"spo2|oxygen|血氧|酸素|산소"),
        ("blood_pressure", r"blood pressure|血壓|血压|血圧|혈압"),
        ("blood_sugar", r"blood sugar|glucose|血糖|혈당"),
        ("weight", r"weigh|體重|体重|몸무게|체중"),
        ("sleep", r"sleep|slept|insomnia|woke up|睡|失眠|眠れ|寝られ|寝不足|起きた|잠|못 잤|깼|불면"),
        ("fatigue", r"tired|exhausted|fatigue|累|疲|沒力|没力|だるい|피곤|지쳐"),
        ("dizziness", r"dizz|頭暈|头晕|めまい|어지러"),
        ("nausea", r"nause|vomit|threw up|噁心|恶心|吐|吐き気|메스꺼|토했"),
        ("appetite", r"appetite|胃口|食慾|食欲|입맛"),
        ("pain", r"pain|hurt|ache|sore|痛|疼|아프|아파|통증"),
    )
)

_FAMILY_CANON: dict[str, str] = {
    **dict.fromkeys(["wife", "太太", "老婆", "妻子", "妻", "家内", "아내", "와이프"], "wife"),
    **dict.fromkeys(["husband", "先生", "老公", "丈夫", "夫", "主人", "남편"], "husband"),
    **dict.fromkeys(
        ["partner", "boyfriend", "girlfriend", "男友", "女友", "男朋友", "女朋友", "彼氏", "彼女"], "partner"
    ),
    **dict.fromkeys(["son", "兒子", "儿子", "息子", "아들"], "son"),
    **dict.fromkeys(["daughter", "女兒", "女儿", "娘", "딸"], "daughter"),
    **dict.fromkeys(
        ["mother", "mom", "mum", "媽媽", "妈妈", "母親", "母亲", "母", "お母さん", "엄마", "어머니"], "mother"
    ),
    **dict.fromkeys(["father", "dad", "爸爸", "父親", "父亲", "父", "お父さん", "아빠", "아버지"], "father"),
    **dict.fromkeys(["brother", "哥哥", "弟弟", "兄", "弟", "형", "오빠", "남동생"], "brother"),
    **dict.fromkeys(["sister", "姐姐", "妹妹", "姊姊", "姉", "妹", "누나", "언니", "여동생"], "sister"),
    **dict.fromkeys(["sibling", "동생"], "sibling"),
    **dict.fromkeys(
        ["grandson", "granddaughter", "grandchild", "孫子", "孙子", "孫女", "孙女", "孫", "손자", "손녀"],
        "grandchild",
    ),
    **dict.fromkeys(
        [
            "grandmother",
            "grandma",
            "grandfather",
            "grandpa",
            "爺爺",
            "爷爷",
            "奶奶",
            "外婆",
            "外公",
            "阿公",
            "阿嬤",
            "阿嬷",
            "祖母",
            "祖父",
            "おばあちゃん",
            "おじいちゃん",
            "할머니",
            "할아버지",
        ],
        "grandparent",
    ),
}
_FAMILY_EN = (
    "wife|husband|partner|boyfriend|girlfriend|son|daughter|mother|mom|mum|father|dad|brother|sister"
    "|grandson|granddaughter|grandchild|grandmother|grandma|grandfather|grandpa"
)
_FAMILY_ZH = (
    "太太|老婆|妻子|先生|老公|丈夫|男朋友|女朋友|男友|女友|兒子|儿子|女兒|女儿|媽媽|妈妈|母親|母亲|爸爸|父親"
    "|父亲"
    "|哥哥|弟弟|姐姐|姊姊|妹妹|孫子|孙子|孫女|孙女|爺爺|爷爷|奶奶|外婆|外公|阿公|阿嬤|阿嬷"
)
_FAMILY_JA = (
    "お母さん|お父さん|おばあちゃん|おじいちゃん|母親|父親|家内|主人|祖母|祖父|息子|彼氏|彼女|娘|妻"
    "|夫|母|父|兄|姉|弟|妹|孫"
)
_FAMILY_KO = (
    "아내|와이프|남편|아들|딸|엄마|어머니|아빠|아버지|할머니|할아버지|형|오빠|누나|언니|남동생|여동생|동생|손자|손녀"
)

_PET_EN = r"dog|cat|puppy|kitten|pet|parrot|rabbit|bunny|hamster|bird|turtle"
_PET_ZH = r"狗狗|狗|貓咪|猫咪|貓|猫|寵物|宠物|毛孩|兔子|鸚鵡|鹦鹉|倉鼠|仓鼠"
_PET_JA = r"犬|猫|ペット|うちの子|わんちゃん|ワンちゃん|ねこ|ネコ|いぬ|イヌ|ウサギ|インコ|ハムスター"
_PET_KO = r"강아지|고양이|반려견|반려묘|반려동물|토끼|앵무새|햄스터|개"

# Words that make an emotion positive or negative (for emotional_valence).
_POSITIVE = re.compile(
    r"\b(?:happy|glad|great|excited|love|enjoy|relieved|proud|grateful|better|calm)\b"
    r"|開心|开心|高興|高兴|快樂|快乐|喜歡|喜欢|愛|爱|好多了|很好|不錯|不错|放心|嬉しい|うれしい|楽しい|幸せ"
    r"|好き|安心"
    r"|기뻐|기쁘|행복|좋아|신나|설레|다행",
    _I,
)
_NEGATIVE = re.compile(
    r"\b(?:sad|angry|upset|anxious|worried|stressed|depressed|lonely|afraid|scared|hate|frustrated|bored"
    r"|down)\b"
    r"|難過|难过|傷心|伤心|生氣|生气|焦慮|焦虑|緊張|紧张|煩|烦|害怕|孤單|孤单|寂寞|沮喪|沮丧|討厭|讨厌|憂鬱"
    r"|忧郁|無聊|无聊"
    r"|悲しい|寂しい|さびしい|イライラ|不安|落ち込|憂鬱|ストレス|嫌い|怖い"
    r"|슬퍼|슬프|우울|짜증|불안|스트레스|외로|화가|속상|싫어|무서",
    _I,
)

# --------------------------------------------------------------------------- English rules

_EN_STOP_AFTER_X = (
    r"(?=\s+(?:because|but|and|so|since|when|which|that|if|over|than|anymore|any more|at all|very much"
    r"|so much|a lot|too|either|now|every|daily|twice|once)\b|[,.;!?]|$)"
)
_X = rf"(?P<x>[\w'’ -]{{1,40}}?){_EN_STOP_AFTER_X}"
_EN_DATE = (
    r"^(?=.*\b(?:today|tonight|tomorrow|next (?:week|month|year|monday|tuesday|wednesday|thursday|friday"
    r"|saturday"
    r"|sunday)|this (?:weekend|week|afternoon|evening|monday|tuesday|wednesday|thursday|friday|saturday"
    r"|sunday)"
    r"|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|at \d{1,2}(?::\d{2})?\s?(?:am|pm)?"
    r"|on \d{1,2}/\d{1,2}|in \d+ (?:days|weeks|months)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov"
    r"|dec)[a-z]*\.? \d{1,2})\b)"
)
_EN_CONDITIONS = (
    r"copd|asthma|(?:type [12] )?diabetes|hypertension|high blood pressure|heart (?:disease|failure)"
    r"|arthritis"
    r"|epilepsy|kidney disease|ckd|cancer|emphysema|chronic bronchitis|depression|gout|dementia|parkinson'?s"
    r"|[a-z]+ disease|[a-z]+itis"
)

# What one takes or uses every day without it being a medicine.
_NOT_A_DRUG = (
    r"(?!(?:the|a|an|my|bus|train|car|subway|taxi|uber|twitter|facebook|instagram|tiktok|computer|phone"
    r"|laptop|stairs|elevator|dog|cat|kids?|shower|bath|walk|break|nap|time|care|photos?|notes?)\b)"
)

EN_RULES: tuple[_Rule, ...] = (
    _Rule(
        "pet_allergy",
        _c(rf"\bmy (?:{_PET_EN})\b.*\ballergic to {_X}", flags=_I),
        MemoryType.CONSTRAINT,
        "pet:allergy:{x}",
        ("pet", "health", "allergy"),
        0.9,
        0.9,
        -0.3,
        safety=True,
    ),
    _Rule(
        "pet_medication",
        _c(
            rf"\bmy (?:{_PET_EN})\b.*\b(?:takes|is on|is taking|gets) (?P<x>[\w-]+) ?(?:\d+ ?mg )?"
            r"(?:medicine|meds|pills?|tablets?|drops|injections?|daily|every|twice)",
            flags=_I,
        ),
        MemoryType.FACT,
        "pet:medication",
        ("pet", "health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    _Rule(
        "allergy",
        _c(
            rf"\ballergic to {_X}",
            r"\b(?:i have an? |my )(?P<x>[\w-]+(?: [\w-]+)?) allergy\b",
            r"\bno (?P<x>[\w-]+) allergy\b",
            flags=_I,
        ),
        MemoryType.CONSTRAINT,
        "allergy:{x}",
        ("health", "allergy"),
        0.95,
        0.95,
        -0.3,
        safety=True,
        negation=re.compile(r"\bnot allergic\b|\bno (?:\w+ )?allergy\b|\bisn'?t allergic\b|\bno longer allergic\b", _I),
    ),
    _Rule(
        "contraindication",
        _c(
            rf"\b(?:can'?t|cannot|can not|must not|mustn'?t|shouldn'?t|should not|(?:am|'m) not allowed to"
            rf"|(?:was|were) told not to|not supposed to) (?:take|eat|drink|have|use|mix) {_X}",
            rf"\b(?:doctor|physician|nurse|pharmacist) (?:said|says|told me) (?:not to (?:take|eat|drink"
            rf"|have|use)"
            rf"|to avoid|no) {_X}",
            rf"\b(?:i )?(?:have to|must|need to) avoid {_X}",
            flags=_I,
        ),
        MemoryType.CONSTRAINT,
        "contraindication:{x}",
        ("health", "contraindication"),
        0.9,
        0.95,
        -0.2,
        safety=True,
    ),
    _Rule(
        "medication_taken",
        _c(
            r"\b(?:took|have taken|'ve taken|forgot to take|forgot|missed|skipped) (?:my |the )?"
            r"(?:meds|medicine|medication|pills?|inhaler|dose|insulin)\b",
            flags=_I,
        ),
        MemoryType.TIMELINE,
        "medication_taken",
        ("health", "medication"),
        0.1,
        0.3,
    ),
    _Rule(
        "medication",
        _c(
            r"\bi(?:'m| am)? (?:now |still |also )?(?:take|taking|on|use|using) (?P<x>" + _NOT_A_DRUG + r"[a-z][\w-]+)"
            r"(?: \d+ ?(?:mg|mcg|ml|units))?\b(?=.*\b(?:daily|every|each|twice|once|a day|per day|morning"
            r"|night"
            r"|pills?|tablets?|inhaler|mg|medication|medicine|prescribed|for my)\b)",
            r"\b(?:prescribed|i(?:'m| am) on) (?P<x>[a-z][\w-]+)(?: \d+ ?(?:mg|mcg|ml|units))?",
            r"\bmy (?:medication|medicine|meds) (?:is|are|include) (?P<x>[\w-]+)",
            r"\b(?:stopped|quit) taking (?P<x>[\w-]+)",
            flags=_I,
        ),
        MemoryType.FACT,
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
        negation=re.compile(r"\b(?:stopped|quit|no longer|not taking|don'?t take|off)\b", _I),
    ),
    _Rule(
        "condition",
        _c(
            rf"\bi (?:have|'ve got|have got|live with|suffer from|(?:was|got|'ve been"
            rf"|have been) diagnosed with)"
            rf" (?P<x>{_EN_CONDITIONS})\b",
            rf"\bdiagnosed with {_X}",
            flags=_I,
        ),
        MemoryType.FACT,
        "condition:{x}",
        ("health", "condition"),
        0.95,
        0.9,
        -0.3,
        safety=True,
        negation=re.compile(r"\bdon'?t have\b|\bno longer\b", _I),
    ),
    _Rule(
        "name",
        _c(
            r"\bmy name(?:'s| is) (?P<x>[A-Za-z][\w'-]*(?: [A-Z][\w'-]*)?)",
            r"\bcall me (?P<x>[A-Za-z][\w'-]*)",
            r"\bi go by (?P<x>[A-Za-z][\w'-]*)",
            r"\bi(?:'m| am) called (?P<x>[A-Za-z][\w'-]*)",
            flags=_I,
        ),
        MemoryType.PROFILE,
        "name",
        ("profile",),
        0.95,
        0.8,
    ),
    _Rule(
        "name",
        # "I'm Tom" only when the clause is nothing more; case-sensitive on the capital.
        _c(
            r"^(?:[Ii]'m|[Ii] am) (?P<x>(?!(?:Fine|Good|Okay|Ok|Sorry|Here|Back|Done|Not|So|Very|Just|Also"
            r"|Still|"
            r"Japanese|Korean|Chinese|Taiwanese|American|English|Home|Ready|Retired)\b)[A-Z][a-z]+)\W*$"
        ),
        MemoryType.PROFILE,
        "name",
        ("profile",),
        0.95,
        0.8,
    ),
    _Rule(
        "age",
        _c(
            r"\bi(?:'m| am) (?P<x>\d{1,3})(?: years? old| yo)?\W*$",
            r"\bi(?:'m| am) (?P<x>\d{1,3}) years? old\b",
            r"\bi (?:just )?turned (?P<x>\d{1,3})\b",
            r"\bmy age is (?P<x>\d{1,3})\b",
            flags=_I,
        ),
        MemoryType.PROFILE,
        "age",
        ("profile",),
        0.7,
        0.6,
    ),
    _Rule(
        "job",
        _c(
            rf"\bi (?:now |currently |still |actually )?work (?:as|at|for|in) {_X}",
            rf"\bi(?:'m| am) (?:now |currently )?working (?:as|at|for|in) {_X}",
            rf"\bi (?:just |recently )?(?:started (?:a new job |working )?at|got a (?:new )?job at) {_X}",
            rf"\bmy (?:new )?(?:job|profession|occupation) is {_X}",
            r"\bi(?:'m| am) an? (?P<x>nurse|teacher|doctor|engineer|student|lawyer|developer|programmer"
            r"|designer"
            r"|accountant|chef|cook|farmer|driver|caregiver|pharmacist|manager|writer|artist|homemaker)\b",
            r"\bi(?:'m| am| have) (?P<x>retired)\b",
            flags=_I,
        ),
        MemoryType.PROFILE,
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    _Rule(
        "lives_in",
        _c(
            rf"\bi(?:'m| am)? (?:now |currently |still )?(?:live|living|based|(?:just |recently )?moved"
            rf"|relocated)"
            rf" (?:in|to) {_X}",
            flags=_I,
        ),
        MemoryType.PROFILE,
        "lives_in",
        ("profile", "location"),
        0.8,
        0.7,
    ),
    _Rule(
        "hometown",
        _c(rf"\bi(?:'m| am) (?:originally )?from {_X}", rf"\bi grew up in {_X}", flags=_I),
        MemoryType.PROFILE,
        "hometown",
        ("profile", "location"),
        0.9,
        0.4,
    ),
    _Rule(
        "pet_health",
        _c(
            rf"\bmy (?:{_PET_EN})\b.*\b(?:vomit\w*|threw up|throwing up|sick|diarrh\w*|limp\w*|cough\w*"
            rf"|sneez\w*"
            r"|not eating|isn'?t eating|won'?t eat|hasn'?t eaten|lethargic)\b",
            flags=_I,
        ),
        MemoryType.TIMELINE,
        "pet:health",
        ("pet", "health"),
        0.2,
        0.6,
        -0.5,
    ),
    _Rule(
        "pet_name",
        _c(
            rf"\bmy (?:{_PET_EN})(?:'s name is| is (?:called|named)| named| called) (?P<x>[A-Za-z][\w-]*)",
            rf"\bi have an? (?:{_PET_EN}) (?:named|called) (?P<x>[A-Za-z][\w-]*)",
            flags=_I,
        ),
        MemoryType.FACT,
        "pet:name",
        ("pet",),
        0.8,
        0.7,
        0.2,
    ),
    _Rule(
        "pet_species",
        _c(rf"\bi (?:have|own|adopted|got) (?:an?|one|two|three|\d+) (?:{_PET_EN})s?\b", flags=_I),
        MemoryType.FACT,
        "pet:species",
        ("pet",),
        0.8,
        0.6,
        0.2,
    ),
    _Rule(
        "pet_diet",
        _c(
            rf"\bmy (?:{_PET_EN})\b.*\b(?:eats|only eats|is on an? \w* ?diet|food|kibble|diet|treats)\b",
            flags=_I,
        ),
        MemoryType.FACT,
        "pet:diet",
        ("pet", "diet"),
        0.7,
        0.7,
    ),
    _Rule(
        "pet_vet",
        _c(r"\b(?:vet|veterinarian|animal hospital|animal clinic)\b", flags=_I),
        MemoryType.FACT,
        "pet:vet",
        ("pet",),
        0.7,
        0.6,
    ),
    _Rule(
        "family",
        _c(rf"\bmy (?P<rel>{_FAMILY_EN})s?\b", flags=_I),
        MemoryType.FACT,
        "family:{rel}",
        ("family",),
        0.7,
        0.5,
    ),
    _Rule(
        "todo",
        _c(
            r"\bremind me to (?P<x>[\w' -]{1,40})",
            _EN_DATE + r".*?\bi(?: have|'ve got| need| must| will|'ll|'m going| am going| plan|'m planning"
            r"| am planning)(?: to)? (?P<x>(?!\w+ly\b)[a-z][\w' -]{1,40}?)"
            r"(?=\s+(?:today|tonight|tomorrow|next|this|on|at|in)\b|[,.;!?]|$)",
            _EN_DATE + r".*?\b(?P<x>(?:dentist |doctor'?s? |vet |eye )?(?:appointment|check-?up|surgery|follow-?up"
            r"|exam|vaccination|blood test))\b",
            flags=_I,
        ),
        MemoryType.TODO,
        "todo:{x}",
        ("plan",),
        0.3,
        0.9,
    ),
    _Rule(
        "decision",
        _c(
            rf"\bi(?:'ve| have)? decided (?:to |on |that )?{_X}",
            rf"\bi(?:'ll| will) go with {_X}",
            rf"\bi chose {_X}",
            rf"\bwe(?:'ve| have)? decided (?:to |on )?{_X}",
            rf"\bi(?:'m| am) going with {_X}",
            flags=_I,
        ),
        MemoryType.DECISION,
        "decision:{x}",
        ("decision",),
        0.6,
        0.7,
    ),
    _Rule(
        "goal",
        _c(
            rf"\bmy goal is (?:to )?{_X}",
            r"\bi(?: want| hope| plan| aim|'m trying| am trying|'d like| would like) to (?P<x>(?:lose|quit"
            r"|stop|run|learn"
            r"|reduce|improve|lower|walk|exercise|save|finish|become|start|cut down|get fit"
            r"|get better)\b[\w' -]{0,30}?)" + _EN_STOP_AFTER_X,
            flags=_I,
        ),
        MemoryType.PROFILE,
        "goal:{x}",
        ("goal",),
        0.6,
        0.8,
        0.3,
    ),
    _Rule(
        "dislikes",
        _c(
            rf"\bi (?:really |just |also )?(?:don'?t|do not) (?:like|enjoy|love) {_X}",
            rf"\bi (?:really |also )?(?:hate|dislike|detest|can'?t stand) {_X}",
            flags=_I,
        ),
        MemoryType.PREFERENCE,
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        -0.4,
        negated=True,
    ),
    _Rule(
        "likes",
        _c(
            rf"\bi (?:really |also |absolutely |just |usually )?(?:like|love|enjoy|adore|prefer) {_X}",
            rf"\bmy favou?rite [\w ]{{1,20}}? (?:is|are) {_X}",
            flags=_I,
        ),
        MemoryType.PREFERENCE,
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        0.5,
    ),
    _Rule(
        "symptom",
        _c(
            r"\b(?:i|i'm|i've|my|me)\b.*\b(?:breath\w*|breathless|wheez\w*|cough\w*|phlegm|sputum|pain\w*"
            r"|hurts?"
            r"|hurting|ache\w*|sore|fever|temperature|tired|exhausted|fatigue\w*|dizzy|nause\w*|vomit\w*"
            r"|threw up"
            r"|diarrh\w*|insomnia|sleep\w*|slept|woke up|blood pressure|blood sugar|spo2|oxygen|weigh\w*"
            r"|appetite)\b",
            r"\b(?:spo2|oxygen|blood pressure|blood sugar|weight)\b.{0,20}\d",
            flags=_I,
        ),
        MemoryType.TIMELINE,
        "symptom:{sym}",
        ("health", "symptom"),
        0.2,
        0.6,
        -0.5,
    ),
    _Rule(
        "mood",
        _c(
            r"\bi(?:'m| am| feel| felt|'ve been| have been| was)(?: feeling)? (?:so |very |really |a bit "
            r"|kind of "
            r"|pretty |quite |a little )?(?P<x>happy|sad|stressed|anxious|lonely|excited|angry|upset"
            r"|worried|depressed"
            r"|bored|great|good|down|frustrated|nervous|calm|relaxed|grateful|scared)\b",
            flags=_I,
        ),
        MemoryType.NOTE,
        "mood",
        ("mood",),
        0.1,
        0.2,
    ),
)

# ----------------------------------------------------------- Chinese rules (zh-TW and zh-CN forms)

_ZX = r"(?P<x>[^\s，,。！？!?、；;：:]{1,12}?)"  # a short span up to the next punctuation, lazy
_ZH_DATE = (
    r"^(?=.*(?:明天|後天|后天|下週|下周|下禮拜|下礼拜|下星期|下個月|下个月|今晚|今天下午|今天晚上|月底|週末"
    r"|周末"
    r"|\d{1,2}月\d{1,2}[日號号]|\d{1,2}[號号]|(?:禮拜|礼拜|星期|週|周)[一二三四五六日天]))"
)
_ZH_CONDITIONS = (
    r"慢性阻塞性肺病|慢阻肺|COPD|肺氣腫|肺气肿|氣喘|气喘|哮喘|糖尿病|高血壓|高血压|心臟病|心脏病|心衰竭"
    r"|腎臟病|肾脏病"
    r"|關節炎|关节炎|癲癇|癫痫|癌症|[^\s，。]{1,4}癌|憂鬱症|忧郁症|抑鬱症|抑郁症|痛風|痛风|中風|中风|失智症"
    r"|帕金森"
)

ZH_RULES: tuple[_Rule, ...] = (
    _Rule(
        "pet_allergy",
        _c(rf"(?:{_PET_ZH}).{{0,8}}(?:對|对){_ZX}(?:過敏|过敏)"),
        MemoryType.CONSTRAINT,
        "pet:allergy:{x}",
        ("pet", "health", "allergy"),
        0.9,
        0.9,
        -0.3,
        safety=True,
    ),
    _Rule(
        "pet_medication",
        _c(rf"(?:{_PET_ZH}).{{0,8}}(?:在吃|每天吃|要吃|吃的藥|吃的药|服用)"),
        MemoryType.FACT,
        "pet:medication",
        ("pet", "health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    _Rule(
        "allergy",
        _c(
            r"(?:對|对)(?P<x>[^\s，,。！？!?、不沒没]{1,12}?)(?:不會|不会|不|沒有|没有|會|会|有|很|嚴重"
            r"|严重)?(?:過敏|过敏)",
            r"(?P<x>[^\s，,。！？!?、我對对有是不沒没會会]{1,10}?)(?:過敏|过敏)",
        ),
        MemoryType.CONSTRAINT,
        "allergy:{x}",
        ("health", "allergy"),
        0.95,
        0.95,
        -0.3,
        safety=True,
        negation=re.compile(r"不(?:會|会)?(?:過敏|过敏)|沒有?(?:過敏|过敏)|没有?过敏"),
    ),
    _Rule(
        "contraindication",
        _c(
            rf"(?:不能|不可以|不可|不宜|禁止|避免|別|别|不要|不准)(?:吃|喝|服用|用|碰"
            rf"|吃到){_ZX}(?=[，,。！？!?]|$)",
            rf"(?:醫生|医生|醫師|医师)(?:說|说|叫我|交代|要我)(?:不要|不能|別|别|避免|少)(?:吃|喝|服用"
            rf"|用)?{_ZX}(?=[，,。！？!?]|$)",
            rf"{_ZX}是禁忌",
        ),
        MemoryType.CONSTRAINT,
        "contraindication:{x}",
        ("health", "contraindication"),
        0.9,
        0.95,
        -0.2,
        safety=True,
    ),
    _Rule(
        "medication",
        _c(
            r"(?:每天|每日|每晚|每早|早晚|固定|長期|长期|一直|定期|正在|都在|在|有在)(?:都)?(?:吃|服用|使用"
            r"|用|噴|喷|打)"
            r"(?P<x>(?!早餐|早飯|早饭|午餐|午飯|午饭|晚餐|晚飯|晚饭|飯|饭|宵夜|點心|点心|水果|蔬菜|咖啡|茶|牛奶|零食)"
            r"[^\s，,。！？!?了]{1,12})",
            r"我(?:有)?(?:吃|服用)(?P<x>[^\s，,。！？!?了過过]{1,10}(?:藥|药|錠|锭|膠囊|胶囊))",
            r"(?:醫生|医生)(?:開|开)了?(?P<x>[^\s，,。！？!?]{1,10}?)(?:給我|给我)",
            r"(?:停了|停掉|不吃|沒在吃|没在吃)(?P<x>[^\s，,。！？!?了]{1,10}(?:藥|药|錠|锭))",
        ),
        MemoryType.FACT,
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
        negation=re.compile(r"停了|停掉|停藥|停药|不吃了|沒在吃|没在吃|不再"),
    ),
    _Rule(
        "condition",
        _c(
            rf"(?:有|患有|得了|罹患|確診|确诊|診斷出|诊断出|被診斷(?:出|為|有)|被诊断(?:出|为|有)"
            rf"|是)(?P<x>{_ZH_CONDITIONS})",
            rf"(?P<x>{_ZH_CONDITIONS})(?:患者|病人|病史|很多年|好幾年|好几年)",
        ),
        MemoryType.FACT,
        "condition:{x}",
        ("health", "condition"),
        0.95,
        0.9,
        -0.3,
        safety=True,
        negation=re.compile(r"沒有|没有|不是"),
    ),
    _Rule(
        "medication_taken",
        _c(r"(?:吃|服|噴|喷|用)(?:過|过|了)?(?:藥|药)|(?:藥|药)(?:吃了|吃過|吃过|忘了吃)"),
        MemoryType.TIMELINE,
        "medication_taken",
        ("health", "medication"),
        0.1,
        0.3,
    ),
    _Rule(
        "name",
        _c(
            r"我(?:的名字)?叫(?!了|過|过|車|车|外賣|外卖)(?:做)?(?P<x>[^\s，,。！？!?的]{1,8}?)(?:喔|哦|啦"
            r"|啊|呀)?(?=[，,。！？!?]|$)",
            r"我的名字是(?P<x>[^\s，,。！？!?]{1,8})",
            r"叫我(?P<x>[^\s，,。！？!?]{1,6}?)(?:就好|就可以|吧)?(?=[，,。！？!?]|$)",
        ),
        MemoryType.PROFILE,
        "name",
        ("profile",),
        0.95,
        0.8,
    ),
    _Rule(
        "age",
        _c(r"(?:我|今年)(?:今年|已經|已经)?(?P<x>\d{1,3}|[一二三四五六七八九十]{1,3})(?:歲|岁)"),
        MemoryType.PROFILE,
        "age",
        ("profile",),
        0.7,
        0.6,
    ),
    _Rule(
        "job",
        _c(
            r"我(?:是|當|当|在當|在当)(?:一名|一個|一个|一位|個|个)?(?P<x>[^\s，,。！？!?]{0,6}(?:醫生|医生"
            r"|護理師|护理师|護士|护士"
            r"|老師|老师|教師|教师|工程師|工程师|學生|学生|律師|律师|會計|会计|會計師|会计师|司機|司机|廚師"
            r"|厨师|設計師|设计师"
            r"|公務員|公务员|農夫|农夫|家庭主婦|家庭主妇|上班族|業務|业务|經理|经理|藥師|药师))",
            r"我(?:現在|现在|目前|已經|已经|最近)?(?:改|換到|换到|轉到|转到)?在(?P<x>[^\s，,。！？!?]{1,12}?)(?:工作|上班)",
            r"我(?:現在|现在|目前|最近)?(?:換|换|轉|转)?(?:到|去)(?P<x>[^\s，,。！？!?]{1,12}?)(?:工作|上班)了?",
            r"我的工作是(?P<x>[^\s，,。！？!?]{1,12})",
            r"我(?:已經|已经)?(?P<x>退休)",
        ),
        MemoryType.PROFILE,
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    _Rule(
        "lives_in",
        _c(
            r"(?:我(?:現在|现在|目前|一直)?住在?|住在)(?!院)(?P<x>[^\s，,。！？!?]{1,14})",
            r"(?:搬到|搬去|搬家到|搬來|搬来)(?P<x>[^\s，,。！？!?了]{1,14})",
            r"我家在(?P<x>[^\s，,。！？!?]{1,14})",
        ),
        MemoryType.PROFILE,
        "lives_in",
        ("profile", "location"),
        0.8,
        0.7,
    ),
    _Rule(
        "hometown",
        _c(
            r"我(?:是|來自|来自)(?P<x>[^\s，,。！？!?]{1,8}?)(?:人|來的|来的)(?=[，,。！？!?]|$)",
            r"我的?老家(?:在|是)(?P<x>[^\s，,。！？!?]{1,10})",
        ),
        MemoryType.PROFILE,
        "hometown",
        ("profile", "location"),
        0.9,
        0.4,
    ),
    _Rule(
        "pet_health",
        _c(rf"(?:{_PET_ZH}).{{0,8}}(?:吐|拉肚子|腹瀉|腹泻|不吃|沒食慾|没食欲|生病|咳|打噴嚏|打喷嚏|跛)"),
        MemoryType.TIMELINE,
        "pet:health",
        ("pet", "health"),
        0.2,
        0.6,
        -0.5,
    ),
    _Rule(
        "pet_name",
        _c(
            rf"(?:{_PET_ZH})(?:的名字)?(?:叫做|叫|名叫|是)(?P<x>[^\s，,。！？!?]{{1,8}})",
            rf"(?P<x>[^\s，,。！？!?我]{{1,6}})是我(?:家|養|养)?的(?:{_PET_ZH})",
        ),
        MemoryType.FACT,
        "pet:name",
        ("pet",),
        0.8,
        0.7,
        0.2,
    ),
    _Rule(
        "pet_species",
        _c(rf"我(?:家)?(?:有)?(?:養|养)了?(?:一隻|一只|兩隻|两只|\d+隻|\d+只|隻|只)?(?:{_PET_ZH})"),
        MemoryType.FACT,
        "pet:species",
        ("pet",),
        0.8,
        0.6,
        0.2,
    ),
    _Rule(
        "pet_diet",
        _c(rf"(?:{_PET_ZH}).{{0,8}}(?:吃|飼料|饲料|罐頭|罐头|鮮食|鲜食|零食)"),
        MemoryType.FACT,
        "pet:diet",
        ("pet", "diet"),
        0.7,
        0.7,
    ),
    _Rule("pet_vet", _c(r"獸醫|兽医|動物醫院|动物医院"), MemoryType.FACT, "pet:vet", ("pet",), 0.7, 0.6),
    _Rule(
        "family",
        _c(rf"(?:我的?|我家|我們家|我们家)(?P<rel>{_FAMILY_ZH})"),
        MemoryType.FACT,
        "family:{rel}",
        ("family",),
        0.7,
        0.5,
    ),
    _Rule(
        "todo",
        _c(
            r"提醒我(?P<x>[^\s，,。！？!?]{1,14})",
            _ZH_DATE + r".*?(?P<x>(?:要|得|會|会|預約|预约|約了|约了|回診|回诊|複診|复诊|看醫生|看医生|檢查|检查"
            r"|打疫苗|開刀|开刀|手術|手术"
            r"|去)[^\s，,。！？!?]{0,12})",
        ),
        MemoryType.TODO,
        "todo:{x}",
        ("plan",),
        0.3,
        0.9,
    ),
    _Rule(
        "decision",
        _c(r"(?:決定|决定|選擇|选择|下定決心|下定决心)(?:了|要)?(?P<x>[^\s，,。！？!?]{1,14})"),
        MemoryType.DECISION,
        "decision:{x}",
        ("decision",),
        0.6,
        0.7,
    ),
    _Rule(
        "goal",
        _c(
            r"我的目標是(?P<x>[^\s，,。！？!?]{1,14})",
            r"我的目标是(?P<x>[^\s，,。！？!?]{1,14})",
            r"我(?:想要|想|希望|打算|計劃|计划|決心|决心|正在努力)(?P<x>(?:減|减|瘦|戒|學|学|存|跑|運動|运动"
            r"|改善|降低|控制"
            r"|多走|每天)[^\s，,。！？!?]{0,12})",
        ),
        MemoryType.PROFILE,
        "goal:{x}",
        ("goal",),
        0.6,
        0.8,
        0.3,
    ),
    _Rule(
        "dislikes",
        _c(
            r"我(?:很|最|超|非常|也|真的)?(?:不喜歡|不喜欢|討厭|讨厌|不愛|不爱|受不了)(?:吃|喝|看|聽|听|玩)?"
            r"(?P<x>[^\s，,。！？!?]{1,12})"
        ),
        MemoryType.PREFERENCE,
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        -0.4,
        negated=True,
    ),
    _Rule(
        "likes",
        _c(
            r"我(?:很|最|超|非常|蠻|蛮|挺|也|還|还|比較|比较|特別|特别|真的)?(?:喜歡|喜欢|愛|爱|偏好)(?:吃"
            r"|喝|看|聽|听|玩)?"
            r"(?P<x>[^\s，,。！？!?]{1,12})"
        ),
        MemoryType.PREFERENCE,
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        0.5,
    ),
    _Rule(
        "symptom",
        _c(
            r"喘|呼吸|咳|痰|痛|疼|發燒|发烧|燒到|頭暈|头晕|噁心|恶心|吐了|拉肚子|腹瀉|腹泻|累|疲倦|疲勞|疲劳"
            r"|沒力|没力"
            r"|睡不著|睡不着|失眠|睡不好|睡得|血氧|血壓|血压|血糖|體重|体重|胃口|食慾|食欲|腫|肿|癢|痒"
        ),
        MemoryType.TIMELINE,
        "symptom:{sym}",
        ("health", "symptom"),
        0.2,
        0.6,
        -0.5,
    ),
    _Rule(
        "mood",
        _c(
            r"(?:心情|我)(?:今天|現在|现在|最近)?(?:很|好|有點|有点|超|非常|真|覺得|觉得)?(?P<x>開心|开心"
            r"|高興|高兴|快樂|快乐"
            r"|難過|难过|傷心|伤心|生氣|生气|焦慮|焦虑|緊張|紧张|煩|烦|無聊|无聊|孤單|孤单|寂寞|沮喪|沮丧"
            r"|不好|很好|不錯|不错)"
        ),
        MemoryType.NOTE,
        "mood",
        ("mood",),
        0.1,
        0.2,
    ),
)

# --------------------------------------------------------------------------- Japanese rules

_JX = r"(?P<x>[^\s、。！？!?はがをにでとも]{1,12}?)"  # a noun phrase up to the next particle, lazy
_JA_DATE = (
    r"^(?=.*(?:明日|あした|明後日|あさって|来週|来月|今夜|今晩|今週末|週末|\d{1,2}月\d{1,2}日|\d{1,2}日に"
    r"|[月火水木金土日]曜日?))"
)
_JA_CONDITIONS = (
    r"喘息|ぜんそく|糖尿病|高血圧|COPD|慢性閉塞性肺疾患|肺気腫|心臓病|心不全|腎臓病|関節炎|てんかん|がん|癌"
    r"|うつ病"
    r"|痛風|認知症|パーキンソン病"
)
_JA_DRUG = r"(?:[^\s、。！？!?はがをにでとも]{0,10}(?:薬|錠|剤|インスリン|吸入器|カプセル|サプリ))"

JA_RULES: tuple[_Rule, ...] = (
    _Rule(
        "pet_allergy",
        _c(rf"(?:{_PET_JA}).{{0,8}}?{_JX}(?:に対する|への|の)?アレルギー"),
        MemoryType.CONSTRAINT,
        "pet:allergy:{x}",
        ("pet", "health", "allergy"),
        0.9,
        0.9,
        -0.3,
        safety=True,
    ),
    _Rule(
        "pet_medication",
        _c(rf"(?:{_PET_JA}).{{0,10}}(?:薬|投薬|服用)"),
        MemoryType.FACT,
        "pet:medication",
        ("pet", "health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    _Rule(
        "allergy",
        _c(rf"{_JX}(?:に対する|への|の|に)?アレルギー"),
        MemoryType.CONSTRAINT,
        "allergy:{x}",
        ("health", "allergy"),
        0.95,
        0.95,
        -0.3,
        safety=True,
        negation=re.compile(r"アレルギーは(?:ない|ありません|無い)|アレルギーじゃない|アレルギーではない"),
    ),
    _Rule(
        "contraindication",
        _c(
            rf"{_JX}(?:は|を|が)?(?:飲めない|飲めません|食べられない|食べられません|飲んではいけない"
            rf"|食べてはいけない"
            r"|飲んじゃダメ|食べちゃダメ|禁止|控えるように|避けるように|止められ|禁忌)"
        ),
        MemoryType.CONSTRAINT,
        "contraindication:{x}",
        ("health", "contraindication"),
        0.9,
        0.95,
        -0.2,
        safety=True,
    ),
    _Rule(
        "medication",
        _c(
            rf"(?P<x>{_JA_DRUG})を?(?:毎日|毎朝|毎晩|朝晩|一日\d回|ずっと|定期的に)?(?:飲んで|服用して"
            rf"|使って|吸入して|打って)"
            r"(?:い|お|る)",
            rf"{_JX}を(?:毎日|毎朝|毎晩|朝晩|一日\d回|ずっと|定期的に)?服用",
            rf"(?P<x>{_JA_DRUG})を(?:やめ|中止)",
        ),
        MemoryType.FACT,
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
        negation=re.compile(r"やめた|やめました|中止|止めた"),
    ),
    _Rule(
        "condition",
        _c(
            rf"(?P<x>{_JA_CONDITIONS})(?:が(?:あ|持病)|を持って|持ち|です|と診断|の持病|を患って|になった"
            rf"|になりました|を抱えて)",
            r"持病(?:は|が)(?P<x>[^\s、。！？!?]{1,10}?)(?:です|だ|で|がある|$)",
        ),
        MemoryType.FACT,
        "condition:{x}",
        ("health", "condition"),
        0.95,
        0.9,
        -0.3,
        safety=True,
    ),
    _Rule(
        "medication_taken",
        _c(r"薬(?:を)?(?:飲んだ|飲みました|飲み忘れ|吸入した|飲んでない|飲んでいない)"),
        MemoryType.TIMELINE,
        "medication_taken",
        ("health", "medication"),
        0.1,
        0.3,
    ),
    _Rule(
        "name",
        _c(
            r"(?:^|私の|僕の|俺の|わたしの|あたしの)名前は(?P<x>[^\s、。！？!?]{1,10}?)(?:です|だ|といいます"
            r"|と申します|っていいます)",
            r"(?P<x>[^\s、。！？!?はが]{1,10}?)と(?:申します|いいます)",
            r"(?P<x>[^\s、。！？!?はが]{1,8}?)(?:って|と)呼んで",
        ),
        MemoryType.PROFILE,
        "name",
        ("profile",),
        0.95,
        0.8,
    ),
    _Rule(
        "age",
        _c(r"^(?:私は|僕は|俺は)?(?:今年)?(?P<x>\d{1,3})歳"),
        MemoryType.PROFILE,
        "age",
        ("profile",),
        0.7,
        0.6,
    ),
    _Rule(
        "job",
        _c(
            r"(?P<x>[^\s、。！？!?はが]{0,8}(?:医者|医師|看護師|教師|先生|エンジニア|学生|会社員|公務員|主婦"
            r"|弁護士|会計士"
            r"|料理人|デザイナー|プログラマー|農家|運転手|薬剤師))(?:です|だ|をして|として|なんです)",
            rf"{_JX}で働いて",
            r"仕事は(?P<x>[^\s、。！？!?]{1,12}?)(?:です|だ|で|$)",
            r"(?P<x>退職|定年)",
        ),
        MemoryType.PROFILE,
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    _Rule(
        "lives_in",
        _c(rf"{_JX}に住んで", rf"{_JX}に(?:引っ越し|引越し|転居)"),
        MemoryType.PROFILE,
        "lives_in",
        ("profile", "location"),
        0.8,
        0.7,
    ),
    _Rule(
        "hometown",
        _c(r"出身は(?P<x>[^\s、。！？!?]{1,10}?)(?:です|だ|で|$)", rf"{_JX}出身"),
        MemoryType.PROFILE,
        "hometown",
        ("profile", "location"),
        0.9,
        0.4,
    ),
    _Rule(
        "pet_health",
        _c(rf"(?:{_PET_JA}).{{0,10}}(?:吐い|下痢|食べない|食べません|元気がない|病気|咳|くしゃみ|足を引きず)"),
        MemoryType.TIMELINE,
        "pet:health",
        ("pet", "health"),
        0.2,
        0.6,
        -0.5,
    ),
    _Rule(
        "pet_name",
        _c(
            rf"(?:{_PET_JA})(?:の名前)?は(?P<x>[^\s、。！？!?]{{1,10}}?)(?:です|だ|っていう|といいます"
            rf"|という名前)",
            rf"(?P<x>[^\s、。！？!?はが]{{1,10}}?)という(?:名前の)?(?:{_PET_JA})",
        ),
        MemoryType.FACT,
        "pet:name",
        ("pet",),
        0.8,
        0.7,
        0.2,
    ),
    _Rule(
        "pet_species",
        _c(rf"(?:{_PET_JA})を(?:\d+匹|[一二三]匹)?飼って"),
        MemoryType.FACT,
        "pet:species",
        ("pet",),
        0.8,
        0.6,
        0.2,
    ),
    _Rule(
        "pet_diet",
        _c(rf"(?:{_PET_JA}).{{0,10}}(?:フード|餌|えさ|エサ|ごはん|ご飯|おやつ)"),
        MemoryType.FACT,
        "pet:diet",
        ("pet", "diet"),
        0.7,
        0.7,
    ),
    _Rule("pet_vet", _c(r"獣医|動物病院"), MemoryType.FACT, "pet:vet", ("pet",), 0.7, 0.6),
    _Rule(
        "family",
        _c(rf"(?<![\u4e00-\u9fff])(?P<rel>{_FAMILY_JA})(?:が|は|と|も|の|に|を)"),
        MemoryType.FACT,
        "family:{rel}",
        ("family",),
        0.7,
        0.5,
    ),
    _Rule(
        "todo",
        _c(
            r"(?P<x>[^\s、。！？!?]{0,12}?)(?:をリマインド|を忘れないように)",
            _JA_DATE + r".*?(?P<x>[^\s、。！？!?]{0,12}?(?:予定|予約|受診|通院|検査|手術|行く|行きます|しなきゃ"
            r"|しないと"
            r"|します))",
        ),
        MemoryType.TODO,
        "todo:{x}",
        ("plan",),
        0.3,
        0.9,
    ),
    _Rule(
        "decision",
        _c(r"(?P<x>[^\s、。！？!?]{1,14}?)(?:ことにした|ことにしました|ことに決めた|に決めた|に決めました)"),
        MemoryType.DECISION,
        "decision:{x}",
        ("decision",),
        0.6,
        0.7,
    ),
    _Rule(
        "goal",
        _c(
            r"目標は(?P<x>[^\s、。！？!?]{1,14}?)(?:です|だ|こと|$)",
            r"(?P<x>[^\s、。！？!?]{1,14}?)(?:ようになりたい|を目指して|を目指す)",
        ),
        MemoryType.PROFILE,
        "goal:{x}",
        ("goal",),
        0.6,
        0.8,
        0.3,
    ),
    _Rule(
        "dislikes",
        _c(rf"{_JX}が(?:大嫌い|嫌い|苦手|好きじゃない|好きではない)"),
        MemoryType.PREFERENCE,
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        -0.4,
        negated=True,
    ),
    _Rule(
        "likes",
        _c(rf"{_JX}が(?:大|一番)?好き(?!じゃ|では)"),
        MemoryType.PREFERENCE,
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        0.5,
    ),
    _Rule(
        "symptom",
        _c(
            r"息苦し|息切れ|咳|せき|痰|痛い|痛み|痛む|熱が|熱っぽ|だるい|疲れ|眠れ|寝られ|寝不足|めまい"
            r"|吐き気|吐い|下痢"
            r"|血圧|血糖|体重|酸素|食欲|腫れ|かゆ|痒|起きた"
        ),
        MemoryType.TIMELINE,
        "symptom:{sym}",
        ("health", "symptom"),
        0.2,
        0.6,
        -0.5,
    ),
    _Rule(
        "mood",
        _c(
            r"(?P<x>嬉しい|うれしい|楽しい|悲しい|寂しい|さびしい|イライラ|不安|落ち込ん|憂鬱|ストレス|幸せ"
            r"|緊張)"
        ),
        MemoryType.NOTE,
        "mood",
        ("mood",),
        0.1,
        0.2,
    ),
)

# --------------------------------------------------------------------------- Korean rules

_KX = r"(?P<x>[가-힣A-Za-z0-9]{1,12}?)"  # one word, lazy (Korean words are space-separated)
_KO_DATE = (
    r"^(?=.*(?:내일|모레|다음\s?주|다음\s?달|이번\s?주말|주말에|오늘 저녁|오늘 밤|\d{1,2}월\s?\d{1,2}일"
    r"|\d{1,2}일에"
    r"|[월화수목금토일]요일))"
)
_KO_CONDITIONS = (
    r"당뇨병?|고혈압|천식|COPD|만성폐쇄성폐질환|폐기종|심장병|심부전|신장병|관절염|뇌전증|간질"
    r"|암|우울증|통풍|치매"
)
_KO_DRUG = r"(?:[가-힣A-Za-z0-9]{0,10}(?:약|정|인슐린|흡입기|캡슐))"

KO_RULES: tuple[_Rule, ...] = (
    _Rule(
        "pet_allergy",
        _c(rf"(?:{_PET_KO}).{{0,10}}?{_KX}\s?(?:에 대한 |에 )?(?:알레르기|알러지)"),
        MemoryType.CONSTRAINT,
        "pet:allergy:{x}",
        ("pet", "health", "allergy"),
        0.9,
        0.9,
        -0.3,
        safety=True,
    ),
    _Rule(
        "pet_medication",
        _c(rf"(?:{_PET_KO}).{{0,10}}(?:약을? 먹|약 복용|투약)"),
        MemoryType.FACT,
        "pet:medication",
        ("pet", "health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    _Rule(
        "allergy",
        _c(rf"{_KX}\s?(?:에 대한 |에 |에게 )?(?:알레르기|알러지)"),
        MemoryType.CONSTRAINT,
        "allergy:{x}",
        ("health", "allergy"),
        0.95,
        0.95,
        -0.3,
        safety=True,
        negation=re.compile(r"(?:알레르기|알러지)(?:는|가)?\s?없"),
    ),
    _Rule(
        "contraindication",
        _c(
            rf"{_KX}(?:은|는|을|를)?\s?(?:먹으면 안|드시면 안|마시면 안|먹지 말|마시지 말|먹지 마"
            rf"|복용하면 안|피해야|금지)"
        ),
        MemoryType.CONSTRAINT,
        "contraindication:{x}",
        ("health", "contraindication"),
        0.9,
        0.95,
        -0.2,
        safety=True,
    ),
    _Rule(
        "medication",
        _c(
            rf"(?P<x>{_KO_DRUG})(?:을|를)?\s?(?:매일|아침마다|저녁마다|하루에\s?\S+\s?|꾸준히|계속)?\s?"
            r"(?:복용|먹고 있|먹어요|먹습니다|먹어|써요|쓰고 있|사용하고|맞고 있|끊었)",
            rf"{_KX}(?:을|를)\s?(?:매일|꾸준히|계속)?\s?복용",
        ),
        MemoryType.FACT,
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
        negation=re.compile(r"끊었|중단|그만"),
    ),
    _Rule(
        "condition",
        _c(rf"(?P<x>{_KO_CONDITIONS})(?:이|가|을|를)?\s?(?:있|앓|진단|환자|가지고)"),
        MemoryType.FACT,
        "condition:{x}",
        ("health", "condition"),
        0.95,
        0.9,
        -0.3,
        safety=True,
        negation=re.compile(r"없어|없습니다|없어요"),
    ),
    _Rule(
        "medication_taken",
        _c(r"약(?:을|를)?\s?(?:먹었|복용했|챙겨 먹었|안 먹었|깜빡)"),
        MemoryType.TIMELINE,
        "medication_taken",
        ("health", "medication"),
        0.1,
        0.3,
    ),
    _Rule(
        "name",
        _c(
            r"(?:제|내)\s?이름은\s?(?P<x>[가-힣A-Za-z]{1,10}?)(?:이에요|예요|입니다|이야|야|이고|라고 해요"
            r"|$)",
            r"(?:저는|나는|전|난)\s?(?P<x>[가-힣A-Za-z]{1,10}?)(?:이라고|라고)\s?(?:해요|합니다|해)",
            r"(?P<x>[가-힣A-Za-z]{1,10}?)(?:이라고|라고) 불러",
        ),
        MemoryType.PROFILE,
        "name",
        ("profile",),
        0.95,
        0.8,
    ),
    _Rule(
        "age",
        _c(r"^(?:저는|나는|전|난|제가)?\s?(?:올해\s?)?(?P<x>\d{1,3})\s?(?:살|세)"),
        MemoryType.PROFILE,
        "age",
        ("profile",),
        0.7,
        0.6,
    ),
    _Rule(
        "job",
        _c(
            r"(?:저는|나는|전|난)\s?(?P<x>[가-힣]{0,6}(?:의사|간호사|선생님|교사|엔지니어|개발자|학생|회사원"
            r"|공무원|주부|변호사"
            r"|회계사|요리사|디자이너|농부|운전기사|약사))(?:예요|이에요|입니다|이야|야|로|으로)",
            rf"{_KX}에서 일(?:해|하고|합니다)",
            r"직업은\s?(?P<x>[가-힣A-Za-z]{1,10}?)(?:이에요|예요|입니다|이야|야|$)",
            r"(?P<x>은퇴)했",
        ),
        MemoryType.PROFILE,
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    _Rule(
        "lives_in",
        _c(rf"{_KX}에 살(?:아|고|며|고 있|았)", rf"{_KX}(?:으로|로) 이사(?:했|왔|갔|해|를)"),
        MemoryType.PROFILE,
        "lives_in",
        ("profile", "location"),
        0.8,
        0.7,
    ),
    _Rule(
        "hometown",
        _c(r"고향은\s?(?P<x>[가-힣A-Za-z]{1,10}?)(?:이에요|예요|입니다|이야|야|$)", rf"{_KX} 출신"),
        MemoryType.PROFILE,
        "hometown",
        ("profile", "location"),
        0.9,
        0.4,
    ),
    _Rule(
        "pet_health",
        _c(rf"(?:{_PET_KO}).{{0,10}}(?:토했|토를|설사|안 먹|아파|기침|재채기|절뚝)"),
        MemoryType.TIMELINE,
        "pet:health",
        ("pet", "health"),
        0.2,
        0.6,
        -0.5,
    ),
    _Rule(
        "pet_name",
        _c(
            rf"(?:{_PET_KO})(?:의)?\s?이름은\s?(?P<x>[가-힣A-Za-z]{{1,10}}?)(?:이에요|예요|입니다|이야|야|$)",
            rf"(?P<x>[가-힣A-Za-z]{{1,10}}?)(?:이)?라는 (?:{_PET_KO})",
        ),
        MemoryType.FACT,
        "pet:name",
        ("pet",),
        0.8,
        0.7,
        0.2,
    ),
    _Rule(
        "pet_species",
        _c(rf"(?:{_PET_KO})(?:를|을|\s?\S+\s?마리를?)?\s?키우"),
        MemoryType.FACT,
        "pet:species",
        ("pet",),
        0.8,
        0.6,
        0.2,
    ),
    _Rule(
        "pet_diet",
        _c(rf"(?:{_PET_KO}).{{0,10}}(?:사료|간식|습식|건식)"),
        MemoryType.FACT,
        "pet:diet",
        ("pet", "diet"),
        0.7,
        0.7,
    ),
    _Rule("pet_vet", _c(r"동물병원|수의사"), MemoryType.FACT, "pet:vet", ("pet",), 0.7, 0.6),
    _Rule(
        "family",
        _c(
            rf"(?:제|내|우리|저희)\s?(?P<rel>{_FAMILY_KO})",
            rf"(?<![가-힣])(?P<rel>{_FAMILY_KO})(?:이|가|은|는|랑|이랑|하고|도|의|한테|에게)(?=\s|$)",
        ),
        MemoryType.FACT,
        "family:{rel}",
        ("family",),
        0.7,
        0.5,
    ),
    _Rule(
        "todo",
        _c(
            r"(?P<x>[가-힣A-Za-z0-9 ]{1,14}?)\s?(?:알려 ?줘|리마인드)",
            _KO_DATE + r".*?(?P<x>(?:[가-힣A-Za-z0-9]+\s?){0,3}?(?:예약|가야|갈 거|갈거|할 거|해야|진료|검사|수술"
            r"|병원에 가))",
        ),
        MemoryType.TODO,
        "todo:{x}",
        ("plan",),
        0.3,
        0.9,
    ),
    _Rule(
        "decision",
        _c(
            r"(?P<x>[가-힣A-Za-z0-9 ]{1,14}?)\s?(?:하기로 했|하기로 결정|로 결정했|으로 결정했|로 정했"
            r"|으로 정했)"
        ),
        MemoryType.DECISION,
        "decision:{x}",
        ("decision",),
        0.6,
        0.7,
    ),
    _Rule(
        "goal",
        _c(
            r"목표는\s?(?P<x>[가-힣A-Za-z0-9 ]{1,14}?)(?:이에요|예요|입니다|이야|야|$)",
            r"(?P<x>(?:살을? 빼|체중을? 줄이|금연|담배를? 끊|운동을? 꾸준히|배우"
            r"|마라톤)[가-힣 ]{0,8}?)(?:하고|되고|고)? 싶",
        ),
        MemoryType.PROFILE,
        "goal:{x}",
        ("goal",),
        0.6,
        0.8,
        0.3,
    ),
    _Rule(
        "dislikes",
        _c(rf"{_KX}(?:을|를|은|는|이|가)\s?(?:정말|진짜|너무|제일)?\s?(?:싫어|안 좋아|별로)"),
        MemoryType.PREFERENCE,
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        -0.4,
        negated=True,
    ),
    _Rule(
        "likes",
        _c(
            rf"{_KX}(?:을|를)\s?(?:정말|진짜|아주|너무|제일|많이)?\s?(?:좋아해|좋아하|좋아합니다|사랑해)",
            rf"{_KX}(?:이|가)\s?(?:정말|진짜|제일)?\s?좋아(?:요)?\W*$",
        ),
        MemoryType.PREFERENCE,
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        0.5,
    ),
    _Rule(
        "symptom",
        _c(
            r"숨(?:이|쉬|차)|호흡|기침|가래|아프|아파|아팠|통증|열이|열나|피곤|지쳐|잠을|잠이|못 잤|못잤|깼"
            r"|불면|어지러"
            r"|메스꺼|토했|설사|혈압|혈당|체중|몸무게|산소|입맛|부었|가려"
        ),
        MemoryType.TIMELINE,
        "symptom:{sym}",
        ("health", "symptom"),
        0.2,
        0.6,
        -0.5,
    ),
    _Rule(
        "mood",
        _c(r"(?P<x>기뻐|기쁘|행복|슬퍼|슬프|우울|짜증|불안|스트레스|외로|신나|설레|화가 나|속상)"),
        MemoryType.NOTE,
        "mood",
        ("mood",),
        0.1,
        0.2,
    ),
)

# ------------------------------------------------------ profile facts every language states often
# Diets and intolerances, occupations, birthdays, how many children, trips and plans with a date,
# pets adopted by name, medicines named with their schedule. Appended after each language's own
# rules: they only see the clauses no earlier rule took.

_EN_JOBS = (
    r"engineer|developer|designer|teacher|nurse|doctor|manager|scientist|analyst|consultant|technician"
    r"|therapist|assistant|worker|officer|firefighter|mechanic|electrician|plumber|architect|cashier|clerk"
    r"|librarian|professor|researcher|student|lawyer|accountant|chef|cook|farmer|driver|caregiver|pharmacist"
    r"|writer|artist|homemaker|programmer|paramedic|dentist|vet|veterinarian|pilot|police officer|soldier"
)
_EN_MORE: tuple[_Rule, ...] = (
    _Rule(
        "diet",
        _c(
            r"\bi(?:'m| am) (?:a |strictly |mostly )?(?P<x>vegetarian|vegan|pescatarian|kosher|halal"
            r"|(?:lactose|gluten|fructose|histamine) intolerant|gluten-free|dairy-free)\b",
            r"\bi(?:'m| am) intolerant to (?P<x>[\w-]+(?: [\w-]+)?)",
            r"\bi (?:don'?t|do not|never) eat (?P<x>meat|pork|beef|fish|dairy|eggs|gluten|sugar)\b",
            flags=_I,
        ),
        MemoryType.CONSTRAINT,
        "diet:{x}",
        ("health", "diet"),
        0.9,
        0.9,
    ),
    _Rule(
        "job",
        _c(rf"\bi(?:'m| am) an? (?P<x>(?:[\w-]+ )?(?:{_EN_JOBS}))\b", flags=_I),
        MemoryType.PROFILE,
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    _Rule(
        "birthday",
        _c(r"\bmy birthday is (?:on )?(?P<x>[\w ,]{3,20}?)(?=[,.;!?]|$)", flags=_I),
        MemoryType.PROFILE,
        "birthday",
        ("profile",),
        0.95,
        0.7,
    ),
    _Rule(
        "children",
        _c(
            r"\b(?:i|we) have (?P<x>(?:a|one|two|three|four|five|six|\d+) (?:kids?|children|child|sons?"
            r"|daughters?|grandchildren|grandkids|grandsons?|granddaughters?))\b",
            flags=_I,
        ),
        MemoryType.FACT,
        "family:children",
        ("family",),
        0.8,
        0.6,
    ),
    _Rule(
        "trip",
        _c(
            r"\b(?:[Ii]|[Ww]e)(?:'m| am|'re| are|'ll| will)? (?:flying|travel(?:l)?ing|going|heading|driving|leaving"
            r"|fly|travel|go|visit(?:ing)?) (?:to |for )?(?P<x>[A-Z][\w]+(?: [A-Z][\w]+)?)"
            r"(?=.*\b(?:on|in|next|this|tomorrow|tonight|at)\b|.*\d)",
        ),
        MemoryType.TODO,
        "trip:{x}",
        ("plan", "travel"),
        0.3,
        0.9,
    ),
    _Rule(
        "goal",
        _c(r"\bi(?:'m| am) (?:planning|hoping|going|training) to (?P<x>[\w' -]{2,40}?)" + _EN_STOP_AFTER_X, flags=_I),
        MemoryType.PROFILE,
        "goal:{x}",
        ("goal",),
        0.6,
        0.8,
        0.3,
    ),
    _Rule(
        "pet_name",
        _c(
            rf"\b(?:i|we) (?:have|adopted|got|rescued|took in) an? (?:new )?(?:{_PET_EN}) (?:named|called)"
            r" (?P<x>[A-Za-z][\w-]*)",
            flags=_I,
        ),
        MemoryType.FACT,
        "pet:name",
        ("pet",),
        0.8,
        0.7,
        0.2,
    ),
    _Rule(
        "medication",
        _c(
            r"\bi (?:take|use) (?:my )?(?P<x>" + _NOT_A_DRUG + r"[a-z][\w-]+)"
            r"(?: \d+ ?(?:mg|mcg|ml|units))?"
            r" (?:every|each|twice|once|daily|at night|in the morning|before bed|after meals)\b",
            flags=_I,
        ),
        MemoryType.FACT,
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
)

_ZH_NUM = "一二兩两三四五六七八九十0-9"
_ZH_MORE: tuple[_Rule, ...] = (
    _Rule(
        "diet",
        _c(r"(?P<x>乳糖不耐|麩質不耐|麸质不耐|果糖不耐|吃全素|吃素|吃蛋奶素|素食|不吃肉|不吃牛|不吃豬肉|不吃猪肉)"),
        MemoryType.CONSTRAINT,
        "diet:{x}",
        ("health", "diet"),
        0.9,
        0.9,
    ),
    _Rule(
        "medication",
        _c(
            r"(?:用|吸|噴|喷|吃|服用)(?P<x>[^\s，,。、]{0,6}?(?:吸入劑|吸入剂|噴劑|喷剂|藥|药|錠|锭|膠囊|胶囊"
            r"|阿斯匹靈|阿司匹林|阿斯匹林|胰島素|胰岛素|普拿疼))"
        ),
        MemoryType.FACT,
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    _Rule(
        "job",
        _c(
            r"我(?:在[^\s，,。]{1,8})?(?:當|当|做)(?P<x>[^\s，,。]{1,8})",
            r"我是(?:一名|一個|一个|個|个)?(?P<x>[^\s，,。]{1,8}?(?:師|师|員|员|工程師|工程师|老師|老师|醫生|医生|護士"
            r"|护士|學生|学生|司機|司机|廚師|厨师))",
        ),
        MemoryType.PROFILE,
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    _Rule(
        "birthday",
        _c(r"生日是(?P<x>[^\s，,。]{2,12})"),
        MemoryType.PROFILE,
        "birthday",
        ("profile",),
        0.95,
        0.7,
    ),
    _Rule(
        "children",
        _c(rf"我(?:們|们)?有(?P<x>[{_ZH_NUM}]+(?:個|个)(?:小孩|孩子|兒子|儿子|女兒|女儿|孫子|孙子|孫女|孙女))"),
        MemoryType.FACT,
        "family:children",
        ("family",),
        0.8,
        0.6,
    ),
    _Rule(
        "trip",
        _c(r"(?:要|會|会|將|将|準備|准备)(?:去|到|飛|飞)(?P<x>[^\s，,。]{1,8})"),
        MemoryType.TODO,
        "trip:{x}",
        ("plan", "travel"),
        0.3,
        0.9,
    ),
    _Rule(
        "goal",
        _c(r"我(?:打算|計畫|计划|計劃|準備|准备|預計|预计|想要)(?P<x>[^\s，,。]{2,15})"),
        MemoryType.TODO,
        "plan:{x}",
        ("plan",),
        0.4,
        0.9,
    ),
    _Rule(
        "pet_name",
        _c(
            rf"(?:領養|领养|收養|收养|養|养)了一(?:隻|只|條|条)叫(?P<x>[^\s，,。的]{{1,6}})的(?:{_PET_ZH}|小狗|小貓|小猫)"
        ),
        MemoryType.FACT,
        "pet:name",
        ("pet",),
        0.8,
        0.7,
        0.2,
    ),
)

_JA_MORE: tuple[_Rule, ...] = (
    _Rule(
        "diet",
        _c(r"(?P<x>乳糖不耐症|グルテン不耐症|ベジタリアン|ヴィーガン|ビーガン|菜食主義)"),
        MemoryType.CONSTRAINT,
        "diet:{x}",
        ("health", "diet"),
        0.9,
        0.9,
    ),
    _Rule(
        "medication",
        # a schedule says it is a medicine, not a drink ("コーヒーを毎朝飲む" is not)
        _c(
            r"^(?=.*(?:毎[日朝晩]|[1１一]日|寝る前|食後|食前|[0-9０-９一二三]回|錠|mg|ミリ))"
            r".*?(?<![ァ-ヶー])(?P<x>(?!コーヒー|ジュース|ビール|ワイン|ミルク|コーラ|ココア|スープ|プロテイン|サプリ)"
            r"[ァ-ヶー]{3,15})"
            r"を[^、。]{0,12}?(?:飲んで|飲みます|飲む|服用|使って|吸入)"
        ),
        MemoryType.FACT,
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    _Rule(
        "birthday",
        _c(r"誕生日は(?P<x>[^\s、。]{2,12}?)(?:です|だ|。|$)"),
        MemoryType.PROFILE,
        "birthday",
        ("profile",),
        0.95,
        0.7,
    ),
    _Rule(
        "children",
        _c(r"(?P<x>(?:子ども|子供|こども|息子|娘|孫)が[一二三四五六七八九十0-9０-９]+人)"),
        MemoryType.FACT,
        "family:children",
        ("family",),
        0.8,
        0.6,
    ),
    _Rule(
        "goal",
        _c(r"(?P<x>[^、。]{2,20}?)(?:予定|つもり)(?:です|だ|。|$)"),
        MemoryType.TODO,
        "plan:{x}",
        ("plan",),
        0.4,
        0.9,
    ),
    _Rule(
        "pet_name",
        _c(rf"(?P<x>[^\s、。をがは]{{1,8}})という(?:子犬|子猫|{_PET_JA})"),
        MemoryType.FACT,
        "pet:name",
        ("pet",),
        0.8,
        0.7,
        0.2,
    ),
)

_KO_MORE: tuple[_Rule, ...] = (
    _Rule(
        "diet",
        _c(r"(?P<x>유당불내증|글루텐 불내증|채식주의자|채식|비건|락토 ?오보)"),
        MemoryType.CONSTRAINT,
        "diet:{x}",
        ("health", "diet"),
        0.9,
        0.9,
    ),
    _Rule(
        "contraindication",
        _c(r"(?P<x>[가-힣A-Za-z]{1,10})(?:을|를) 못 (?:먹|마셔|마시)"),
        MemoryType.CONSTRAINT,
        "contraindication:{x}",
        ("health", "contraindication"),
        0.9,
        0.95,
        -0.2,
        safety=True,
    ),
    _Rule(
        "medication",
        _c(
            # a schedule says it is a medicine, not a meal ("밥을 먹어요" is not)
            r"^(?=.*(?:하루에?|매일|자기 전|아침마다|밤마다|저녁마다|식후|식전|밀리그램|\d+ ?mg))"
            r".*?(?P<x>(?!밥|아침|점심|저녁|간식|과일|물|커피|차|술|우유)[가-힣A-Za-z]{2,12}?)(?:을|를) "
            r"(?:[^.!?]{0,12}?)?(?:먹어요|먹습니다|먹고 있|복용|써요|사용해)",
        ),
        MemoryType.FACT,
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    _Rule(
        "job",
        _c(
            r"(?P<x>[가-힣A-Za-z]{1,10})(?:으로|로) (?:일해|일하고|근무)",
            r"저는 (?P<x>[가-힣A-Za-z ]{1,15}?(?:사|원|자|가|엔지니어|교사|선생님|의사|간호사|학생|개발자))"
            r"(?:예요|이에요|입니다)",
        ),
        MemoryType.PROFILE,
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    _Rule(
        "birthday",
        _c(r"생일은 (?P<x>[^.!?]{2,12}?)(?:이에요|예요|입니다|이야|야)"),
        MemoryType.PROFILE,
        "birthday",
        ("profile",),
        0.95,
        0.7,
    ),
    _Rule(
        "children",
        _c(r"(?P<x>(?:아이|애|자녀|아들|딸|손주|손자|손녀)(?:가|는|이) (?:하나|둘|셋|넷|한 명|두 명|세 명|\d+ ?명))"),
        MemoryType.FACT,
        "family:children",
        ("family",),
        0.8,
        0.6,
    ),
    _Rule(
        "family",
        _c(r"(?P<rel>아들|딸|남편|아내|언니|오빠|누나|동생) (?P<x>[가-힣]{2,4}?)(?:이는|이가|는|가|이)\s"),
        MemoryType.FACT,
        "family:{rel}",
        ("family",),
        0.7,
        0.5,
    ),
    _Rule(
        "trip",
        _c(r"(?P<x>[가-힣A-Za-z]{1,10})(?:에|으로|로) (?:가요|갑니다|가려고|갈 거|떠나|여행)"),
        MemoryType.TODO,
        "trip:{x}",
        ("plan", "travel"),
        0.3,
        0.9,
    ),
    _Rule(
        "goal",
        _c(r"(?P<x>[^.!?]{2,20}?) ?(?:계획|예정)이에요", r"(?P<x>[^.!?]{2,20}?) (?:계획|예정)입니다"),
        MemoryType.TODO,
        "plan:{x}",
        ("plan",),
        0.4,
        0.9,
    ),
)

EN_RULES = EN_RULES + _EN_MORE
ZH_RULES = ZH_RULES + _ZH_MORE
JA_RULES = JA_RULES + _JA_MORE
KO_RULES = KO_RULES + _KO_MORE

RULES: dict[str, tuple[_Rule, ...]] = {"en": EN_RULES, "zh": ZH_RULES, "ja": JA_RULES, "ko": KO_RULES}

# --------------------------------------------------------------------------- splitting and cleaning

_ABBREVIATIONS = {"dr", "mr", "mrs", "ms", "st", "vs", "etc", "e.g", "i.e", "no", "approx", "jr", "sr"}
_SENTENCE_END = re.compile(r"[。！？!?\n]+|\.+(?=\s|$)")
_CLAUSE_SEP: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"\s*[;,]\s*|\s+(?:and|but|so)\s+(?=(?:i|i'm|i've|i'll|my|we)\b)", _I),
    # "不過" is "but" except in "不過敏" (not allergic); "還有" is left out ("我還有氣喘").
    "zh": re.compile(r"[，,、；;]|而且|但是|可是|不過(?!敏)|不过(?!敏)"),
    "ja": re.compile(r"[、,；;]"),
    "ko": re.compile(r"\s*[,;]\s*"),
}
_FILLERS: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"^(?:(?:um+|uh+|well|so|oh|ok(?:ay)?|actually|btw|by the way|anyway|also|and|hey|hi|hello)"
        r"\b[\s,.!]*)+",
        _I,
    ),
    "zh": re.compile(
        r"^(?:(?:嗯+|那個|那个|就是|對了|对了|然後|然后|其實|其实|啊|喔|哦|欸|诶|呃|那|你好|您好|嗨|哈囉"
        r"|哈啰)"
        r"[\s，,、！!]*)+"
    ),
    "ja": re.compile(
        r"^(?:(?:えっと|えーと|あの|あのー|まあ|そういえば|ちなみに|実は|こんにちは|こんばんは|おはよう)"
        r"[\s、,！!ー]*)+"
    ),
    # Whole words only: "아" (ah) must not eat the first syllable of 아들 (son) or 아이 (child).
    "ko": re.compile(r"^(?:(?:음+|그+|저기|아|참|그런데|근데|사실|안녕하세요|안녕)(?=[\s,!.]|$)[\s,!.]*)+"),
}
_QUESTION_END = re.compile(
    r"(?:[?？]|[嗎吗呢]|(?:です|ます|でしょう)?か|かな|の|까요?|니|냐|나요)\s*$"
    r"|^\s*(?:what|what's|how|why|when|where|who|which|is|are|can|could|does|do|did|should|would|will)\b",
    _I,
)
_TRAILING_PUNCT = re.compile(r"[\s。.！!？?~～…,，、]+$")


def split_sentences(text: str) -> list[str]:
    """Sentences ending in 。！？ . ! ? or a newline; "Dr." and "3.5" do not end one."""
    sentences: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group().startswith("."):
            word = re.search(r"([\w.]+)$", text[start : m.start()])
            if word and word.group(1).lower() in _ABBREVIATIONS:
                continue
        piece = text[start : m.end()].strip()
        if piece:
            sentences.append(piece)
        start = m.end()
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences


def _clauses(sentence: str, language: str) -> list[tuple[int, int]]:
    """(start, end) spans of the clauses of one sentence."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _CLAUSE_SEP[language].finditer(sentence):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(sentence):
        spans.append((pos, len(sentence)))
    return spans


_OWN_NAME = re.compile(r"\bmy\b|私|僕|俺|わたし|我|제|저|내", _I)


def _names_the_pet_before(rule: _Rule, clause: str, groups: Sequence[tuple[int, int, _Rule, re.Match[str]]]) -> bool:
    """A bare "the name is X" right after a clause about a pet names the pet, not the user."""
    return (
        rule.rule_id == "name"
        and bool(groups)
        and groups[-1][2].rule_id.startswith("pet")
        and _OWN_NAME.search(clause) is None
    )


def _strip_filler(text: str, language: str) -> str:
    return _FILLERS[language].sub("", text).strip()


def _is_question(text: str) -> bool:
    return _QUESTION_END.search(text.strip()) is not None


# --------------------------------------------------------------------------- English first person -> "User"

_NO_CONJUGATION = {
    "can",
    "could",
    "will",
    "would",
    "should",
    "must",
    "might",
    "may",
    "was",
    "did",
    "had",
    "used",
    "didn't",
    "can't",
    "won't",
    "wouldn't",
    "couldn't",
    "shouldn't",
    "wasn't",
    "cannot",
    "never",
    "also",
    "still",
}
_ADVERBS = (
    r"(?:really|also|usually|always|never|often|just|still|sometimes|actually|recently|now|only"
    r"|mostly|rarely|already|even|currently)"
)
_IRREGULAR_PAST = {
    "took",
    "got",
    "went",
    "ate",
    "had",
    "was",
    "felt",
    "slept",
    "made",
    "bought",
    "saw",
    "told",
    "said",
    "found",
    "left",
    "came",
    "became",
    "began",
    "gave",
    "kept",
    "lost",
    "met",
    "ran",
    "sat",
    "thought",
    "wrote",
    "quit",
    "broke",
    "fell",
    "drank",
    "drove",
    "forgot",
    "heard",
    "knew",
    "paid",
    "put",
    "read",
    "sent",
    "spent",
    "stood",
    "won",
    "woke",
    "grew",
    "chose",
    "threw",
}


def _conjugate(verb: str) -> str:
    low = verb.lower()
    if low in _NO_CONJUGATION or low in _IRREGULAR_PAST or low.endswith("ed"):
        return verb
    special = {"have": "has", "do": "does", "go": "goes", "don't": "doesn't", "am": "is", "'m": "is"}
    if low in special:
        return special[low]
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


def to_third_person(text: str) -> str:
    """Minimal English rewrite: "I'm allergic to X" -> "User is allergic to X", "my dog" -> "User's dog"."""
    out = text
    out = re.sub(r"\bI(?:'m|’m| am)\b", "User is", out, flags=_I)
    out = re.sub(r"\bI(?:'ve|’ve)\b", "User has", out, flags=_I)
    out = re.sub(r"\bI(?:'ll|’ll)\b", "User will", out, flags=_I)
    out = re.sub(r"\bI(?:'d|’d)\b", "User would", out, flags=_I)
    out = re.sub(
        rf"\bI((?:\s+{_ADVERBS})*)\s+([A-Za-z']+)",
        lambda m: f"User{m.group(1)} {_conjugate(m.group(2))}",
        out,
    )
    out = re.sub(r"\bI\b", "User", out)
    out = re.sub(r"\b(?:my|mine)\b", "User's", out, flags=_I)
    out = re.sub(r"\b(?:me|myself)\b", "User", out, flags=_I)
    return out


# --------------------------------------------------------------------------- building candidates

_KEY_TRIM = re.compile(
    r"^(?:an?|the|my|some|to|of)\s+|[\s'’.,!?]+$|^[\s'’]+"
    r"|^(?:每天|每日|每晚|毎日|毎朝|毎晩|朝晩|ずっと|매일|꾸준히)\s?"
    # Korean particles are not trimmed: the rules stop before them and 오이 / 고기 end in one.
    r"|(?:的|了|嗎|吗|喔|哦|啦|呀|啊|です|だ|な|の|は|が)$"
)


def _norm_key(value: str) -> str:
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


def _subject(rule: _Rule, m: re.Match[str], clause: str) -> str:
    groups = m.groupdict()
    x = groups.get("x")
    rel = groups.get("rel")
    subject = rule.subject
    if "{rel}" in subject:
        subject = subject.replace("{rel}", _FAMILY_CANON.get((rel or "").lower(), (rel or "other").lower()))
    if "{sym}" in subject:
        subject = subject.replace("{sym}", _symptom_key(clause))
    if "{x}" in subject:
        key = _norm_key(x) if x else ""
        subject = subject.replace("{x}", key) if key else subject.replace(":{x}", "")
    return subject


def _value_key(rule: _Rule, m: re.Match[str]) -> str | None:
    """The captured value when the subject does not already carry it ("lives_in" -> "tokyo")."""
    x = m.groupdict().get("x")
    if not x or "{x}" in rule.subject:
        return None
    return _norm_key(x) or None


def _valence(rule: _Rule, clause: str) -> float:
    valence = rule.valence
    if _POSITIVE.search(clause) and not _NEGATIVE.search(clause):
        valence = max(valence, 0.6) if rule.rule_id in {"mood", "likes", "goal"} else valence + 0.3
    elif _NEGATIVE.search(clause):
        valence = min(valence, -0.6) if rule.rule_id in {"mood", "dislikes"} else valence - 0.2
    return max(-1.0, min(1.0, valence))


def _match(rules: Sequence[_Rule], clause: str) -> tuple[_Rule, re.Match[str]] | None:
    for rule in rules:
        for pattern in rule.patterns:
            m = pattern.search(clause)
            if m:
                return rule, m
    return None


# "I should tell you (that) ..." frames a fact without being part of it: the memory is the fact.
_PREFACES: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"^(?:(?:(?:just )?so you know|fyi|for your information|for the record|by the way|btw|also|oh|and|well"
        r"|i (?:should|must|have to|need to|wanted to|want to|forgot to|meant to) (?:tell|mention to|let) you(?: know)?"
        r"|i (?:forgot|meant|wanted) to (?:mention|say|tell you)|(?:you )?(?:should|need to|might want to) know"
        r"|let me tell you|(?:did|have) i (?:mention(?:ed)?|tell you|told you)|(?:i think |as )?i (?:told|said to) you"
        r"|as i (?:said|mentioned)|remember(?: that)?|i mean)"
        r"(?: that)?[\s,:;.!-]*)+",
        _I,
    ),
    "zh": re.compile(
        r"^(?:(?:跟你說|跟你说|告訴你|告诉你|我想說|我想说|順便說一下|顺便说一下|我忘了說|我忘了说|提醒你)[\s，,：:]*)+"
    ),
    "ja": re.compile(r"^(?:(?:言い忘れてたけど|言い忘れましたが|ちなみに|実は|そういえば|念のため)[\s、,：:]*)+"),
    "ko": re.compile(r"^(?:(?:참고로|말씀드리자면|말 안 했는데|얘기 안 했는데|혹시 몰라서)(?=[\s,]|$)[\s,：:]*)+"),
}


def _finish(content: str, language: str) -> str:
    content = _TRAILING_PUNCT.sub("", _strip_filler(content, language)).strip(" ,，、")
    content = _PREFACES[language].sub("", content).strip(" ,，、") or content
    if language == "en":
        content = to_third_person(content)
        content = content[:1].upper() + content[1:]
    return content


def _normalize_language(language: str | None, text: str) -> str:
    if language:
        base = language.split("-")[0].split("_")[0].lower()
        if base in RULES:
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
    lang = _normalize_language(language, user_text)
    rules = RULES[lang]
    out: list[Candidate] = []
    seen: set[tuple[str | None, str]] = set()
    for sentence in split_sentences(user_text):
        if is_greeting_only(sentence):
            continue
        groups: list[tuple[int, int, _Rule, re.Match[str]]] = []
        pending_start: int | None = None  # leading context clauses ("上個月開始，…")
        for start, end in _clauses(sentence, lang):
            clause = sentence[start:end]
            cleaned = _strip_filler(clause, lang)
            if not cleaned or is_greeting_only(clause):
                continue
            if _is_question(cleaned):
                pending_start = None
                continue
            hit = _match(rules, cleaned)
            if hit is not None and _names_the_pet_before(hit[0], cleaned, groups):
                hit = None  # "猫を飼っていて、名前はタマです": the name is the cat's, said in context
            if hit is not None:
                rule, m = hit
                groups.append((pending_start if pending_start is not None else start, end, rule, m))
                pending_start = None
            elif groups and groups[-1][1] <= start:
                g_start, _, g_rule, g_m = groups[-1]
                groups[-1] = (g_start, end, g_rule, g_m)  # context clause joins the fact before it
            elif pending_start is None:
                pending_start = start
        for g_start, g_end, rule, m in groups:
            span = sentence[g_start:g_end]
            content = _finish(span, lang)
            if not content:
                continue
            subject = _subject(rule, m, span)
            if (subject, content) in seen:
                continue
            seen.add((subject, content))
            negated = rule.negated or (rule.negation is not None and rule.negation.search(span) is not None)
            out.append(
                Candidate(
                    content=content,
                    type=rule.type,
                    safety=rule.safety,
                    emotional_valence=_valence(rule, span),
                    stability=rule.stability,
                    future_use=rule.future_use,
                    topics=list(rule.topics),
                    negated=negated,
                    subject_key=subject,
                    value_key=_value_key(rule, m),
                    language=lang,
                    rule=rule.rule_id,
                )
            )
    return out


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
