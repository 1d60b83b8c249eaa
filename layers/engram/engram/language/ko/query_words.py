"""Korean query words: former-state markers, relative time ranges, concept groups."""

from __future__ import annotations

import re

from engram.language.ko.categories import CAR_PATTERNS, CATEGORIES, GROUPS
from engram.language.ko.life_words import LIFE_CATEGORIES, LIFE_GROUPS, LIFE_WORD_PATTERNS
from engram.language.query_pack import QueryPack

QUERY = QueryPack(
    past_state=(
        r"예전에?|전에는?|전엔|이전에?|옛날에?|원래|과거에?"
        # where it began: "처음에 몇 mg 먹었더라?"
        r"|처음(?:에|엔|에는)\s"
        r"|전 (?:회사|직장|직업|집|동네|학교|여자친구|남자친구|여친|남친|애인|남편|아내|최애|취미|단골|주소|번호|차)"
    ),
    state_change=(
        r"지금(?!도|까지)은?|요즘은?|현재|최근|이제|바꿨|바꿔|바꾸|바뀌|이사(?!님)|새로운|새 |이직"
        r"|그만두|그만 두|그만뒀|그만 뒀"
        r"|헤어지|헤어졌"
        r"|이혼|재혼|결혼했|결혼해|결혼하게|결혼합니|시작|(?:가|이) 됐|(?:가|이) 되었|끝내|끝냈"
        r"|약[^.]{0,12}?(?:으로|로) 했"
        r"|(?:으로|로) 변경"
        # a new one taken on from a time on, moved over: "이번 달부터 수영 다녀요", "판교로 옮겼어"
        r"|(?:이번|다음|지난) (?:달|주)부터|올해부터|(?:으로|로) 옮겼"
        # a new one taken on: "새로 뽑은 쏘렌토", "첫 출근", "일한 지 일주일 됐는데"
        r"|새로 (?:뽑|산|샀|산 |들인|구한|옮긴)|첫 ?출근|첫날|일한 지 (?:일주일|한 달|며칠)"
        # the first days somewhere new, a dose moved: "첫 출근 했어", "약 용량이 늘었어"
        r"|첫 ?출근|입사했(?!을)|용량이? (?:늘|줄)"
    ),
    weak_change=r"지금은?|요즘은?|현재|최근|이제",
    relative_ranges=(
        (r"어제", "day", 1),
        (r"지난\s*주|저번\s*주", "week", 1),
        (r"이번\s*주", "week", 0),
        (r"지난\s*달|저번\s*달", "month", 1),
        (r"이번\s*달", "month", 0),
        (r"작년|지난\s*해", "year", 1),
        (r"올해|금년", "year", 0),
    ),
    month_names={},
    month_year_link="",
    year_mark="년",
    month_mark="월",
    concept_groups={
        "spouse": ("배우자", "남편", "아내", "와이프", "집사람", "신랑", "마누라"),
        "children": ("아이", "자녀", "자식", "아들", "딸", "애들", "우리 애", "큰딸", "작은딸", "큰아들", "작은아들"),
        "parents": ("부모", "엄마", "아빠", "어머니", "아버지"),
        "siblings": ("형제", "자매", "언니", "오빠", "누나", "동생", "남동생", "여동생"),
        "dogs": ("개", "강아지", "진돗개", "푸들", "반려견", "시바견", "리트리버"),
        "cats": ("고양이", "냥이", "반려묘"),
        "pets": ("반려동물",),
        "death": ("돌아가", "사망", "세상을 떠"),
        "home": ("사는", "동네", "도시", "이사"),
        "allergies": ("알레르기", "두드러기", "꽃가루"),
        "medicine": ("약", "복용"),
        "work": ("직업", "직장", "근무", "회사"),
        "birthday": ("생일", "태어"),
        **GROUPS,
        **LIFE_GROUPS,
    },
    concept_categories={**CATEGORIES, **LIFE_CATEGORIES},
    concept_scripts=(re.compile(r"[\uac00-\ud7a3]"),),
    concept_word_patterns={
        **CAR_PATTERNS,
        **LIFE_WORD_PATTERNS,
        # inside other words: 예약 (a booking), 약속 (a promise), 약간 (a little), 요약 (a summary); 아이폰,
        # 아이돌, 아이스; 도시락 (a lunch box)
        "약": r"(?<![예계절공조요규협번비특])약(?!속|간|하|해|한|점)",
        "아이": r"아이(?!패드|폰|돌|디|스|콘|템|유|브|캔)",
        "도시": r"도시(?!락)",
    },
    # 악기는 -> 악기, 뭐예요 -> 뭐예: 기는 and 예요 match any statement with the same grammar
    word_final_grammar="는은을를이가에요죠다고서로도만의와과랑야",
    word_final_script="가-힣",
    function_words=(
        "저 제 제가 저는 내 내가 나는 나 우리 무슨 무엇 뭐 뭐예요 뭐야 뭘 어떤 어디 어느 누구 언제 왜 어떻게 "
        "얼마 몇 이에요 예요 에요 어요 아요 해요 세요 있어요 있나요 나요 인가요 했어요 했죠 였죠 이었죠 "
        "습니까 니까 알려 기억"
    ),
)
