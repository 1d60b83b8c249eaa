"""Japanese extraction rules, in priority order (data read by memory/extraction_rules.py)."""

from __future__ import annotations

import re

from engram.language.extraction_pack import Rule
from engram.language.extraction_pack import compile_all as _c

_I = re.IGNORECASE

_FAMILY_JA = (
    "お母さん|お父さん|おばあちゃん|おじいちゃん|母親|父親|家内|主人|祖母|祖父|息子|彼氏|彼女|娘|妻"
    "|夫|母|父|兄|姉|弟|妹|孫"
)
_PET_JA = r"犬|猫|ペット|うちの子|わんちゃん|ワンちゃん|ねこ|ネコ|いぬ|イヌ|ウサギ|インコ|ハムスター"

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

JA_RULES: tuple[Rule, ...] = (
    Rule(
        "pet_allergy",
        _c(rf"(?:{_PET_JA}).{{0,8}}?{_JX}(?:に対する|への|の)?アレルギー"),
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
        _c(rf"(?:{_PET_JA}).{{0,10}}(?:薬|投薬|服用)"),
        "fact",
        "pet:medication",
        ("pet", "health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    Rule(
        "allergy",
        _c(rf"{_JX}(?:に対する|への|の|に)?アレルギー"),
        "constraint",
        "allergy:{x}",
        ("health", "allergy"),
        0.95,
        0.95,
        -0.3,
        safety=True,
        negation=re.compile(r"アレルギーは(?:ない|ありません|無い)|アレルギーじゃない|アレルギーではない"),
    ),
    Rule(
        "contraindication",
        _c(
            rf"{_JX}(?:は|を|が)?(?:飲めない|飲めません|食べられない|食べられません|飲んではいけない"
            rf"|食べてはいけない"
            r"|飲んじゃダメ|食べちゃダメ|禁止|控えるように|避けるように|止められ|禁忌)"
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
            rf"(?P<x>{_JA_DRUG})を?(?:毎日|毎朝|毎晩|朝晩|一日\d回|ずっと|定期的に)?(?:飲んで|服用して"
            rf"|使って|吸入して|打って)"
            r"(?:い|お|る)",
            rf"{_JX}を(?:毎日|毎朝|毎晩|朝晩|一日\d回|ずっと|定期的に)?服用",
            rf"(?P<x>{_JA_DRUG})を(?:やめ|中止)",
        ),
        "fact",
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
        negation=re.compile(r"やめた|やめました|中止|止めた"),
    ),
    Rule(
        "condition",
        _c(
            rf"(?P<x>{_JA_CONDITIONS})(?:が(?:あ|持病)|を持って|持ち|です|と診断|の持病|を患って|になった"
            rf"|になりました|を抱えて)",
            r"持病(?:は|が)(?P<x>[^\s、。！？!?]{1,10}?)(?:です|だ|で|がある|$)",
        ),
        "fact",
        "condition:{x}",
        ("health", "condition"),
        0.95,
        0.9,
        -0.3,
        safety=True,
    ),
    Rule(
        "medication_taken",
        _c(r"薬(?:を)?(?:飲んだ|飲みました|飲み忘れ|吸入した|飲んでない|飲んでいない)"),
        "timeline",
        "medication_taken",
        ("health", "medication"),
        0.1,
        0.3,
    ),
    Rule(
        "name",
        _c(
            r"(?:^|私の|僕の|俺の|わたしの|あたしの)名前は(?P<x>[^\s、。！？!?]{1,10}?)(?:です|だ|といいます"
            r"|と申します|っていいます)",
            r"(?P<x>[^\s、。！？!?はが]{1,10}?)と(?:申します|いいます)",
            r"(?P<x>[^\s、。！？!?はが]{1,8}?)(?:って|と)呼んで",
        ),
        "profile",
        "name",
        ("profile",),
        0.95,
        0.8,
    ),
    Rule(
        "age",
        _c(r"^(?:私は|僕は|俺は)?(?:今年)?(?P<x>\d{1,3})歳"),
        "profile",
        "age",
        ("profile",),
        0.7,
        0.6,
    ),
    Rule(
        "job",
        _c(
            r"(?P<x>[^\s、。！？!?はが]{0,8}(?:医者|医師|看護師|教師|先生|エンジニア|学生|会社員|公務員|主婦"
            r"|弁護士|会計士"
            r"|料理人|デザイナー|プログラマー|農家|運転手|薬剤師))(?:です|だ|をして|として|なんです)",
            rf"{_JX}で働いて",
            r"仕事は(?P<x>[^\s、。！？!?]{1,12}?)(?:です|だ|で|$)",
            r"(?P<x>退職|定年)",
        ),
        "profile",
        "job",
        ("profile", "work"),
        0.8,
        0.6,
    ),
    Rule(
        "lives_in",
        _c(rf"{_JX}に住んで", rf"{_JX}に(?:引っ越し|引越し|転居)"),
        "profile",
        "lives_in",
        ("profile", "location"),
        0.8,
        0.7,
    ),
    Rule(
        "hometown",
        _c(r"出身は(?P<x>[^\s、。！？!?]{1,10}?)(?:です|だ|で|$)", rf"{_JX}出身"),
        "profile",
        "hometown",
        ("profile", "location"),
        0.9,
        0.4,
    ),
    Rule(
        "pet_health",
        _c(rf"(?:{_PET_JA}).{{0,10}}(?:吐い|下痢|食べない|食べません|元気がない|病気|咳|くしゃみ|足を引きず)"),
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
            rf"(?:{_PET_JA})(?:の名前)?は(?P<x>[^\s、。！？!?]{{1,10}}?)(?:です|だ|っていう|といいます"
            rf"|という名前)",
            rf"(?P<x>[^\s、。！？!?はが]{{1,10}}?)という(?:名前の)?(?:{_PET_JA})",
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
        _c(rf"(?:{_PET_JA})を(?:\d+匹|[一二三]匹)?飼って"),
        "fact",
        "pet:species",
        ("pet",),
        0.8,
        0.6,
        0.2,
    ),
    Rule(
        "pet_diet",
        _c(rf"(?:{_PET_JA}).{{0,10}}(?:フード|餌|えさ|エサ|ごはん|ご飯|おやつ)"),
        "fact",
        "pet:diet",
        ("pet", "diet"),
        0.7,
        0.7,
    ),
    Rule("pet_vet", _c(r"獣医|動物病院"), "fact", "pet:vet", ("pet",), 0.7, 0.6),
    Rule(
        "family",
        _c(rf"(?<![\u4e00-\u9fff])(?P<rel>{_FAMILY_JA})(?:が|は|と|も|の|に|を)"),
        "fact",
        "family:{rel}",
        ("family",),
        0.7,
        0.5,
    ),
    Rule(
        "todo",
        _c(
            r"(?P<x>[^\s、。！？!?]{0,12}?)(?:をリマインド|を忘れないように)",
            _JA_DATE + r".*?(?P<x>[^\s、。！？!?]{0,12}?(?:予定|予約|受診|通院|検査|手術|行く|行きます|しなきゃ"
            r"|しないと"
            r"|します))",
        ),
        "todo",
        "todo:{x}",
        ("plan",),
        0.3,
        0.9,
    ),
    Rule(
        "decision",
        _c(r"(?P<x>[^\s、。！？!?]{1,14}?)(?:ことにした|ことにしました|ことに決めた|に決めた|に決めました)"),
        "decision",
        "decision:{x}",
        ("decision",),
        0.6,
        0.7,
    ),
    Rule(
        "goal",
        _c(
            r"目標は(?P<x>[^\s、。！？!?]{1,14}?)(?:です|だ|こと|$)",
            r"(?P<x>[^\s、。！？!?]{1,14}?)(?:ようになりたい|を目指して|を目指す)",
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
        _c(rf"{_JX}が(?:大嫌い|嫌い|苦手|好きじゃない|好きではない)"),
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
        _c(rf"{_JX}が(?:大|一番)?好き(?!じゃ|では)"),
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
            r"息苦し|息切れ|咳|せき|痰|痛い|痛み|痛む|熱が|熱っぽ|だるい|疲れ|眠れ|寝られ|寝不足|めまい"
            r"|吐き気|吐い|下痢"
            r"|血圧|血糖|体重|酸素|食欲|腫れ|かゆ|痒|起きた"
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
        _c(
            r"(?P<x>嬉しい|うれしい|楽しい|悲しい|寂しい|さびしい|イライラ|不安|落ち込ん|憂鬱|ストレス|幸せ"
            r"|緊張)"
        ),
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

_JA_MORE: tuple[Rule, ...] = (
    Rule(
        "diet",
        _c(r"(?P<x>乳糖不耐症|グルテン不耐症|ベジタリアン|ヴィーガン|ビーガン|菜食主義)"),
        "constraint",
        "diet:{x}",
        ("health", "diet"),
        0.9,
        0.9,
    ),
    Rule(
        "medication",
        # a schedule says it is a medicine, not a drink ("コーヒーを毎朝飲む" is not)
        _c(
            r"^(?=.*(?:毎[日朝晩]|[1１一]日|寝る前|食後|食前|[0-9０-９一二三]回|錠|mg|ミリ))"
            r".*?(?<![ァ-ヶー])(?P<x>(?!コーヒー|ジュース|ビール|ワイン|ミルク|コーラ|ココア|スープ|プロテイン|サプリ)"
            r"[ァ-ヶー]{3,15})"
            r"を[^、。]{0,12}?(?:飲んで|飲みます|飲む|服用|使って|吸入)"
        ),
        "fact",
        "medication:{x}",
        ("health", "medication"),
        0.8,
        0.9,
        safety=True,
    ),
    Rule(
        "birthday",
        _c(r"誕生日は(?P<x>[^\s、。]{2,12}?)(?:です|だ|。|$)"),
        "profile",
        "birthday",
        ("profile",),
        0.95,
        0.7,
    ),
    Rule(
        "children",
        _c(r"(?P<x>(?:子ども|子供|こども|息子|娘|孫)が[一二三四五六七八九十0-9０-９]+人)"),
        "fact",
        "family:children",
        ("family",),
        0.8,
        0.6,
    ),
    Rule(
        "goal",
        _c(r"(?P<x>[^、。]{2,20}?)(?:予定|つもり)(?:です|だ|。|$)"),
        "todo",
        "plan:{x}",
        ("plan",),
        0.4,
        0.9,
    ),
    Rule(
        "pet_name",
        _c(rf"(?P<x>[^\s、。をがは]{{1,8}})という(?:子犬|子猫|{_PET_JA})"),
        "fact",
        "pet:name",
        ("pet",),
        0.8,
        0.7,
        0.2,
    ),
)

RULES: tuple[Rule, ...] = JA_RULES + _JA_MORE
