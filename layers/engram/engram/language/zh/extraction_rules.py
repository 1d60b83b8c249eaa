"""Chinese extraction rules, in priority order (data read by memory/extraction_rules.py)."""

from __future__ import annotations

import re

from engram.language.extraction_pack import Rule
from engram.language.extraction_pack import compile_all as _c
from engram.memory.models import MemoryType

_I = re.IGNORECASE

_FAMILY_ZH = (
    "太太|老婆|妻子|先生|老公|丈夫|男朋友|女朋友|男友|女友|兒子|儿子|女兒|女儿|媽媽|妈妈|母親|母亲|爸爸|父親"
    "|父亲"
    "|哥哥|弟弟|姐姐|姊姊|妹妹|孫子|孙子|孫女|孙女|爺爺|爷爷|奶奶|外婆|外公|阿公|阿嬤|阿嬷"
)
_PET_ZH = r"狗狗|狗|貓咪|猫咪|貓|猫|寵物|宠物|毛孩|兔子|鸚鵡|鹦鹉|倉鼠|仓鼠"

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

ZH_RULES: tuple[Rule, ...] = (
    Rule(
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
    Rule(
        "pet_medication",
        _c(rf"(?:{_PET_ZH}).{{0,8}}(?:在吃|每天吃|要吃|吃的藥|吃的药|服用)"),
        MemoryType.FACT,
        "pet:medication",
        ("pet", "health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    Rule(
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
    Rule(
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
    Rule(
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
    Rule(
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
    Rule(
        "medication_taken",
        _c(r"(?:吃|服|噴|喷|用)(?:過|过|了)?(?:藥|药)|(?:藥|药)(?:吃了|吃過|吃过|忘了吃)"),
        MemoryType.TIMELINE,
        "medication_taken",
        ("health", "medication"),
        0.1,
        0.3,
    ),
    Rule(
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
    Rule(
        "age",
        _c(r"(?:我|今年)(?:今年|已經|已经)?(?P<x>\d{1,3}|[一二三四五六七八九十]{1,3})(?:歲|岁)"),
        MemoryType.PROFILE,
        "age",
        ("profile",),
        0.7,
        0.6,
    ),
    Rule(
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
    Rule(
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
    Rule(
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
    Rule(
        "pet_health",
        _c(rf"(?:{_PET_ZH}).{{0,8}}(?:吐|拉肚子|腹瀉|腹泻|不吃|沒食慾|没食欲|生病|咳|打噴嚏|打喷嚏|跛)"),
        MemoryType.TIMELINE,
        "pet:health",
        ("pet", "health"),
        0.2,
        0.6,
        -0.5,
    ),
    Rule(
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
    Rule(
        "pet_species",
        _c(rf"我(?:家)?(?:有)?(?:養|养)了?(?:一隻|一只|兩隻|两只|\d+隻|\d+只|隻|只)?(?:{_PET_ZH})"),
        MemoryType.FACT,
        "pet:species",
        ("pet",),
        0.8,
        0.6,
        0.2,
    ),
    Rule(
        "pet_diet",
        _c(rf"(?:{_PET_ZH}).{{0,8}}(?:吃|飼料|饲料|罐頭|罐头|鮮食|鲜食|零食)"),
        MemoryType.FACT,
        "pet:diet",
        ("pet", "diet"),
        0.7,
        0.7,
    ),
    Rule("pet_vet", _c(r"獸醫|兽医|動物醫院|动物医院"), MemoryType.FACT, "pet:vet", ("pet",), 0.7, 0.6),
    Rule(
        "family",
        _c(rf"(?:我的?|我家|我們家|我们家)(?P<rel>{_FAMILY_ZH})"),
        MemoryType.FACT,
        "family:{rel}",
        ("family",),
        0.7,
        0.5,
    ),
    Rule(
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
    Rule(
        "decision",
        _c(r"(?:決定|决定|選擇|选择|下定決心|下定决心)(?:了|要)?(?P<x>[^\s，,。！？!?]{1,14})"),
        MemoryType.DECISION,
        "decision:{x}",
        ("decision",),
        0.6,
        0.7,
    ),
    Rule(
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
    Rule(
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
    Rule(
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
    Rule(
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
    Rule(
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

# Profile facts every language states often (diets, occupations, birthdays, children, trips,
# pets adopted by name, medicines with their schedule): after the language's own rules, so they
# only see the clauses no earlier rule took.

_ZH_NUM = "一二兩两三四五六七八九十0-9"
_ZH_MORE: tuple[Rule, ...] = (
    Rule(
        "diet",
        _c(r"(?P<x>乳糖不耐|麩質不耐|麸质不耐|果糖不耐|吃全素|吃素|吃蛋奶素|素食|不吃肉|不吃牛|不吃豬肉|不吃猪肉)"),
        MemoryType.CONSTRAINT,
        "diet:{x}",
        ("health", "diet"),
        0.9,
        0.9,
    ),
    Rule(
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
    Rule(
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
    Rule(
        "birthday",
        _c(r"生日是(?P<x>[^\s，,。]{2,12})"),
        MemoryType.PROFILE,
        "birthday",
        ("profile",),
        0.95,
        0.7,
    ),
    Rule(
        "children",
        _c(rf"我(?:們|们)?有(?P<x>[{_ZH_NUM}]+(?:個|个)(?:小孩|孩子|兒子|儿子|女兒|女儿|孫子|孙子|孫女|孙女))"),
        MemoryType.FACT,
        "family:children",
        ("family",),
        0.8,
        0.6,
    ),
    Rule(
        "trip",
        _c(r"(?:要|會|会|將|将|準備|准备)(?:去|到|飛|飞)(?P<x>[^\s，,。]{1,8})"),
        MemoryType.TODO,
        "trip:{x}",
        ("plan", "travel"),
        0.3,
        0.9,
    ),
    Rule(
        "goal",
        _c(r"我(?:打算|計畫|计划|計劃|準備|准备|預計|预计|想要)(?P<x>[^\s，,。]{2,15})"),
        MemoryType.TODO,
        "plan:{x}",
        ("plan",),
        0.4,
        0.9,
    ),
    Rule(
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

RULES: tuple[Rule, ...] = ZH_RULES + _ZH_MORE
