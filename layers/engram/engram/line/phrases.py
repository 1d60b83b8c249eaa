"""What the bot says when it does not run a turn, in the user's language (W2)."""

from __future__ import annotations

ACK = {  # a sticker, an image, a file: seen, not understood
    "zh": "收到了，謝謝你！我目前只看得懂文字和語音訊息，可以用文字告訴我嗎？",
    "ja": "受け取りました、ありがとうございます！今は文字と音声のメッセージだけ分かります。文字で教えてもらえますか？",
    "ko": "잘 받았어요, 고마워요! 지금은 글과 음성 메시지만 이해할 수 있어요. 글로 알려 주시겠어요?",
    "en": "Got it, thank you! For now I can only understand text and voice messages. Could you tell me in words?",
}
VOICE_NOT_CONFIGURED = {
    "zh": "抱歉，這個服務還沒有設定語音辨識，暫時聽不懂語音訊息。可以用文字告訴我嗎？",
    "ja": "申し訳ありません。音声認識がまだ設定されていないため、音声メッセージは聞き取れません。"
    "文字で教えてもらえますか？",
    "ko": "죄송해요. 음성 인식이 아직 설정되지 않아 음성 메시지를 들을 수 없어요. 글로 알려 주시겠어요?",
    "en": "Sorry, voice recognition is not set up for this service yet, so I can't listen to voice messages. "
    "Could you type it instead?",
}
STILL_PROCESSING = {
    "zh": "我還在聽你的語音訊息，請稍等一下。",
    "ja": "まだ音声メッセージを聞いています。少々お待ちください。",
    "ko": "아직 음성 메시지를 듣고 있어요. 잠시만 기다려 주세요.",
    "en": "I'm still listening to your voice message, one moment please.",
}
WELCOME = {
    "zh": "謝謝你加我為好友！有什麼想聊的，隨時告訴我。",
    "ja": "友だち追加ありがとうございます！話したいことがあれば、いつでも教えてください。",
    "ko": "친구 추가해 주셔서 고마워요! 이야기하고 싶은 게 있으면 언제든 말해 주세요.",
    "en": "Thanks for adding me! Tell me anything, any time.",
}


def say(phrases: dict[str, str], language: str) -> str:
    return phrases.get(language.split("-")[0].lower(), phrases["en"])
