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
)
