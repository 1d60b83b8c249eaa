"""Korean extraction rules, in priority order (data read by memory/extraction_rules.py)."""

from __future__ import annotations

import re

from engram.language.extraction_pack import Rule
from engram.language.extraction_pack import compile_all as _c

_I = re.IGNORECASE

_FAMILY_KO = (
    "아내|와이프|남편|아들|딸|엄마|어머니|아빠|아버지|할머니|할아버지|형|오빠|누나|언니|남동생|여동생|동생|손자|손녀"
)
_PET_KO = r"강아지|고양이|반려견|반려묘|반려동물|토끼|앵무새|햄스터|개"

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

KO_RULES: tuple[Rule, ...] = (
    Rule(
        "pet_allergy",
        _c(rf"(?:{_PET_KO}).{{0,10}}?{_KX}\s?(?:에 대한 |에 )?(?:알레르기|알러지)"),
        "constraint",
        "pet:allergy:{x}",
        ("pet", "health", "allergy"),
        0.9,
        0.9,
        -0.3,
        safety=True,
    ),
    Rule(
        "pet_medication",
        _c(rf"(?:{_PET_KO}).{{0,10}}(?:약을? 먹|약 복용|투약)"),
        "fact",
        "pet:medication",
        ("pet", "health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    Rule(
        "allergy",
        _c(rf"{_KX}\s?(?:에 대한 |에 |에게 )?(?:알레르기|알러지)"),
        "constraint",
        "allergy:{x}",
        ("health", "allergy"),
        0.95,
        0.95,
        -0.3,
        safety=True,
        negation=re.compile(r"(?:알레르기|알러지)(?:는|가)?\s?없"),
    ),
    Rule(
        "contraindication",
        _c(
            rf"{_KX}(?:은|는|을|를)?\s?(?:먹으면 안|드시면 안|마시면 안|먹지 말|마시지 말|먹지 마"
            rf"|복용하면 안|피해야|금지)"
        ),
        "constraint",
        "contraindication:{x}",
        ("health", "contraindication"),
        0.9,
        0.95,
        -0.2,
        safety=True,
    ),
    Rule(
        "medication",
        _c(
            rf"(?P<x>{_KO_DRUG})(?:을|를)?\s?(?:매일|아침마다|저녁마다|하루에\s?\S+\s?|꾸준히|계속)?\s?"
            r"(?:복용|먹고 있|먹어요|먹습니다|먹어|써요|쓰고 있|사용하고|맞고 있|끊었)",
            rf"{_KX}(?:을|를)\s?(?:매일|꾸준히|계속)?\s?복용",
        ),
        "fact",
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
        negation=re.compile(r"끊었|중단|그만"),
    ),
    Rule(
        "condition",
        _c(rf"(?P<x>{_KO_CONDITIONS})(?:이|가|을|를)?\s?(?:있|앓|진단|환자|가지고)"),
        "fact",
        "condition:{x}",
        ("health", "condition"),
        0.95,
        0.9,
        -0.3,
        safety=True,
        negation=re.compile(r"없어|없습니다|없어요"),
    ),
    Rule(
        "medication_taken",
        _c(r"약(?:을|를)?\s?(?:먹었|복용했|챙겨 먹었|안 먹었|깜빡)"),
        "timeline",
        "medication_taken",
        ("health", "medication"),
        0.1,
        0.3,
    ),
    Rule(
        "name",
        _c(
            r"(?:제|내)\s?이름은\s?(?P<x>[가-힣A-Za-z]{1,10}?)(?:이에요|예요|입니다|이야|야|이고|라고 해요"
            r"|$)",
            r"(?:저는|나는|전|난)\s?(?P<x>[가-힣A-Za-z]{1,10}?)(?:이라고|라고)\s?(?:해요|합니다|해)",
            r"(?P<x>[가-힣A-Za-z]{1,10}?)(?:이라고|라고) 불러",
        ),
        "profile",
        "name",
        ("profile",),
        0.95,
        0.8,
    ),
    Rule(
        "age",
        _c(r"^(?:저는|나는|전|난|제가)?\s?(?:올해\s?)?(?P<x>\d{1,3})\s?(?:살|세)"),
        "profile",
        "age",
        ("profile",),
        0.7,
        0.6,
    ),
    Rule(
        "job",
        _c(
            r"(?:저는|나는|전|난)\s?(?P<x>[가-힣]{0,6}(?:의사|간호사|선생님|교사|엔지니어|개발자|학생|회사원"
            r"|공무원|주부|변호사"
            r"|회계사|요리사|디자이너|농부|운전기사|약사))(?:예요|이에요|입니다|이야|야|로|으로)",
            rf"{_KX}에서 일(?:해|하고|합니다)",
            r"직업은\s?(?P<x>[가-힣A-Za-z]{1,10}?)(?:이에요|예요|입니다|이야|야|$)",
            r"(?P<x>은퇴)했",
        ),
        "profile",
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    Rule(
        "lives_in",
        _c(rf"{_KX}에 살(?:아|고|며|고 있|았)", rf"{_KX}(?:으로|로) 이사(?:했|왔|갔|해|를)"),
        "profile",
        "lives_in",
        ("profile", "location"),
        0.8,
        0.7,
    ),
    Rule(
        "hometown",
        _c(r"고향은\s?(?P<x>[가-힣A-Za-z]{1,10}?)(?:이에요|예요|입니다|이야|야|$)", rf"{_KX} 출신"),
        "profile",
        "hometown",
        ("profile", "location"),
        0.9,
        0.4,
    ),
    Rule(
        "pet_health",
        _c(rf"(?:{_PET_KO}).{{0,10}}(?:토했|토를|설사|안 먹|아파|기침|재채기|절뚝)"),
        "timeline",
        "pet:health",
        ("pet", "health"),
        0.2,
        0.6,
        -0.5,
    ),
    Rule(
        "pet_name",
        _c(
            rf"(?:{_PET_KO})(?:의)?\s?이름은\s?(?P<x>[가-힣A-Za-z]{{1,10}}?)(?:이에요|예요|입니다|이야|야|$)",
            rf"(?P<x>[가-힣A-Za-z]{{1,10}}?)(?:이)?라는 (?:{_PET_KO})",
        ),
        "fact",
        "pet:name",
        ("pet",),
        0.8,
        0.7,
        0.2,
    ),
    Rule(
        "pet_species",
        _c(rf"(?:{_PET_KO})(?:를|을|\s?\S+\s?마리를?)?\s?키우"),
        "fact",
        "pet:species",
        ("pet",),
        0.8,
        0.6,
        0.2,
    ),
    Rule(
        "pet_diet",
        _c(rf"(?:{_PET_KO}).{{0,10}}(?:사료|간식|습식|건식)"),
        "fact",
        "pet:diet",
        ("pet", "diet"),
        0.7,
        0.7,
    ),
    Rule("pet_vet", _c(r"동물병원|수의사"), "fact", "pet:vet", ("pet",), 0.7, 0.6),
    Rule(
        "family",
        _c(
            rf"(?:제|내|우리|저희)\s?(?P<rel>{_FAMILY_KO})",
            rf"(?<![가-힣])(?P<rel>{_FAMILY_KO})(?:이|가|은|는|랑|이랑|하고|도|의|한테|에게)(?=\s|$)",
        ),
        "fact",
        "family:{rel}",
        ("family",),
        0.7,
        0.5,
    ),
    Rule(
        "todo",
        _c(
            r"(?P<x>[가-힣A-Za-z0-9 ]{1,14}?)\s?(?:알려 ?줘|리마인드)",
            _KO_DATE + r".*?(?P<x>(?:[가-힣A-Za-z0-9]+\s?){0,3}?(?:예약|가야|갈 거|갈거|할 거|해야|진료|검사|수술"
            r"|병원에 가))",
        ),
        "todo",
        "todo:{x}",
        ("plan",),
        0.3,
        0.9,
    ),
    Rule(
        "decision",
        _c(
            r"(?P<x>[가-힣A-Za-z0-9 ]{1,14}?)\s?(?:하기로 했|하기로 결정|로 결정했|으로 결정했|로 정했"
            r"|으로 정했)"
        ),
        "decision",
        "decision:{x}",
        ("decision",),
        0.6,
        0.7,
    ),
    Rule(
        "goal",
        _c(
            r"목표는\s?(?P<x>[가-힣A-Za-z0-9 ]{1,14}?)(?:이에요|예요|입니다|이야|야|$)",
            r"(?P<x>(?:살을? 빼|체중을? 줄이|금연|담배를? 끊|운동을? 꾸준히|배우"
            r"|마라톤)[가-힣 ]{0,8}?)(?:하고|되고|고)? 싶",
        ),
        "profile",
        "goal:{x}",
        ("goal",),
        0.6,
        0.8,
        0.3,
    ),
    Rule(
        "dislikes",
        _c(rf"{_KX}(?:을|를|은|는|이|가)\s?(?:정말|진짜|너무|제일)?\s?(?:싫어|안 좋아|별로)"),
        "preference",
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        -0.4,
        negated=True,
    ),
    Rule(
        "likes",
        _c(
            rf"{_KX}(?:을|를)\s?(?:정말|진짜|아주|너무|제일|많이)?\s?(?:좋아해|좋아하|좋아합니다|사랑해)",
            rf"{_KX}(?:이|가)\s?(?:정말|진짜|제일)?\s?좋아(?:요)?\W*$",
        ),
        "preference",
        "likes:{x}",
        ("preference",),
        0.6,
        0.6,
        0.5,
    ),
    Rule(
        "symptom",
        _c(
            r"숨(?:이|쉬|차)|호흡|기침|가래|아프|아파|아팠|통증|열이|열나|피곤|지쳐|잠을|잠이|못 잤|못잤|깼"
            r"|불면|어지러"
            r"|메스꺼|토했|설사|혈압|혈당|체중|몸무게|산소|입맛|부었|가려"
        ),
        "timeline",
        "symptom:{sym}",
        ("health", "symptom"),
        0.2,
        0.6,
        -0.5,
    ),
    Rule(
        "mood",
        _c(r"(?P<x>기뻐|기쁘|행복|슬퍼|슬프|우울|짜증|불안|스트레스|외로|신나|설레|화가 나|속상)"),
        "note",
        "mood",
        ("mood",),
        0.1,
        0.2,
    ),
)

# Profile facts every language states often (diets, occupations, birthdays, children, trips,
# pets adopted by name, medicines with their schedule): after the language's own rules, so they
# only see the clauses no earlier rule took.

_KO_MORE: tuple[Rule, ...] = (
    Rule(
        "diet",
        _c(r"(?P<x>유당불내증|글루텐 불내증|채식주의자|채식|비건|락토 ?오보)"),
        "constraint",
        "diet:{x}",
        ("health", "diet"),
        0.9,
        0.9,
    ),
    Rule(
        "contraindication",
        _c(r"(?P<x>[가-힣A-Za-z]{1,10})(?:을|를) 못 (?:먹|마셔|마시)"),
        "constraint",
        "contraindication:{x}",
        ("health", "contraindication"),
        0.9,
        0.95,
        -0.2,
        safety=True,
    ),
    Rule(
        "medication",
        _c(
            # a schedule says it is a medicine, not a meal ("밥을 먹어요" is not)
            r"^(?=.*(?:하루에?|매일|자기 전|아침마다|밤마다|저녁마다|식후|식전|밀리그램|\d+ ?mg))"
            r".*?(?P<x>(?!밥|아침|점심|저녁|간식|과일|물|커피|차|술|우유)[가-힣A-Za-z]{2,12}?)(?:을|를) "
            r"(?:[^.!?]{0,12}?)?(?:먹어요|먹습니다|먹고 있|복용|써요|사용해)",
        ),
        "fact",
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    Rule(
        "job",
        _c(
            r"(?P<x>[가-힣A-Za-z]{1,10})(?:으로|로) (?:일해|일하고|근무)",
            r"저는 (?P<x>[가-힣A-Za-z ]{1,15}?(?:사|원|자|가|엔지니어|교사|선생님|의사|간호사|학생|개발자))"
            r"(?:예요|이에요|입니다)",
        ),
        "profile",
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    Rule(
        "birthday",
        _c(r"생일은 (?P<x>[^.!?]{2,12}?)(?:이에요|예요|입니다|이야|야)"),
        "profile",
        "birthday",
        ("profile",),
        0.95,
        0.7,
    ),
    Rule(
        "children",
        _c(r"(?P<x>(?:아이|애|자녀|아들|딸|손주|손자|손녀)(?:가|는|이) (?:하나|둘|셋|넷|한 명|두 명|세 명|\d+ ?명))"),
        "fact",
        "family:children",
        ("family",),
        0.8,
        0.6,
    ),
    Rule(
        "family",
        _c(r"(?P<rel>아들|딸|남편|아내|언니|오빠|누나|동생) (?P<x>[가-힣]{2,4}?)(?:이는|이가|는|가|이)\s"),
        "fact",
        "family:{rel}",
        ("family",),
        0.7,
        0.5,
    ),
    Rule(
        "trip",
        _c(r"(?P<x>[가-힣A-Za-z]{1,10})(?:에|으로|로) (?:가요|갑니다|가려고|갈 거|떠나|여행)"),
        "todo",
        "trip:{x}",
        ("plan", "travel"),
        0.3,
        0.9,
    ),
    Rule(
        "goal",
        _c(r"(?P<x>[^.!?]{2,20}?) ?(?:계획|예정)이에요", r"(?P<x>[^.!?]{2,20}?) (?:계획|예정)입니다"),
        "todo",
        "plan:{x}",
        ("plan",),
        0.4,
        0.9,
    ),
)

RULES: tuple[Rule, ...] = KO_RULES + _KO_MORE
