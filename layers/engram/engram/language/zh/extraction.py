"""Chinese extraction pack (zh-TW and zh-CN forms): the rules plus the words around them."""

from __future__ import annotations

import re

from engram.language.extraction_pack import ExtractionPack
from engram.language.zh.extraction_rules import RULES

EXTRACTION = ExtractionPack(
    rules=RULES,
    # "不過" is "but" except in "不過敏" (not allergic); "還有" is left out ("我還有氣喘").
    clause_separator=re.compile(r"[，,、；;]|而且|但是|可是|不過(?!敏)|不过(?!敏)"),
    filler=re.compile(
        r"^(?:(?:嗯+|那個|那个|就是|對了|对了|然後|然后|其實|其实|啊|喔|哦|欸|诶|呃|那|你好|您好|嗨|哈囉"
        r"|哈啰)"
        r"[\s，,、！!]*)+"
    ),
    preface=re.compile(
        r"^(?:(?:跟你說|跟你说|告訴你|告诉你|我想說|我想说|順便說一下|顺便说一下|我忘了說|我忘了说|提醒你)[\s，,：:]*)+"
    ),
    family_relations={
        **dict.fromkeys(["太太", "老婆", "妻子"], "wife"),
        **dict.fromkeys(["先生", "老公", "丈夫"], "husband"),
        **dict.fromkeys(["男友", "女友", "男朋友", "女朋友", "另一半", "伴侶", "伴侣"], "partner"),
        **dict.fromkeys(["兒子", "儿子"], "son"),
        **dict.fromkeys(["女兒", "女儿"], "daughter"),
        **dict.fromkeys(["媽媽", "妈妈", "母親", "母亲", "媽", "妈"], "mother"),
        **dict.fromkeys(["爸爸", "父親", "父亲", "爸"], "father"),
        **dict.fromkeys(["哥哥", "弟弟", "哥", "弟"], "brother"),
        **dict.fromkeys(["姐姐", "妹妹", "姊姊", "姐", "姊", "妹"], "sister"),
        **dict.fromkeys(["孫子", "孙子", "孫女", "孙女"], "grandchild"),
        **dict.fromkeys(["爺爺", "爷爷", "奶奶", "外婆", "外公", "阿公", "阿嬤", "阿嬷"], "grandparent"),
        **dict.fromkeys(["朋友", "好友", "閨蜜", "闺蜜", "閨密", "死黨", "死党", "麻吉"], "friend"),
    },
    symptoms=(
        ("breathing", r"喘|呼吸"),
        ("cough", r"咳"),
        ("phlegm", r"痰"),
        ("fever", r"發燒|发烧|燒到"),
        ("spo2", r"血氧"),
        ("blood_pressure", r"血壓|血压"),
        ("blood_sugar", r"血糖"),
        ("weight", r"體重|体重"),
        ("sleep", r"睡|失眠"),
        ("fatigue", r"累|疲|沒力|没力"),
        ("dizziness", r"頭暈|头晕"),
        ("nausea", r"噁心|恶心|吐"),
        ("appetite", r"胃口|食慾|食欲"),
        ("pain", r"痛|疼"),
    ),
    positive_words=r"開心|开心|高興|高兴|快樂|快乐|喜歡|喜欢|愛|爱|好多了|很好|不錯|不错|放心",
    negative_words=(
        r"難過|难过|傷心|伤心|生氣|生气|焦慮|焦虑|緊張|紧张|煩|烦|害怕|孤單|孤单|寂寞|沮喪|沮丧|討厭|讨厌|憂鬱"
        r"|忧郁|無聊|无聊"
    ),
    question=r"[嗎吗呢]\s*$",
    own_name=r"我",
    key_trim=r"^(?:每天|每日|每晚)\s?|(?:的|了|嗎|吗|喔|哦|啦|呀|啊)$",
    # Chat drops the 我 ("這陣子都在家拼拼圖", "養了兩隻貓", "老公在科技業上班"): a sentence that opens on
    # the speaker's time, home or family, or says where one lives or works or what one keeps, is theirs.
    statement=re.compile(
        r"我|咱|^(?:最近|這陣子|这阵子|現在|现在|目前|每天|每週|每周|週末|周末|平常|平時|平时|之前|以前|去年|今年|上個月"
        r"|上个月|家裡|家里|老公|老婆|先生|太太|女兒|女儿|兒子|儿子|爸爸|媽媽|妈妈)"
        r"|養了|养了|迷上|^住在?|^在.{1,8}(?:上班|工作|教書|教书|念書|读书|讀書)"
        # more of the 我 dropped, each held to what makes it a statement of one's life (an independent review
        # found the first, looser forms storing idol fandom, lyrics, sayings and remarks on the bot: 哥哥今天
        # 的舞台, 妹妹背著洋娃娃, 早餐是一天中最重要的一餐, 超愛這個回答): one's people named first with a
        # time or a step of their life (弟弟今年要學測, 男友在台中), who one is as a word (超級湖人迷, 夜貓子一枚),
        # where one is from, a routine said with its habit (睡前都會吃褪黑激素, 通勤坐捷運要一小時), the vehicle
        # one drives, teaching somewhere, what one loves more than something
        r"|^(?:弟弟|妹妹|哥哥|姊姊|姐姐|阿嬤|阿公|奶奶|爺爺|爷爷|外婆|外公|男友|女友|男朋友|女朋友|室友)"
        r"(?:今年|明年|下個月|下个月|下禮拜|下礼拜|最近|現在|现在|在|住|要|讀|读|念|考|剛|刚|生了|過世|过世|開始|开始)"
        r"|^(?:超級?|超|死忠|資深|资深|重度)?[^\s，,。？?]{2,8}(?<![失夠够好很太])(?:迷|粉|控)(?:一枚)?(?:[，,。！!]|$)"
        r"|^(?:夜貓子|夜猫子|吃貨|吃货|路痴|貓奴|猫奴|狗奴|宅女|宅男|晨型人)(?=一枚|一個|一个|[，,。！!]|$)"
        r"|^(?:老家|家鄉|家乡)在"
        r"|^(?:睡前|早餐|午餐|晚餐|通勤|上下班)(?!.*(?:啥|什麼|什么|哪))(?:都|一定|通常|固定|習慣|习惯|會|会|坐|騎|骑|搭|開|开)"
        r"|^(?:開|开|騎|骑)的是|^只(?:喝|吃)(?!不)[^\s，,。？?]{2,12}$"
        r"|^在.{1,8}(?:教|當(?!然)|当(?!然))[^\s，,。？?]{1,8}$|^比起.{1,10}(?:更愛|更爱|更喜歡|更喜欢)"
        # or on a time of the speaker's own life: "剛領養一隻米克斯", "上禮拜買了一台Kuga", "三月跌倒之後…",
        # "寒假要帶小孩去沖繩玩", "每個禮拜天晚上會跟爸爸視訊"
        r"|^(?:剛剛?|刚刚?|才剛|才刚|昨天|前天|明天|後天|后天|前陣子|前阵子|前幾天|前几天|這幾天|这几天"
        r"|[上下這这](?:個|个)?(?:禮拜|礼拜|星期|週|周|月)|寒假|暑假|過年|过年|年底|年初|月底|月初|明年|小時候|小时候"
        r"|從小|从小|每(?:個|个)?(?:禮拜|礼拜|星期|週|周|月|年|晚|天早上|天晚上)|[0-9一二三四五六七八九十]{1,3}月"
        r"|[0-9一二兩两三四五六七八九十]{1,3}(?:年|個月|个月)(?:前|來|来))(?!的|那|剛|刚)"  # "昨天的比賽": a thing
    ),
    render_request=re.compile(r"翻成|翻譯成|翻译成|翻譯一下|翻译一下|幫我翻|帮我翻|潤飾|润饰|改寫|改写"),
    passing_moment=re.compile(
        r"(?:剛|刚|剛剛|刚刚|剛才|刚才)(?:吃完|吃飽|吃饱|吃了|喝完|到家|到公司|下班|起床|睡醒|洗完澡)"
        r"|(?:現在|现在)(?:在|正在)(?:捷運|捷运|公車|公车|火車|火车|高鐵|高铁|車上|车上|路上)"
        r"|打(?:電話|电话)(?:來|来|給我|给我)|好飽|好饱|塞車|塞车"
        # doing it again, as it happens ("我家的貓又在抓沙發")
        r"|又在"
    ),
    chit_chat=re.compile(
        r"覺得|觉得|我猜|認為|认为|想一想|想想|確定|确定|聽懂|听懂|不懂|知道了|明白了|懂了|只是來|只是来|招呼"
        r"|謝|谢|抱歉|不好意思|對不起|对不起|沒問題|没问题|原來如此|原来如此|有道理|哈哈|怎麼辦|怎么办|為什麼|为什么"
        r"|[吧啊呀喔哦啦耶]\W*$"
        # a remark about the bot ("你真的很聰明", "妳好厲害")
        r"|^(?:你|妳)(?:真的|真|好|很|超|太|也太)"
        r"|^(?:請|请|幫我|帮我|給我|给我|告訴我|告诉我|講|讲|說|说|教我|推薦|推荐|寫|写)|給我聽|给我听|給我看|给我看"
        # the weather of the moment ("一直下雨我快瘋了"): no rule took it as a symptom
        r"|下雨|天氣|天气|好熱|好热|好冷|好悶|好闷|熱死|热死|冷死|降溫|降温|回暖|放晴|下雪|颱風|台風|台风"
        # a goodbye ("明天見", "下週見")
        r"|^(?:明天|後天|后天|下週|下周|下禮拜|下礼拜|下次|待會|待会|等等|晚點|晚点|改天|回頭|回头)(?:見|见|再聊|再說|再说|繼續|继续)"
        r"|^剛剛好|說錯|说错|答錯|答错"
    ),
    dose_change=re.compile(
        # of a medicine: "劑量加到兩顆", "藥改成半顆" (not eggs or caffeine)
        r"(?:劑量|剂量|藥量|药量|藥|药)[^，,。]{0,4}?(?:加到|加成|增加到|提高到|減到|减到|減成|减成|降到|改成|調到|调到|調成|调成)"
        r"[0-9０-９一二兩两三四五六半]+\s?(?:mg|毫克|顆|颗|粒|錠|锭|單位|单位|下)"
    ),
    switched_to=re.compile(
        # a name, not a count ("早餐的蛋改成兩顆")
        r"(?:改吃|改服用?|換吃|换吃|改用|改開|改开|換成|换成|改成|改為|改为|換到|换到)了?"
        r"(?![一兩两二三四五六七八九十半幾几0-9０-９])(?P<x>[^\s，,。！？!?了的給给]{2,8})"
    ),
    medical_context=re.compile(
        r"醫生|医生|醫師|医师|藥|药|處方|处方|毫克|mg|錠|锭|膠囊|胶囊|劑量|剂量|吸入|胰島素|胰岛素|獸醫|兽医|回診|回诊|門診|门诊"
        r"|看診|看诊|噴|喷"
    ),
    in_addition=re.compile(r"也|另外|還有|还有|再加|加上|多吃|多了"),
    # liking most, or being taken with something now ("最近迷上高爾夫")
    favourite_words=re.compile(
        r"最喜歡|最喜欢|最愛|最爱|最喜愛|最喜爱|迷上|愛上|爱上|著迷|着迷|圈粉|入坑|路轉粉|路转粉|粉上"
        # liking it over the one before: "現在比起珍奶更喜歡水果茶"
        r"|比(?:起)?[^，,。！？!?]{1,12}?更(?:喜歡|喜欢|愛|爱)"
    ),
    refers_back=re.compile(r"^(?:它|牠|他|她|那個|那个|那裡|那里|所以|因此|名字叫)"),
    ending_words=re.compile(r"不再|戒了|停了|分手|辭職|辞职|離職|离职|不做了|不吃了"),
    partner_change_words=re.compile(r"再婚|離婚|离婚|結婚|结婚|分手|喪偶|丧偶"),
    favourite_categories={
        "作者": "作家",
        "小說家": "作家",
        "小说家": "作家",
        "影片": "電影",
        "电影": "電影",
        "菜": "食物",
        "料理": "食物",
        "歌曲": "歌",
        "颜色": "顏色",
    },
)
