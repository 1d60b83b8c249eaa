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
    you_said="말씀하신 내용: {text}",
    i_remember="기억하고 있는 것: {facts}",
    earlier_rounds="(이전 대화 {count}회 참고)",
    list_separator="; ",
    anonymous_member="누가 쓰는지 알 수 없어서(LINE 설정에서 ID가 숨겨져 있어요) 여기서 하신 말씀은 기억하지 않아요.",
    erase_confirm='저에게 남은 회원님의 모든 데이터를 삭제할까요? {minutes}분 안에 "삭제 확인"이라고 답해 주세요. '
    "다른 답은 취소로 처리돼요.",
    erase_started="데이터를 삭제하고 있어요. 끝나면 영수증을 보내 드릴게요.",
    erase_cancelled="취소했어요. 아무것도 삭제하지 않았어요.",
    erase_done="데이터를 삭제했어요: 삭제 {deleted}건, 익명화 {anonymized}건. 영수증 번호: {request_id}.",
    erase_words=("내 데이터 삭제", "데이터 삭제", "내 정보 삭제", "내 데이터 지워 줘"),
    confirm_words=("삭제 확인", "확인", "네"),
)
