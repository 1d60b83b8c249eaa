"""Japanese extraction pack: the rules plus the words the extraction engine needs around them."""

from __future__ import annotations

import re

from engram.language.extraction_pack import ExtractionPack
from engram.language.ja.extraction_rules import RULES

EXTRACTION = ExtractionPack(
    rules=RULES,
    clause_separator=re.compile(r"[、,；;]"),
    filler=re.compile(
        r"^(?:(?:えっと|えーと|あの|あのー|まあ|そういえば|ちなみに|実は|こんにちは|こんばんは|おはよう)"
        r"[\s、,！!ー]*)+"
    ),
    preface=re.compile(r"^(?:(?:言い忘れてたけど|言い忘れましたが|ちなみに|実は|そういえば|念のため)[\s、,：:]*)+"),
    family_relations={
        **dict.fromkeys(["妻", "家内"], "wife"),
        **dict.fromkeys(["夫", "主人"], "husband"),
        **dict.fromkeys(["彼氏", "彼女", "パートナー"], "partner"),
        **dict.fromkeys(["息子"], "son"),
        **dict.fromkeys(["娘"], "daughter"),
        **dict.fromkeys(["母親", "母", "お母さん"], "mother"),
        **dict.fromkeys(["父親", "父", "お父さん"], "father"),
        **dict.fromkeys(["兄", "弟"], "brother"),
        **dict.fromkeys(["姉", "妹"], "sister"),
        **dict.fromkeys(["孫"], "grandchild"),
        **dict.fromkeys(["祖母", "祖父", "おばあちゃん", "おじいちゃん"], "grandparent"),
        **dict.fromkeys(["友達", "友だち", "親友", "友人"], "friend"),
    },
    symptoms=(
        ("breathing", r"息苦|息切れ"),
        ("cough", r"せき"),
        ("phlegm", r"たん"),
        ("fever", r"熱が|熱っぽ"),
        ("spo2", r"酸素"),
        ("blood_pressure", r"血圧"),
        ("blood_sugar", r"血糖"),
        ("weight", r"体重"),
        ("sleep", r"眠れ|寝られ|寝不足|起きた"),
        ("fatigue", r"疲|だるい"),
        ("dizziness", r"めまい"),
        ("nausea", r"吐き気"),
        ("appetite", r"食欲"),
        ("pain", r"痛"),
    ),
    positive_words=r"嬉しい|うれしい|楽しい|幸せ|好き|安心",
    negative_words=r"悲しい|寂しい|さびしい|イライラ|不安|落ち込|憂鬱|ストレス|嫌い|怖い",
    # かな asks only after a question word ("いつだったかな"); after a statement it hedges it
    # ("COPDって診断されてもう3年くらいかな": about three years, I think)
    # and so does の: "大阪にいるの" explains, "どこにいるの" asks
    question=r"(?:(?:です|ます|でしょう)?か)\s*$|(?:何|なに|いつ|どこ|誰|だれ|どう|どれ|なぜ|いくつ|いくら|どんな|どっち).*(?:かな|の)\s*$",
    own_name=r"私|僕|俺|わたし",
    key_trim=r"^(?:毎日|毎朝|毎晩|朝晩|ずっと)\s?|(?:です|だ|な|の|は|が)$",
    # Japanese drops the subject: a plain declarative sentence is the speaker's unless it says otherwise.
    # Chat adds an explanation and sentence-final particles to a statement ("気を使うんだよね",
    # "15歳なんだよ", "大阪にいるの"): they end it as much as です does.
    # An adjective ("昔から朝が弱い") or a trailing て ("最近ヨガにハマってて") ends one too, and so
    # does a topic and its comment with no verb at all ("ペットはインコ2羽", "長男は今年から社会人").
    # So do the plain past of any verb ("子猫お迎えした", "映画見た"; not また, あなた), a plan said as a
    # noun ("沖縄行く予定") and an age or a count ("下の湊が4歳").
    statement=re.compile(
        r"(?:です|ます|ました|ません|でした|ている|てる|いる|ある|だ|(?<![まな])た|ない|たい|[うくすつぬむぶぐるい]|な|て|で"
        r"|予定|つもり|ところ|とこ|[0-9０-９一二三四五六七八九十百]+(?:歳|才|年|ヶ月|か月|キロ|kg|cm|センチ)"
        # a like or a dislike said as a word ("パクチー無理", "辛いのダメ", "猫大好き")
        r"|無理|ダメ|だめ|苦手|嫌い|好き"
        # in the middle of something, said as a noun ("通信制の大学で心理学勉強中", "ダイエット中")
        r"|(?<=[\u4e00-\u9fff\u30a0-\u30ff])中)"
        r"(?:(?:ん|の)(?:だ|です)?)?(?:よね|よな|よ|ね|わ|さ|ぞ|ぜ|けど|もん|し)*[ー〜~。．.！!]*$"
        # a side taken or a favourite said as a word ("ビールより日本酒派", "相葉くん推し", "嵐の大ファン", "甘党"),
        # with no one else as its subject ("日本人って基本きのこ派", "あの店員さん絶対ジャニーズファン")
        r"|^(?![^。？?]*(?:って|あの|その|みんな|全世界|ボット|あなた|君|なにそれ|が推し|さん|店員))[^。？?]{1,30}"
        r"(?:派|推し|ファン|[甘辛]党)(?:です|だよ|なの)?[ー〜~。．.！!]*$"
        # ... after a clause of the speaker's own in the て form ("猫2匹飼ってて、名前はきなことあずき"), or the
        # speaker's present one with a remark after it ("今の車はプリウス、燃費最高"; not "今の答えは微妙")
        r"|(?:^|[てで]、)(?!それ|これ|あれ|今日|明日|昨日|今)[^、。？?\s]{1,12}は[^、。？?\s]{2,25}[。！!]?$"
        r"|^(?:今の|うちの|私の|俺の|僕の)(?!答え|説明|話|回答|返事|質問)[^、。？?\s]{1,10}は[^、。？?\s]{2,25}"
        r"、[^、。？?]{1,12}[。！!]?$"
        # what is the speaker's own, whatever ends it: "うちのトイプー、チョコって名前なんだけど甘えん坊"
        r"|^うちの"
    ),
    render_request=re.compile(r"訳して|翻訳して|訳してくれ|言い換えて|添削して"),
    passing_moment=re.compile(
        r"(?:さっき|今)(?:ご飯|ごはん|昼ごはん|お昼|晩ごはん|朝ごはん|ランチ)(?:を)?食べ|(?:ご飯|ごはん|お昼)食べた"
        r"|お腹いっぱい|(?:今|いま)(?:電車|バス)(?:の中|乗って)|移動中|電話(?:が)?(?:来た|きた)|渋滞"
        # doing it again, as it happens ("うちの猫がまたキーボードの上で寝てる"); the rain or snow of the day
        r"|また[^。、]{0,20}(?:てる|でる)(?:笑|w|ｗ)?$|^(?:雨|雪|台風)|(?:雨|雪)(?:やば|すご|ひど)|傘(?:忘れ|ない)"
    ),
    chit_chat=re.compile(
        # a reaction to what the bot said ("大変ですね", "そうなんだよね", "よかった！")
        r"^(?:それは|それ|そう|そっか|へえ|へー|ええ|あー|ああ|うーん|確かに|本当|ほんと|すごい|大変|よかった|いい)[^、。]{0,10}"
        r"(?:ね|よね|な)?[ー〜~。．.！!]*$"
        # a short remark closed by ね ("面白いですね", "明日から三連休だね"); not an explanation ("…んだよね")
        r"|(?:^|、)(?![^、。]*(?:んだ|んです|のだ)よ?ね)[^、。]{0,12}(?:ね|よね)[ー〜~。．.！!]*$"
        r"|(?<!くらい)(?<!ぐらい)(?:かな|かも|でしょう|だろう|っけ)[。．.！!]*$|ありがと|すみません|ごめん|了解|なるほど"
        r"|助かった|助かりました|解決した"
        r"|ウケる|笑える|ワロタ|^それな|^草[。！!w]*$|知らなかった[ー〜~。．.！!]*$"
        # see you ("じゃあまたあした"), what was just said ("その話もう聞いた", "さっきの答え間違ってた")
        r"|^(?:じゃあ|それじゃ|では|ほな)?[、,]?\s*また(?:あした|明日|ね|今度|来週)?[ー〜~。．.！!]*$|^(?:その話|さっきの|今の話)"
        # hunger or sleepiness of the moment ("お腹すいた", "眠い")
        r"|^(?:あー|ああ)?(?:お腹|おなか|腹)(?:すいた|空いた|減った|へった|いっぱい)[ー〜~。．.！!]*$|^(?:眠い|ねむい|眠たい)"
        # sleepy, idle or sluggish today ("今日も眠い😪", "暇すぎてやばい"): the moment, no news of one's life
        r"|^(?:今日も?|きょうも?|今|もう|あー)?(?:眠い|ねむい|眠たい|だるい|暇|ひま)(?:すぎ(?:て|る)[^、。]{0,6})?"
        r"(?:[ー〜~。．.！!…w笑]|[\u2600-\u27bf\U0001f300-\U0001faff\ufe0f])*$"
        # a request to the bot ("なんか豆知識ちょうだい", "おすすめ教えて")
        r"|(?:教えて|ちょうだい|頂戴|ください|下さい|お願い|おねがい)(?:ね|よ|な)?[ー〜~。．.！!]*$"
        # a remark about the bot ("あなたって物知りだね", "君は優しい")
        r"|^(?:あなた|君|きみ|お前)(?:は|って|も|、)"
        # a request to the bot in the て form ("冗談を言って", "何か歌って")
        r"|(?:言って|教えて|話して|見せて|書いて|作って|歌って|聞かせて|調べて|考えて)[。！!]?$"
        # an evaluation of the moment, not a lasting fact ("面白い", "今日は楽しかった", "ここは静かでいい")
        r"|^(?:(?:あ?はは+|ふふ+|へえ|わあ|おお|笑)[、,]?\s*)?(?:すごく|とても|めっちゃ|超|本当に|ほんとに|マジで)?"
        r"(?:いい|面白い|おもしろい|かわいい|可愛い|楽しい|楽しかった|嬉しい"
        r"|うれしい|すごい|やばい|最高|素敵|きれい)[ー〜~。．.！!ね]*$"
        r"|^(?:今日|きょう|ここ|これ|それ|あれ)(?:は|も)[^、。]{0,8}(?:い|かった)[ー〜~。．.！!ね]*$"
        r"|分かりません|わかりません|分かりました|わかりました|考えさせ|顔を出し|そうです|大丈夫|お願い|失礼|どうも"
        r"|よろしく|思います|気がします|ください|くれ(?:る|ない|ませんか)|教えて"
        # the weather of the moment ("雨ばっかりでやだ"): no rule took it as a symptom
        r"|雨(?:が|で)?(?:続|降って|ばっか|ばかり|やま)|天気|暑すぎ|寒すぎ|蒸し暑|^(?:今日|きょう)?(?:は|も)?(?:暑い|寒い)"
    ),
    # the new value is a name (katakana, kanji, latin), never a run of particles ("先週から")
    dose_change=re.compile(
        r"[0-9０-９一二三四五六半]+\s?(?:mg|㎎|錠|吸入)(?:に|へ)(?:増え|増やし|増量|減っ|減らし|減量|上が|下が|変わ|変更|なっ|なり)"
    ),
    switched_to=re.compile(
        r"(?P<x>[ァ-ヶー一-龯A-Za-z0-9]{2,15})に(?:変わ|変え|替え|替わ|切り替え|切り替わ|変更)"
        # "薬がオルメテックになりました": became a name (not a dose: "2錠になりました")
        r"|(?P<y>[ァ-ヶーA-Za-z]{3,15})に(?:なりました|なった|なって)"
        # "ネクスガードにした": a name chosen (a switch only where the sentence speaks of medicine)
        r"|(?P<z>[ァ-ヶーA-Za-z]{4,15})に(?:した|しました|して)"
    ),
    medical_context=re.compile(
        r"医者|医師|先生|主治医|薬|処方|錠|mg|ミリ|カプセル|用量|吸入|インスリン|目薬|軟膏|獣医|動物病院|診察|受診|通院|病院"
    ),
    in_addition=re.compile(r"も(?:飲|服用|使|処方)|追加|さらに|他に|ほかに|加えて"),
    # liking most, or being taken with something now ("最近はゴルフにはまっています")
    favourite_words=re.compile(
        r"一番好き|いちばん好き|最も好き|一番のお気に入り|いちばんのお気に入り|はまって|ハマって|はまった|ハマった|夢中"
        r"|一番の楽しみ|大好物|一番熱い|いちばん熱い|ファンになっ|沼|推し変|担降り|推しが変わ"
        # liking it over the one before: "今はラーメンよりつけ麺の方が好き"
        r"|より[^、。！？!?]{1,12}?(?:の方|のほう)?が(?:好き|いい)|(?:の方|のほう)が好き"
    ),
    refers_back=re.compile(
        r"^(?:それ|その|そこ|そう|あれ|あそこ|だから|なので|名前は)|そう(?:名付け|呼ん)"
        # a name said alone after what was said of them ("乃木坂のかっきー推し！賀喜遥香ちゃん")
        r"|^[一-龯ぁ-んァ-ヶーA-Za-z]{1,10}(?:ちゃん|くん|君|さん|様)[！!。．w笑❤️]*$"
    ),
    ending_words=re.compile(r"やめ|辞め|止め|別れ|卒業し|終わり|終えた"),
    partner_change_words=re.compile(r"再婚|離婚|結婚|別れ|籍を入れ"),
    favourite_categories={
        "小説家": "作家",
        "著者": "作家",
        "料理": "食べ物",
        "食べもの": "食べ物",
        "曲": "歌",
        "楽曲": "歌",
        # said without a category word: a favourite food, one's greatest pleasure
        "大好物": "食べ物",
        "好物": "食べ物",
        "一番の楽しみ": "楽しみ",
    },
)
