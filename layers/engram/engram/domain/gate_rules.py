"""Fast rule layer of the memory gate (SPEC G1).

`rule_decision` answers USE / SKIP for the clear cases and None for the
ambiguous rest, which an LLM decides (tiny prompt, temperature 0). When no
LLM is configured `local_fallback` gives a deterministic answer instead.

Rules are data: one compiled regex per (rule, language) below. Every table is
applied to every input whatever its detected language, because the script
heuristic cannot tell kanji-only Japanese from Chinese and users mix
languages ("昨天 I coughed"); the tables are split by language only for
readability and review.

Precedence (first hit wins):
  memory_reference > time_reference > state_update > personal_advice   -> USE
  greeting (alone) > small_talk > general_knowledge                     -> SKIP
so "hi, I coughed all night" is a state update, not a greeting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engram.domain.models import GateDecision, GateResult
from engram.language.analysis import detect_language

_I = re.IGNORECASE

# --------------------------------------------------------------------------- helpers


def gate_language(text: str) -> str:
    """ "en" | "zh" | "ja" | "ko" by script (kana -> ja, hangul -> ko, han -> zh, else en)."""
    lang = detect_language(text)
    return lang if lang in {"zh", "ja", "ko"} else "en"


# First-person markers. Korean pronouns are matched with their particles because
# the bare syllables 나 / 내 / 저 / 제 occur inside many words (내일 = tomorrow).
_FIRST_PERSON = re.compile(
    r"\b(?:i|i'm|im|i've|i'd|i'll|me|my|mine|myself|our|ours|we're|we've|we'll|we are|we have|we will)\b"
    r"|[我]|俺|(?<![\u3041-\u309f])(?:私|僕|わたし|あたし)|うちの|我が家"
    r"|(?:^|\s)우리(?=\s|$|[가는집])"
    r"|(?:^|\s)(?:나는|난|내가|나를|나한테|나에게|내|저는|전|제가|저를|저한테|저에게|제|저도|나도)(?=\s|$"
    r"|[,.!?])",
    _I,
)

_QUESTION = re.compile(
    r"[?？]\s*$"
    r"|^\s*(?:what|what's|whats|how|why|when|where|who|which|is|are|can|could|does|do|did|should|would"
    r"|will)\b"
    r"|[嗎吗呢]\s*[。.]?\s*$|什麼|什么|怎麼|怎么|為什麼|为什么|如何|哪|幾|几|多少"
    r"|(?:ですか|ますか|でしょうか|のか|かな|の)\s*$|何|なぜ|どうして|どう|どこ|いつ|誰"
    # "나요" is left out: it also ends statements ("열이 나요" = I have a fever).
    r"|(?:까|니|냐)\s*$|뭐|무엇|왜|어떻게|어디|언제|누구",
    _I,
)


@dataclass(frozen=True, slots=True)
class _Rule:
    rule_id: str
    decision: GateDecision
    patterns: dict[str, re.Pattern[str]]  # language -> pattern


def _any(patterns: dict[str, re.Pattern[str]], text: str) -> bool:
    return any(p.search(text) for p in patterns.values())


# --------------------------------------------------------------------------- rule tables

# The user points back at earlier conversation or asks what the bot knows about them.
MEMORY_REFERENCE: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\bremember\b|\brecall\b|\bi (?:told|mentioned|said)\b|\byou (?:said|told me|mentioned|asked)\b"
        r"|\bwe (?:talked|discussed|spoke)\b|\bwhat(?:'s| is) my\b|\bdo you know my\b|\bmy name\?",
        _I,
    ),
    "zh": re.compile(
        r"記得|记得|記住|记住|我(?:跟你|和你|對你|对你)?(?:說過|说过|講過|讲过|提過|提过|告訴過|告诉过)"
        r"|你(?:說過|说过|講過|讲过|提過|提过)|我們(?:聊過|聊过|談過|谈过)|我们(?:聊过|谈过)"
        r"|我叫什麼|我叫什么|我的名字是什麼|我的名字是什么"
    ),
    # Recollective endings ask for something the user once said: ja っけ / だったかな,
    # ko -더라 / -였죠 / -었지 ("what was it again?"): the subject is the user even when unsaid.
    "ja": re.compile(
        r"覚えて|憶えて|覚えてる|話した(?:こと|よね|でしょ)|言った(?:こと|よね|でしょ)|私の名前"
        r"|っけ|(?:だった|でした|た)かな\s*[？?]?\s*$"
    ),
    "ko": re.compile(
        r"기억|말했(?:던|잖|지|었)|얘기 ?했|이야기 ?했|말한 거|내 이름|제 이름(?:이|은)? 뭐"
        r"|더라|(?:였|었|았|했)(?:죠|지|더라)\s*[?？]?\s*$|했었"
    ),
}

# Explicit time anchors in the past or comparisons over time.
TIME_REFERENCE: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\blast (?:time|week|night|month|year|visit|session|checkup)\b|\byesterday\b|\bpreviously\b"
        r"|\bthe other day\b|\b(?:a few|\d+|two|three|several) (?:days|weeks|months) ago\b|\bearlier today\b"
        r"|\b(?:than|as|like) before\b|\bbefore\s*[?.!]*$|\b(?:told|said|mentioned|asked"
        r"|talked about) .* before\b"
        r"|\brecently\b|\blately\b|\bsince (?:yesterday|last|monday|tuesday|wednesday|thursday|friday"
        r"|saturday|sunday)\b"
        r"|\bcompared (?:to|with)\b",
        _I,
    ),
    "zh": re.compile(
        r"上次|上回|之前|以前|先前|昨天|昨晚|昨日|前天|前幾天|前几天|上週|上周|上禮拜|上礼拜|上星期"
        r"|上個月|上个月|去年|(?<!你)最近(?!好[嗎吗]|過得|过得|怎麼樣|怎么样)|這幾天|这几天|這陣子|这阵子|那天|跟.{0,6}比|比起"
    ),
    "ja": re.compile(
        r"前回|この前|この間|以前|前に|昨日|昨夜|昨晩|おととい|一昨日|先週|先月|去年|(?<!你)最近|この頃|このごろ"
        r"|数日前|[0-9０-９一二三]+日前|比べて"
    ),
    "ko": re.compile(
        r"지난\s?번|저번|전에|예전|어제|그저께|그제|지난\s?주|지난\s?달|작년|최근|요즘|며칠 전|\d+일 전|비교"
    ),
}

# Symptom or state updates: health, sleep, mood, medication taken, weight, a pet's state.
STATE_UPDATE: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\b(?:breath\w*|breathless|wheez\w*|cough\w*|phlegm|sputum|pain\w*|hurts?|hurting|ache\w*|sore"
        r"|fever|temperature|tired|exhausted|fatigue\w*|sleep\w*|slept|insomnia|dizzy|nause\w*|vomit\w*"
        r"|threw up|throwing up|diarrh\w*|mood|anxious|depressed|stressed|lonely|upset"
        r"|blood pressure|blood sugar|oxygen|spo2|weigh\w*|appetite|swollen|rash|itch\w*"
        r"|(?:took|taken|take|taking|forgot|missed|skipped) (?:my |the )?(?:meds|medicine|medication|pills?"
        r"|inhaler|dose)"
        r"|inhaler)\b"
        r"|\bmy (?:dog|cat|puppy|kitten|pet) (?:ate|eats|vomited|threw up|is sick|won't eat|isn't eating"
        r"|has)\b",
        _I,
    ),
    "zh": re.compile(
        r"喘|呼吸|咳|痰|痛|疼|發燒|发烧|頭暈|头晕|噁心|恶心|吐了|拉肚子|腹瀉|腹泻|累|疲倦|疲勞|疲劳|睡|失眠"
        r"|心情|焦慮|焦虑|難過|难过|憂鬱|忧郁|壓力|压力|吃藥|吃药|服藥|服药|藥吃|药吃|噴劑|喷剂|血氧|血壓"
        r"|血压"
        r"|血糖|體重|体重|胃口|食慾|食欲|腫|肿|癢|痒|(?:狗|貓|猫|寵物|宠物|毛孩).{0,4}(?:吃|吐|拉|病|不舒服)"
    ),
    "ja": re.compile(
        r"息苦し|息切れ|咳|せき|痰|たん|痛い|痛み|痛む|熱が|熱っぽ|だるい|疲れ|眠れ|寝られ|寝不足|睡眠|めまい"
        r"|吐き気|吐い|下痢|気分|落ち込|不安|ストレス|薬|吸入|血圧|血糖|体重|酸素|食欲|腫れ|かゆ|痒"
        r"|処方|透析|リハビリ|検査|血中酸素"
        r"|(?:犬|猫|ペット|うちの子).{0,12}(?:食べ|吐い|元気がない|病気)"
    ),
    "ko": re.compile(
        r"숨(?:이|쉬|차)|호흡|기침|가래|아프|아파|아팠|통증|열이|열나|피곤|지쳐|잠을|잠이|못 잤|못잤|불면"
        r"|어지러|메스꺼|토했|설사|기분|우울|불안|스트레스|약을|약 먹|약먹|흡입기|혈압|혈당|체중|몸무게|산소"
        r"|식욕|부었|가려"
        r"|밤새|깼어|깨요|처방|투석|재활|검사 결과|산소포화도"
        r"|(?:강아지|고양이|개가|반려견|반려묘).{0,15}(?:먹|토했|아파|설사)"
    ),
}

# Events in the user's own life: family members, hospital / doctor visits. Japanese and
# Korean drop the pronoun ("息子が来月結婚します"), so the noun itself is the signal.
PERSONAL_EVENT: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\bmy (?:son|daughter|wife|husband|mom|mum|mother|dad|father|brother|sister|grandson"
        r"|granddaughter|grandma|grandpa|kids?|children|family|doctor|nurse|vet)\b"
        r"|\b(?:i|i'm|i've|i was|we)\b.*\b(?:hospital|clinic|doctor|surgery|check-?up|er|appointment)\b",
        _I,
    ),
    "zh": re.compile(
        r"我(?:的|家|們|们)?(?:女兒|女儿|兒子|儿子|太太|老婆|先生|老公|媽媽|妈妈|爸爸|孫子|孙子|孫女|孙女|家人)"
        r"|醫院|医院|診所|诊所|看醫生|看医生|回診|回诊|住院|出院"
    ),
    "ja": re.compile(
        r"息子|娘|妻|主人|(?<!丈)夫|姉|兄|妹|弟|母|父|孫|家族|病院|医者|主治医|通院|診察|入院|退院"
        r"|予約|予定|つもり|引っ越|働き始め|結婚式|誕生日"
    ),
    "ko": re.compile(
        r"아들|딸(?!기)|아내|남편|엄마|아빠|언니|오빠|누나|형(?:이|은|한테|네)|동생|손자|손녀|가족|병원|의사"
        r"|주치의|진료|입원|퇴원|예약|이사|일하기 시작|결혼식|생일"
    ),
}

# The user wants advice tailored to themselves.
PERSONAL_ADVICE: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\b(?:what|how) should i\b|\bshould i\b|\bfor me\b|\bcan i (?:eat|drink|take|go|exercise|do|still)\b"
        r"|\bis it (?:ok|okay|safe|fine) (?:for me|if i|to)\b|\b(?:recommend|suggest)\w* (?:me|for me)\b"
        r"|\bdo you think i\b|\bwhat do i do\b|\bmy (?:plan|diet|routine|case|situation|condition)\b",
        _I,
    ),
    "zh": re.compile(
        r"我(?:該|该|應該|应该|需要|要不要|可以|能不能|能)|適合我|适合我|給我.{0,6}建議|给我.{0,6}建议"
        r"|建議我|建议我|推薦.{0,4}我|推荐.{0,4}我|我的情況|我的情况|像我這樣|像我这样"
    ),
    "ja": re.compile(
        r"私に|私は.{0,10}(?:べき|いい|大丈夫)|私でも|私の場合|私に合う|どうすればいい|どうしたらいい"
        r"|(?:飲んで|食べて|して|行って)も(?:いい|大丈夫)|(?:が|は)合って(?:る|います)"
    ),
    "ko": re.compile(
        r"(?:나|저)(?:에게|한테) (?:맞는|좋은|어울리는)|제게|내게|어떻게 해야|(?:해|먹어|가|마셔|먹|써)도 (?:괜찮|될까"
        r"|돼|되나)"
        r"|(?:제|내) 경우|저 같은|나 같은"
    ),
}

# Greetings, thanks and farewells; the whole message must consist of these tokens.
_GREETING_WORDS: dict[str, str] = {
    "en": r"hi|hello|hey|hiya|yo|howdy|good (?:morning|afternoon|evening|night|day)|morning|evening|thanks?|"
    r"thank you|thx|ty|cheers|bye|goodbye|see (?:you|ya)|later|ok|okay|cool|great|nice to meet you|"
    r"there|so much|a lot|again|everyone|friend|buddy|bot|lol|haha|that's all(?: for (?:today|now))?|that's it",
    "zh": r"你好|您好|妳好|哈囉|哈啰|哈嘍|嗨|嘿|早安|午安|晚安|早上好|下午好|晚上好|早|謝謝|谢谢|感謝|感谢"
    "|多謝|多谢"
    r"|掰掰|拜拜|再見|再见|好的|好|嗯|收到|了解|今天就到這裡|今天就到这里|就這樣|就这样|呵呵|哈哈|你|您|妳|大家|啊|呀|喔|哦|唷|囉|啰|啦|喲|哟|了|的",
    "ja": r"こんにちは|こんばんは|おはよう(?:ございます)?|ありがとう(?:ございます|ございました)?|どうも"
    "|よろしく(?:お願いします)?"
    r"|おやすみ(?:なさい)?|さようなら|じゃあね|またね|はじめまして|了解(?:です)?|はい|うん|です|ね|よ|ー"
    r"|(?:今日は)?(?:これで終わり|ここまで)|わかった|分かった|わかりました",
    "ko": r"안녕(?:하세요|하십니까|히 (?:계세요|가세요))?|고마워(?:요)?|감사합니다|감사해요|고맙습니다"
    "|좋은 아침(?:이에요|입니다)?"
    r"|잘 자(?:요)?|반가워(?:요)?|반갑습니다|알겠(?:어요|습니다)|알았어(?:요)?|네|응|예|ㅎㅎ+|ㅋㅋ+|좋아요"
    r"|(?:오늘은 )?여기까지(?:요)?|또 (?:봐요|봐|만나요)",
}
_GREETING_ALONE = re.compile(
    r"^(?:(?:" + "|".join(_GREETING_WORDS.values()) + r")[\s,，、.。!！~～?？:)(^_\-]*)+$",
    _I,
)

# Chit-chat about the bot, the weather or jokes.
SMALL_TALK: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"\bhow are you\b|\bhow's it going\b|\bwhat's up\b|\bwhats up\b|\bwho are you\b|\bwhat(?:'s"
        r"| is) your name\b"
        r"|\btell me a joke\b|\bweather\b|\bare you (?:a )?(?:bot|robot|human|real)\b"
        r"|\bwhat are you doing\b"
        r"|\bi'm bored\b|\bjust chatting\b|\b(?:write|compose|make up) (?:me )?an? (?:\w+ )?(?:poem|story"
        r"|song|haiku)\b",
        _I,
    ),
    "zh": re.compile(
        r"你好嗎|你好吗|你在幹嘛|你在干嘛|你在做什麼|你在做什么|你叫什麼|你叫什么|你是誰|你是谁|講個笑話"
        r"|讲个笑话"
        r"|說個笑話|说个笑话|寫一首|写一首|寫一篇|写一篇|寫個故事|写个故事|天氣|天气"
        r"|今天天气|你是機器人|你是机器人|好無聊|好无聊|陪我聊"
    ),
    "ja": re.compile(
        r"お元気ですか|元気[？?]|何してる|何してるの|名前は(?:何|なに)|あなたは誰|冗談|詩を書いて"
        r"|物語を書いて|天気|ロボット|暇"
    ),
    "ko": re.compile(
        r"잘 지내|뭐 해|뭐해|시를? 써|이야기를? 써|이름이 뭐|누구야|누구세요|농담|날씨|로봇이야"
        r"|심심"
    ),
}

# Encyclopaedic questions; only a SKIP when no first-person marker is present.
GENERAL_KNOWLEDGE: dict[str, re.Pattern[str]] = {
    "en": re.compile(
        r"^\s*(?:what(?:'s| is| are| was| were)|who (?:is|was|were|wrote|invented|discovered)|where (?:is"
        r"|are)"
        r"|what (?:causes|happens|does|do)|when (?:is|was|did)|why (?:is|are|do|does|did)|how (?:does|do|did"
        r"|is|are|many|much|long|far|old"
        r"|big)"
        r"|which|explain|define|tell me about)\b|\bdifference between\b|\bmeaning of\b|\bcapital of\b",
        _I,
    ),
    "zh": re.compile(
        r"什麼是|什么是|是什麼|是什么|為什麼|为什么|是誰|是谁|在哪裡|在哪里|有哪些|多少|怎麼運作|怎么运作"
        r"|如何運作|如何运作"
        r"|介紹一下|介绍一下|解釋|解释|的意思|首都|差別|差别|區別|区别|原理"
    ),
    "ja": re.compile(
        r"とは|って何|ってなに|何ですか|なぜ|どうして|仕組み|教えて|誰ですか|首都|違い|意味|原因|症状|何を測る"
    ),
    "ko": re.compile(
        r"이란|란 뭐|가 뭐|이 뭐|뭐야|뭐예요|무엇|왜|어떻게 작동|누구|수도|차이|설명해|알려줘|의미|원인|증상"
        r"|뭘 (?:재|측정)"
    ),
}

_USE_RULES: tuple[_Rule, ...] = (
    _Rule("memory_reference", GateDecision.USE, MEMORY_REFERENCE),
    _Rule("time_reference", GateDecision.USE, TIME_REFERENCE),
    _Rule("state_update", GateDecision.USE, STATE_UPDATE),
    _Rule("personal_advice", GateDecision.USE, PERSONAL_ADVICE),
    _Rule("personal_event", GateDecision.USE, PERSONAL_EVENT),
)
# Rules that name a topic rather than refer to the user: a question about the topic
# without a first-person marker ("What causes coughing?") is not about the user.
_TOPICAL_RULES = frozenset({"state_update", "personal_event"})

# --------------------------------------------------------------------------- decisions


# Requests to the bot ("tell me about Rome") name the user without being about them.
_REQUEST_TO_BOT = re.compile(r"\b(?:tell|give|show|teach) me\b", _I)
# Japanese and Korean leave the subject implied ("次の診察日はいつだったっけ？"): a question
# there is about the user unless it is worded as general knowledge.
_IMPLIED_SUBJECT = frozenset({"ja", "ko"})


def has_first_person(text: str) -> bool:
    return _FIRST_PERSON.search(text) is not None


def is_question(text: str) -> bool:
    return _QUESTION.search(text.strip()) is not None


def is_greeting_only(text: str) -> bool:
    """True when the message is nothing but greetings / thanks / farewells."""
    return _GREETING_ALONE.match(text.strip()) is not None


def rule_decision(text: str) -> GateResult | None:
    """USE / SKIP from the rule tables, or None when the rules cannot tell."""
    stripped = text.strip()
    language = gate_language(stripped)
    if not stripped:
        return GateResult(GateDecision.SKIP, "empty", language)
    first_person = has_first_person(stripped)
    question = is_question(stripped)
    general = _any(GENERAL_KNOWLEDGE, stripped)
    for rule in _USE_RULES:
        if not _any(rule.patterns, stripped):
            continue
        # "What causes coughing?" names a symptom but reports none: without a first-person
        # marker (in ja / ko: worded as general knowledge) it is left to the SKIP rules.
        about_topic = not first_person and (language not in _IMPLIED_SUBJECT or general)
        if rule.rule_id in _TOPICAL_RULES and question and about_topic:
            continue
        return GateResult(rule.decision, rule.rule_id, language)
    if _GREETING_ALONE.match(stripped):
        return GateResult(GateDecision.SKIP, "greeting", language)
    if _any(SMALL_TALK, stripped):
        return GateResult(GateDecision.SKIP, "small_talk", language)
    if general and not has_first_person(_REQUEST_TO_BOT.sub(" ", stripped)):
        return GateResult(GateDecision.SKIP, "general_knowledge", language)
    return None


# Beyond this many units (words for space-separated text, characters for CJK) a
# message carries enough personal context that retrieval is worth its cost.
LONG_MESSAGE_UNITS = 40
# A first-person statement at least this long usually tells something about the user.
FIRST_PERSON_STATEMENT_UNITS = 6
# A Japanese or Korean statement (subject implied) at least this many letters long.
IMPLIED_STATEMENT_CHARS = 10


def _length_units(text: str, language: str) -> int:
    if language in {"zh", "ja"}:
        return sum(1 for ch in text if not ch.isspace() and ch.isalnum())
    return len(text.split())


def local_fallback(text: str) -> GateResult:
    """Deterministic decision for the ambiguous rest when no LLM is configured."""
    stripped = text.strip()
    language = gate_language(stripped)
    units = _length_units(stripped, language)
    if has_first_person(stripped) and (is_question(stripped) or units >= FIRST_PERSON_STATEMENT_UNITS):
        return GateResult(GateDecision.USE, "local_fallback", language)
    # ja / ko statements drop the "I": one of some length tells something about the user.
    letters = sum(1 for ch in stripped if ch.isalnum())
    if language in _IMPLIED_SUBJECT and not is_question(stripped) and letters >= IMPLIED_STATEMENT_CHARS:
        return GateResult(GateDecision.USE, "local_fallback", language)
    if units > LONG_MESSAGE_UNITS:
        return GateResult(GateDecision.USE, "local_fallback", language)
    return GateResult(GateDecision.SKIP, "local_fallback", language)


def decide_locally(text: str) -> GateResult:
    """Rules, then the local fallback: the whole gate when no LLM is configured."""
    return rule_decision(text) or local_fallback(text)
