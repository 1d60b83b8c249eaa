"""Japanese fixed replies: LINE events that run no turn, the local responder's answers."""

from __future__ import annotations

from engram.language.reply_pack import ReplyPack

REPLIES = ReplyPack(
    ack="受け取りました、ありがとうございます！今は文字と音声のメッセージだけ分かります。文字で教えてもらえますか？",
    voice_not_configured="申し訳ありません。音声認識がまだ設定されていないため、音声メッセージは聞き取れません。"
    "文字で教えてもらえますか？",
    still_processing="まだ音声メッセージを聞いています。少々お待ちください。",
    welcome="友だち追加ありがとうございます！話したいことがあれば、いつでも教えてください。",
    from_pinned="大切な情報として覚えています：{fact}。",
    from_memory="以前うかがったことによると：{fact}。",
    nothing_remembered="そのことはまだ記憶にありません。",
    you_said="「{text}」とのことですね。",
    i_remember="覚えていること：{facts}",
    earlier_rounds="（これまでの {count} 回のやり取りを参照）",
    list_separator="／",
    anonymous_member="誰が書いているか分からないため（LINEの設定でIDが非表示です）、ここでのお話は記憶しません。",
    erase_confirm="あなたについて覚えていることをすべて削除しますか？{minutes}分以内に「削除する」と返信してください。"
    "それ以外の返信で取り消します。",
    erase_started="データを削除しています。終わったら受領書をお送りします。",
    erase_cancelled="取り消しました。何も削除していません。",
    erase_done="データを削除しました：削除 {deleted} 件、匿名化 {anonymized} 件。受領書番号：{request_id}。",
    erase_words=("私のデータを削除", "データを削除", "データを削除して", "私のデータを消して"),
    confirm_words=("削除する", "はい", "確認"),
)
