"""Chinese query words: former-state markers, relative time ranges, concept groups."""

from __future__ import annotations

import re

from engram.language.query_pack import QueryPack
from engram.language.zh.categories import CATEGORIES, GROUPS
from engram.language.zh.life_words import LIFE_CATEGORIES, LIFE_GROUPS, LIFE_WORD_PATTERNS

QUERY = QueryPack(
    past_state=(
        r"以前|之前|過去|过去|一開始|一开始|剛開始|刚开始|搬家前|(?<!目)前住|曾經|曾经|原本|本來|本来|從前|从前|舊的|旧的|前一份|上一份"
        r"|前(?:男友|女友|男朋友|女朋友|夫|妻|任)|(?:換|换|轉|转|改)[^，。？?]{0,4}前"
    ),
    # "到現在還不知道", "現在還在吃": until now, still — no change; nor "現在都…", "目前也…" (as a rule, also):
    # a habit or an addition said with now, which hid unrelated answers on a set by other authors
    state_change=r"(?<!到)(?:現在|现在|目前)(?!還|还|也|都|為止|为止)|最近|如今|換成|换成|換了|换了|改成|改吃|改用|換工作|换工作|搬到|搬去|搬家|新的|新工作|不再|開始|开始|分手|離職|离职|轉職|转职"
    # moved over to another school, hospital, commute ("下學期就轉過去", "改騎機車"); not a channel or money
    # turned over (轉到新聞台), nor a thing bought or a pet adopted: a second one joins the first
    r"|轉過去|转过去|轉學|转学|轉院|转院|轉診|转诊|改搭|改騎|改骑"
    # the first days somewhere new, a dose moved: "第一天上班", "醫生把劑量加到…"
    r"|第一天上班|第一週上班|第一周上班|(?:劑量|剂量)(?:加|減|减|調|调)"
    # "在保險公司當業務第一個月", "新車交車了"
    r"|(?:當|当|做)[^，,。]{1,8}?第一(?:天|週|周|個月|个月)|交車|交车"
    # a new employer, its first days: "剛到新公司第一個月", "上週到職" (not "想去新公司面試", "聽說新公司…")
    r"|(?:剛|刚)(?:進|进|到|去)(?:新)?公司|(?:到|進|进)新公司(?:上班|報到|报到|第一)|(?:剛|刚|上週|上周|昨天|今天)(?:到職|到职|入職|入职)",
    weak_change=r"現在|现在|目前|最近|如今",
    relative_ranges=(
        (r"昨天", "day", 1),
        (r"上週|上周|上星期|上個禮拜|上个礼拜", "week", 1),
        (r"這週|这周|這星期|本週", "week", 0),
        (r"上個月|上个月", "month", 1),
        (r"這個月|这个月|本月", "month", 0),
        (r"去年", "year", 1),
        (r"今年", "year", 0),
    ),
    month_names={},
    month_year_link="",
    year_mark="年",
    month_mark="月",
    concept_groups={
        "spouse": ("配偶", "老公", "老婆", "太太", "丈夫", "妻子", "先生", "另一半", "老伴"),
        "children": ("孩子", "小孩", "兒子", "儿子", "女兒", "女儿", "大女兒", "小女兒", "大兒子", "小兒子"),
        "parents": (
            "父母",
            "爸媽",
            "媽媽",
            "妈妈",
            "爸爸",
            "母親",
            "母亲",
            "父親",
            "父亲",
            "老媽",
            "老妈",
            "老爸",
            "我媽",
            "我爸",
        ),
        "siblings": (
            "兄弟",
            "姊妹",
            "姐妹",
            "手足",
            "哥哥",
            "姊姊",
            "姐姐",
            "弟弟",
            "妹妹",
            "我妹",
            "我弟",
            "我姊",
            "我哥",
        ),
        "dogs": ("狗", "狗狗", "小狗", "柴犬", "貴賓"),
        "cats": ("貓", "猫", "貓咪", "猫咪"),
        "pets": ("寵物", "宠物", "毛孩"),
        "death": ("過世", "去世", "過逝", "走了"),
        "home": ("住在", "城市", "搬到", "搬回", "搬來"),
        "allergies": ("過敏", "过敏", "花粉"),
        "medicine": ("藥", "药"),
        "work": ("工作", "職業", "职业", "上班", "任職", "夜班"),
        "birthday": ("生日", "出生"),
        **GROUPS,
        **LIFE_GROUPS,
    },
    concept_categories={**CATEGORIES, **LIFE_CATEGORIES},
    concept_scripts=(re.compile(r"^[\u4e00-\u9fff]+$"),),
    # 大丈夫 ("all right") is not a husband (丈夫).
    concept_word_patterns={
        "丈夫": r"(?<!大)丈夫",
        "先生": r"(?<=[我她妳])先生",
        "受過傷": r"受過.{0,4}傷",
        **LIFE_WORD_PATTERNS,
    },
    function_words=(
        "我 我的 我們 我们 你 你的 他 她 什麼 什么 是什 哪裡 哪里 哪個 哪个 哪些 是誰 是谁 誰 谁 怎麼 怎么 "
        "為什麼 为什么 多少 幾 几 嗎 吗 呢 是 有 在 了 的 要 會 会 能 可以 還是 还是 記得 记得 告訴 告诉"
    ),
)
