"""Korean extraction pack: the rules plus the words the extraction engine needs around them."""

from __future__ import annotations

import re

from engram.language.extraction_pack import ExtractionPack
from engram.language.ko.extraction_rules import RULES

# Every Hangul syllable whose final consonant is ㅆ (았, 었, 였, 했, 샀, 갔, 있 …): a past tense or 있다.
_SS = "".join(chr(0xAC00 + (lead * 21 + vowel) * 28 + 20) for lead in range(19) for vowel in range(21))
# The syllables chat's nominal ending closes on ("매움", "먹음", "좋아함", "10년 탐", "이사감"); not every ㅁ
# syllable: 좀, 점심, 봄, 밤, 꿈 end requests and bare nouns
_M_FINAL = "음임함됨움탐감옴줌씀짐림냄둠셈뺌잼듦"

EXTRACTION = ExtractionPack(
    rules=RULES,
    clause_separator=re.compile(r"\s*[,;]\s*|(?<=느라)\s+|(?<=느라고)\s+"),  # "알바 하느라 잠이 부족해": two clauses
    # Whole words only: "아" (ah) must not eat the first syllable of 아들 (son) or 아이 (child).
    filler=re.compile(r"^(?:(?:음+|그+|저기|아|참|그런데|근데|사실|안녕하세요|안녕)(?=[\s,!.]|$)[\s,!.]*)+"),
    preface=re.compile(r"^(?:(?:참고로|말씀드리자면|말 안 했는데|얘기 안 했는데|혹시 몰라서)(?=[\s,]|$)[\s,：:]*)+"),
    family_relations={
        **dict.fromkeys(["아내", "와이프"], "wife"),
        **dict.fromkeys(["남편"], "husband"),
        **dict.fromkeys(["아들"], "son"),
        **dict.fromkeys(["딸"], "daughter"),
        **dict.fromkeys(["엄마", "어머니"], "mother"),
        **dict.fromkeys(["아빠", "아버지"], "father"),
        **dict.fromkeys(["형", "오빠", "남동생"], "brother"),
        **dict.fromkeys(["누나", "언니", "여동생"], "sister"),
        **dict.fromkeys(["동생"], "sibling"),
        **dict.fromkeys(["손자", "손녀"], "grandchild"),
        **dict.fromkeys(["할머니", "할아버지"], "grandparent"),
        **dict.fromkeys(["친구", "베프", "절친"], "friend"),
    },
    symptoms=(
        ("breathing", r"숨|호흡"),
        ("cough", r"기침"),
        ("phlegm", r"가래"),
        ("fever", r"열이|열나"),
        ("spo2", r"산소"),
        ("blood_pressure", r"혈압"),
        ("blood_sugar", r"혈당"),
        ("weight", r"몸무게|체중"),
        ("sleep", r"잠|못 잤|깼|불면"),
        ("fatigue", r"피곤|지쳐"),
        ("dizziness", r"어지러"),
        ("nausea", r"메스꺼|토했"),
        ("appetite", r"입맛"),
        ("pain", r"아프|아파|통증"),
    ),
    positive_words=r"기뻐|기쁘|행복|좋아|신나|설레|다행",
    negative_words=r"슬퍼|슬프|우울|짜증|불안|스트레스|외로|화가|속상|싫어|무서",
    question=r"(?:까요?|니|냐|나요)\s*$",
    own_name=r"제|저|내",
    # Korean particles are not trimmed: the rules stop before them and 오이 / 고기 end in one.
    key_trim=r"^(?:매일|꾸준히)\s?",
    # Korean drops the subject: a plain declarative sentence is the speaker's unless it says otherwise.
    # Chat ends statements plainly too ("고양이 두 마리 키워", "아침마다 요가 해"), with laughter or tears after
    # them ("이사했어ㅋㅋ"), or runs one into the next ("흰색 아반떼 타요 연비가 좋아서").
    statement=re.compile(
        rf"(?:요|다|니다|[어아워와해여야지]|거든|는데|어서|아서|해서|서|[파빠뻐퍼]|[{_M_FINAL}]"
        # the 어 ending run into a stem's ㅣ ("한 시간 걸려", "강아지 산책시켜", "학원 다녀"; not a reaction: 웃겨,
        # 미쳐, 헷갈려, 터져), and the 음 ending of 다니다 / 마시다 ("카페 투어 다님", "프라푸치노만 마심")
        r"|(?<![헷갈])려|시켜|다녀|(?<=다)님|(?<=마)심"
        # … and into ㅣ of 끼다, 치다, 켜다 ("보청기 껴", "주말마다 테니스 쳐"; not a reaction: 미쳐)
        r"|\s[가-힣]{0,3}껴|(?<![미])쳐|\s켜)[.。!！~ㅋㅎㅠㅜ\s]*$"
        # 요 ends a word only as an ending, except in a few nouns (필요, 중요, 수요)
        r"|(?<=[가-힣])(?<![필중수])요\s"
        # a verb that stands alone at the end ("울산으로 이사 가", "비누 맛 나")
        r"|\s[가나와봐줘돼써타자]\s*$"
        # a past (or 있다) anywhere, as its ㅆ says, ending a clause: "중고로 레이 샀어 ㅋㅋ 박스카 귀여움",
        # "퇴사 말씀드렸다 다음 달 말이 마지막 출근", "처방받았는데 먹으니까 …"
        rf"|[{_SS}](?:어|다|음|고|는데|지만|으니까|더니)(?=[\s.,。!！~ㅋㅎㅠㅜ]|$)"
    ),
    render_request=re.compile(r"번역해|번역 좀|다듬어 ?줘|고쳐 ?줘"),
    passing_moment=re.compile(
        r"(?:방금|지금 막|막) (?:밥|점심|저녁|아침)|(?:밥|점심|저녁|아침)(?:을|은)? (?:먹었|먹음)"
        r"|(?:타고|가는|오는|들어가는) 중|전화 왔|(?:차|길)(?:가|이)? (?:엄청 |너무 |진짜 )?막히|배불러"
        # doing it again, as it happens ("우리 고양이 또 키보드 위에서 자고 있어"); the snow of the day
        r"|또 [^.]{0,15}고 있|눈(?:이)? (?:온다|와|오네|엄청)"
    ),
    chit_chat=re.compile(
        r"(?:네요|군요|죠|게요|래요|까요|나요)[.。!！~ㅋㅎ]*$|고마|감사|죄송|미안|알겠|모르겠|알아들|인사하러|그렇군|그렇구나"
        r"|^(?:좋아|알았어|맞아|그래|응|어|아니)[.。!！~ㅋㅎ]*$|배고파|배불러|졸려|졸리|심심해|심심함|심심하다"
        # hunger of the moment said plainly ("아 배고프다 ㅠ"), not "배고프면 두통이 와"
        r"|^(?:아+\s*)?배고프(?:다|네|당|ㄷ)?[\sㅠㅜㅋ.!~]*$"
        r"|맞아요|좋아요[.。!！~]*$|괜찮아요|것 같아요|것 같네요|생각해 볼|생각 좀|덕분에"
        r"|주세요|주실래요|[아어해] ?줘요|줄래요|반가워|반갑"
        # a request to the bot, plainly said ("아무 상식이나 알려줘", "노래 추천해 줄래")
        r"|(?:줘|줄래|주라)[.。!！~ㅋㅎ]*$"
        r"|^[ㅋㅎ]+|(?:내일|다음에|담에|이따가?|나중에|또|주말에) 봐(?:요)?[.。!！~ㅋㅎ]*$"
        # good night, and a guess at how it will be ("재밌겠다 ㅋㅋ", "맛있겠다"): a reaction, no news of the user
        r"|^(?:그럼|이제|다들|얼른)?\s*잘 ?자|잘 ?가[.。!！~ㅋㅎ]*$"
        r"|(?:재밌|재미있|맛있|좋|부럽|대단하|멋지|웃기|귀엽)겠다[.。!！~ㅋㅎㅠㅜ\s]*$"
        r"|(?:먼저|이만|자러|들어) 가[.。!！~ㅋㅎ]*$|^이거 (?:좀 )?봐"
        # agreement or a verdict on the talk in the 음 ending ("ㅇㅇ 맞음", "ㄹㅇ 인정함", "그거 별로임")
        r"|^(?:ㅇㅇ|ㄹㅇ|ㅇㅋ)|(?:맞음|인정함|인정|별로임)[.。!！~ㅋㅎ]*$"
        # a remark about the bot ("너 진짜 똑똑하다", "넌 모르는 게 없네")
        r"|^(?:너|넌|너는|니가|네가)\s"
        # the weather of the moment ("아 비 오니까 너무 꿀꿀하다"): no rule took it as a symptom
        r"|비(?:가)? (?:오니까|와서|오네|계속)|날씨(?:가|는)?|너무 (?:덥|춥)|더워 죽|추워 죽"
    ),
    dose_change=re.compile(
        r"\d+\s?(?:mg|밀리|정|알|단위)(?:으로|로) (?:늘|줄|올|내리|내려|바뀌|바꿨|바꿔|변경|증량|감량)"
        r"|용량(?:을|이)? (?:늘|줄|올|내리|내려)"
    ),
    switched_to=re.compile(r"(?P<x>[^\s,.]{2,12}?)(?:으로|로)\s?(?:바꿔|바꿨|바꾸었|바뀌었|바뀌|변경|갈아탔|교체)"),
    medical_context=re.compile(
        r"의사|선생님|약|처방|mg|밀리|알약|캡슐|용량|흡입|인슐린|안약|연고|수의사|동물병원|진료|병원|주사"
    ),
    in_addition=re.compile(r"도\s?(?:먹|복용|처방|써)|추가|또|더 먹|같이 먹"),
    # liking most, or being taken with something now ("요즘 골프에 푹 빠져 있어요")
    favourite_words=re.compile(
        r"제일 좋아|가장 좋아|최애|제일 좋은|가장 좋은|빠져 있|빠졌|꽂혀|꽂혔|팬이 됐|팬이 되었|입덕|덕질"
        # liking it over the one before: "이제 떡볶이보다 마라탕이 더 좋아"
        r"|보다 [^.,!?]{1,12}?더 좋"
    ),
    refers_back=re.compile(
        r"^(?:그게|그건|그거|그것|그래서|거기|그곳|걔|이름은)\s|(?:^|\s)그렇게 (?:지었|불러|정했|이름)"
    ),
    ending_words=re.compile(r"그만두|그만뒀|그만 뒀|그만했|끊었|끊고|헤어졌|헤어지고|접었|끝냈|끝내고"),
    partner_change_words=re.compile(r"재혼|이혼|결혼|헤어지|헤어졌"),
    favourite_categories={"소설가": "작가", "저자": "작가", "요리": "음식", "곡": "노래", "색": "색깔"},
)
