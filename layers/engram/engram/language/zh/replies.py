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
    you_said="你說：{text}",
    i_remember="我記得：{facts}",
    earlier_rounds="（參考了之前 {count} 輪對話）",
    list_separator="；",
    anonymous_member="我看不到是誰在說話（你的 LINE 設定隱藏了 ID），所以不會記住你在這裡說的內容。",
    erase_confirm="確定要刪除我記得的所有關於你的資料嗎？請在 {minutes} 分鐘內回覆「確認刪除」，其他回覆都會取消。",
    erase_started="正在刪除你的資料，完成後會把收據傳給你。",
    erase_cancelled="已取消，沒有刪除任何資料。",
    erase_done="你的資料已刪除：刪除 {deleted} 筆，匿名化 {anonymized} 筆。收據編號：{request_id}。",
    erase_words=("刪除我的資料", "刪除我的個人資料", "刪除資料", "删除我的数据", "忘記我"),
    confirm_words=("確認刪除", "確認", "确认删除", "确认", "是"),
)
