"""Japanese memory-gate phrases (data read by domain/gate_rules.py)."""

from __future__ import annotations

import re

from engram.language.gate_pack import GatePack

GATE = GatePack(
    # Recollective endings ask for something the user once said: ja っけ / だったかな,
    # ko -더라 / -였죠 / -었지 ("what was it again?"): the subject is the user even when unsaid.
    memory_reference=re.compile(
        r"覚えて|憶えて|覚えてる|話した(?:こと|よね|でしょ)|言った(?:こと|よね|でしょ)|私の名前"
        r"|っけ|(?:だった|でした|た)かな\s*[？?]?\s*$"
        # "…って何だった？": what was said, asked back (a fact of the world is asked "何ですか")
        r"|(?:何|なに|どこ|誰|いつ)だった\s*[？?]?\s*$"
        # asking back what was said: "…だよね？", "…でしたよね？"
        r"|(?:よね|でしょ(?:う)?|じゃなかった)\s*[？?]?\s*$"
    ),
    time_reference=re.compile(
        r"前回|この前|この間|以前|前に|昨日|昨夜|昨晩|おととい|一昨日|先週|先月|去年|(?<!你)最近|この頃|このごろ"
        r"|数日前|[0-9０-９一二三]+日前|比べて"
    ),
    state_update=re.compile(
        r"息苦し|息切れ|咳|せき|痰|たん|痛い|痛み|痛む|熱が|熱っぽ|だるい|疲れ|眠れ|寝られ|寝不足|睡眠|めまい"
        r"|吐き気|吐い|下痢|気分|落ち込|不安|ストレス|薬|吸入|血圧|血糖|体重|酸素|食欲|腫れ|かゆ|痒"
        r"|処方|透析|リハビリ|検査|血中酸素"
        r"|(?:犬|猫|ペット|うちの子).{0,12}(?:食べ|吐い|元気がない|病気)"
    ),
    personal_advice=re.compile(
        r"私に|私は.{0,10}(?:べき|いい|大丈夫)|私でも|私の場合|私に合う|どうすればいい|どうしたらいい"
        r"|(?:飲んで|食べて|して|行って)も(?:いい|大丈夫)|(?:が|は)合って(?:る|います)"
    ),
    personal_event=re.compile(
        r"息子|娘|妻|主人|(?<!丈)夫|姉|兄|妹|弟|母|父|孫|家族|病院|医者|主治医|通院|診察|入院|退院"
        r"|予約|予定|つもり|引っ越|働き始め|結婚式|誕生日"
    ),
    small_talk=re.compile(
        r"お元気ですか|元気[？?]|何してる|何してるの|^名前は(?:何|なに)|あなた(?:は|の|って)|君(?:は|の)|冗談|ジョーク"
        r"|詩を書いて"
        r"|物語を書いて|天気|ロボット|暇|梅雨|台風"
        # trivia asked of the bot, a bare agreement, the heat or cold of the day ("今日あっついね")
        r"|雑学|豆知識|トリビア|なぞなぞ|^それな[ー〜~。！!w笑]*$|^(?:今日|きょう)?(?:は)?(?:あっつ|暑|さっむ|寒)い?(?:ね|な|わ|ー|〜|~|。|！|!)*$"
        # a reaction or a remark on the weather: "ウケる笑", "草", "今日は洗濯日和だね"
        r"|^(?:ウケる|うける|笑える|草)(?:[笑wｗ草！!]*)$"
        # a bare acknowledgement: "なるほどね", "そっかー", "へぇ〜"
        r"|^(?:なるほど|そっか|そうなんだ|そうなんや|へぇ|へー|ふーん|たしかに|確かに|わかる)(?:ね|な|ねえ|ー|〜|~|…)*[。!！w笑]*$"
        r"|^(?:今日は)?(?:\S{1,4}日和|雨が?降りそう)(?:だ|です)?(?:ね|な|なあ|ねえ|ー|〜)*[。!！]*$"
        # a remark about the bot: "かわいいね君", "面白いねあなた"
        r"|(?:君|あなた)\s*[。!！]?\s*$|(?:君|あなた)(?:って|は)(?:本当に|ほんと)?(?:かわいい|可愛い|面白い|おもしろい|優しい|賢い)"
    ),
    general_knowledge=re.compile(
        r"とは(?:何|なに|[？?]|$)|って何|ってなに|何ですか|なぜ|どうして|仕組み|教えて|誰ですか|首都|違い|意味|原因|症状|何を測る"
        # dates of history, authors and inventors, superlatives, measures
        r"|何年|誰が|のは誰|作者|発明|一番|世界一|最も|の略|何分|何度|何グラム|どうやって"
        # comparisons, measures, counts of things in the world
        r"|どちらが|どっちが|時差|高さ|距離|いくつありますか|どれくらい"
        # why a thing in the world is so: "月ってなんで満ち欠けするの？", "地震ってなんで起きるの"
        r"|ってなんで"
    ),
    greeting_words=(
        r"こんにちは|こんばんは|おはよ[うー〜~]*(?:ございます)?|ありがと[うー〜~]*(?:ございます|ございました)?|どうも"
        "|よろしく(?:お願いします)?"
        r"|おやすみ(?:なさい)?|さようなら|じゃあね|またね|ばいばい|バイバイ|はじめまして|了解(?:です)?|はい|うん|です|ね|よ|ー"
        r"|(?:今日は)?(?:これで終わり|ここまで)|わかった|分かった|わかりました"
        r"|やっほ[ーう〜~]*|やほ[ーう〜~]*|おつかれ(?:さま|様)?(?:です)?|お疲れ(?:さま|様)?(?:です)?|サンキュー?|さんきゅ[ーう]?"
        r"|まじか|マジか|まじで|マジで"
    ),
    first_person=r"俺|(?<![\u3041-\u309f])(?:私|僕|わたし|あたし)|うちの|我が家",
    # いつも (always), 何か (something), 誰でも (anyone) state; they do not ask
    question=r"(?:ですか|ますか|でしょうか|のか|かな|の|っけ)\s*$|何(?!か|でも)|なぜ|どうして|どう|どこ(?!か|でも)|いつ(?!も|か|でも)"
    r"|誰(?!か|でも)",
    implied_subject=True,
    written_without_spaces=True,
    own_life=re.compile(
        r"息子|娘|妻|主人|(?<!丈)夫|姉|兄|妹|弟|母|父|孫|子ども|子供|家族|隣の人|大家|上司|同僚"
        r"|彼女|彼氏|恋人|婚約者|元カノ|元カレ"
        r"|うちの子|犬|猫|ペット|医者|先生|獣医|歯医者|病院|ジム"
        r"|予約|予定|約束|飛行機|便|旅行|休み|休暇|シフト|契約|家賃|ローン|リスト|車|自転車|スマホ|携帯|鍵"
        r"|処方|薬|サプリ|ビタミン|好き|好み|体調|体の調子"
        # a state asked of the present (「今の食事制限は？」): the user's, which changes
        r"|今(?:の|は|、)|現在"
        # who one is seeing, where one lives, works, goes or keeps a pet: "今付き合ってるのは誰？"
        r"|付き合っ|住んで(?:る|い)|勤めて|通って(?:る|い)|飼って"
        # money of one's own
        r"|クレカ|カード代|給料|家賃|貯金|口座|ローン"
    ),
    courtesy=r"ありがと|どうも|感謝|助かりました|また明日|またね|じゃあね|ばいばい|バイバイ|おやすみ|はじめまして|よろしく",
    invitation=r"(?:しよう|しましょう|やろう|やりましょう|遊ぼう)\s*[よか]?\s*[。!！?？]?\s*$",
    task_for_bot=(
        r"(?:して|作って|書いて|言って|歌って|描いて|訳して|お願い)(?:ください|くれる|よ)?\s*[。!！]?\s*$"
        # help with code ("JavaScriptで配列をソートする方法") and arithmetic ("12かける8は？")
        r"|(?i:python|javascript|typescript|java|sql|excel|regex|html|css|vlookup)[^。？?]{0,15}?(?:方法|やり方|書き方)"
        r"|\d+\s*(?:[+×÷*]|かける|掛ける|たす|足す|ひく|引く|わる|割る)\s*\d+(?![\d.])(?!\s*(?:錠|mg|ミリ|単位))"
    ),
    in_general=r"一般的に|一般に|一般的な|普通は|そもそも",
)
