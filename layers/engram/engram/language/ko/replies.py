"""Korean fixed replies: LINE events that run no turn, the local responder's answers."""

from __future__ import annotations

from engram.language.reply_pack import ReplyPack

REPLIES = ReplyPack(
    ack="잘 받았어요, 고마워요! 지금은 글과 음성 메시지만 이해할 수 있어요. 글로 알려 주시겠어요?",
    voice_not_configured="죄송해요. 음성 인식이 아직 설정되지 않아 음성 메시지를 들을 수 없어요. 글로 알려 주시겠어요?",
    still_processing="아직 음성 메시지를 듣고 있어요. 잠시만 기다려 주세요.",
    welcome="친구 추가해 주셔서 고마워요! 이야기하고 싶은 게 있으면 언제든 말해 주세요.",
    from_pinned="중요한 정보로 기억하고 있어요: {fact}.",
    from_memory="전에 말씀해 주신 바로는: {fact}.",
    nothing_remembered="아직 그에 대한 기억이 없어요.",
)
