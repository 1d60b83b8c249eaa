"""Chinese fixed replies: LINE events that run no turn, the local responder's answers."""

from __future__ import annotations

from engram.language.reply_pack import ReplyPack

REPLIES = ReplyPack(
    ack="收到了，謝謝你！我目前只看得懂文字和語音訊息，可以用文字告訴我嗎？",
    voice_not_configured="抱歉，這個服務還沒有設定語音辨識，暫時聽不懂語音訊息。可以用文字告訴我嗎？",
    still_processing="我還在聽你的語音訊息，請稍等一下。",
    welcome="謝謝你加我為好友！有什麼想聊的，隨時告訴我。",
    from_pinned="根據你的重要資料：{fact}。",
    from_memory="根據你之前告訴我的：{fact}。",
    nothing_remembered="我的記憶裡還沒有這方面的資料。",
)
