"""Japanese query words: former-state markers, relative time ranges, concept groups."""

from __future__ import annotations

import re

from engram.language.ja.categories import CATEGORIES, GROUPS
from engram.language.ja.life_words import LIFE_CATEGORIES, LIFE_GROUPS, LIFE_WORD_PATTERNS
from engram.language.query_pack import QueryPack

QUERY = QueryPack(
    past_state=(
        # 前 never inside 名前 ("名前は" is "the name is", not "before")
        r"以前は|(?<!名)前は|昔は?|かつて|もともと|元々|最初は|初めは|はじめは|(?<![名の])前の|以前の|元(?:彼|カノ|夫|妻|恋人|旦那)"
        # before a change named: "転職する前は", "引っ越す前", "変える前"
        r"|(?:転職|引っ越|引越|変え|変わ|替え|切り替え|移)(?:す|る|し|った)?前"
        r"|(?:以前|(?<!名)前)に[^、。？?]{0,10}?(?:いた|ていた|でいた|てた|でた|だった)"  # "前に飲んでいた薬は？"
        r"|(?:去年|昨年|先月|前)まで[^、。？?]{0,10}?(?:てた|でた|ていた|でいた|だった)"  # "去年まで飲んでたのは？"
    ),
    state_change=r"今は|今の|今一番|今いちばん|今では|(?<!到)現在(?!還|还|也|都)|最近|このごろ|近頃|変え|変わ|替え|引っ越|新しい|転職|辞め|やめ|別れ|離婚|再婚|ようになり|になりました|始め|籍を入れ|結婚し"
    # moved over to another, a new one delivered: "チョコザップに乗り換えた", "セレナ納車された"
    r"|に乗り換え|にのりかえ|納車|転院"
    # the first days somewhere new, a dose moved: "今日から初出勤", "薬が増えた"
    r"|初出勤|出勤初日|(?:薬|量)が(?:増え|減っ)"
    # "歯科助手として働き始めて一週間", "新しい職場の初日"
    r"|入社(?:したばかり|して(?:まだ)?(?:[一二三1-3１-３](?:日|週間|ヶ月|か月))|しました)|(?:今日|昨日)(?:から)?入社|入社初日"
    r"|働き始め|勤め始め|として(?:働いて|勤めて)[^。]{0,6}?(?:一週間|1週間|一ヶ月|1ヶ月|初日)|初日"
    r"|(?:薬|剤)[^。]{0,12}?にし(?:ました|た)",  # "頭痛薬はカロナールにしました": a medicine chosen anew
    weak_change=r"今は|今の|今では|現在|最近|このごろ|近頃",
    relative_ranges=(
        (r"昨日|きのう", "day", 1),
        (r"先週", "week", 1),
        (r"今週", "week", 0),
        (r"先月", "month", 1),
        (r"今月", "month", 0),
        (r"昨年", "year", 1),
    ),
    # (not 夫 alone: 大丈夫 means "all right"; not 先生: a doctor or teacher in Japanese)
    month_names={},
    month_year_link="",
    year_mark="年",
    month_mark="月",
    concept_groups={
        "spouse": ("配偶者", "妻", "旦那", "夫", "主人", "奥さん", "嫁", "亭主"),
        "children": ("子ども", "子供", "こども", "息子", "娘", "長女", "次女", "長男", "次男", "男の子", "女の子"),
        "parents": ("母親", "父親", "両親", "母", "父"),
        "siblings": ("兄弟", "姉妹", "きょうだい", "兄", "姉", "弟", "妹"),
        "dogs": ("犬", "子犬", "わんちゃん", "プードル"),
        "cats": ("子猫", "ねこ"),
        "pets": ("ペット",),
        "death": ("亡くな", "他界", "死去"),
        "home": ("住ん", "暮らし", "街", "引っ越"),
        "allergies": ("アレルギー", "じんましん", "花粉症", "花粉"),
        "medicine": ("薬", "服薬"),
        "work": ("仕事", "勤め", "勤務", "働い", "職場", "夜勤", "出勤", "勤め先", "勤務先"),
        "birthday": ("誕生日", "生まれ"),
        **GROUPS,
        **LIFE_GROUPS,
    },
    concept_categories={**CATEGORIES, **LIFE_CATEGORIES},
    concept_scripts=(re.compile(r"[\u3041-\u30ff]"), re.compile(r"^[\u4e00-\u9fff]+$")),
    concept_word_patterns={"車は": r"(?<![電転])車は", "夫": r"(?<!丈)夫", **LIFE_WORD_PATTERNS},
    function_words=(
        "私 私の 私は 僕 僕の 俺 あなた 何 なに は何 何だ 何で 何を 何が どこ どれ どの どんな だれ 誰 いつ "
        "なぜ どうして いくつ です ます でし した して てい いま いる ある あり だっ っけ ってる ですか "
        "ますか かな 教え 覚え なんだ だっけ って言っ ったっけ なの でした"
    ),
)
