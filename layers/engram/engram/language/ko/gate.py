"""Korean memory-gate phrases (data read by domain/gate_rules.py)."""

from __future__ import annotations

import re

from engram.language.gate_pack import GatePack

# "these days" of the world, not the user's: what is worth watching, popular or trending ("요즘 볼만한 영화")
_WORLDS_NOW = r"(?! ?(?:볼만한|볼 만한|인기|유행|핫한|뜨는|잘 나가는|나오는))"

GATE = GatePack(
    memory_reference=re.compile(
        r"기억|말했(?:던|잖|지|었)|얘기 ?했|이야기 ?했|말한 거|내 이름|제 이름(?:이|은)? 뭐"
        r"|더라|(?:었|았|였|했|겼|셨)던가|(?:였|었|았|했)(?:죠|지|더라)\s*[?？]?\s*$|했었"
        # asking back what was said: "…맞지?", "…맞죠?", "…잖아?"
        r"|(?:맞지|맞죠|맞나|맞아|잖아|지\s*않아)\s*[?？]?\s*$"
    ),
    time_reference=re.compile(
        r"지난\s?번|저번|전에|예전|어제|그저께|그제|지난\s?주|지난\s?달|작년|최근|요즘"
        + _WORLDS_NOW
        + r"|며칠 전|\d+일 전|비교"
    ),
    state_update=re.compile(
        r"숨(?:이|쉬|차)|호흡|기침|가래|아프|아파|아팠|통증|열이|열나|피곤|지쳐|잠을|잠이|못 잤|못잤|불면"
        r"|어지러|메스꺼|토했|설사|기분|우울|불안|스트레스|약을|약 먹|약먹|흡입기|혈압|혈당|체중|몸무게|산소"
        r"|식욕|부었|가려"
        r"|밤새|깼어|깨요|처방|투석|재활|검사 결과|산소포화도"
        r"|(?:강아지|고양이|개가|반려견|반려묘).{0,15}(?:먹|토했|아파|설사)"
    ),
    personal_advice=re.compile(
        r"(?:나|저)(?:에게|한테) (?:맞는|좋은|어울리는)|제게|내게|어떻게 해야|(?:해|먹어|가|마셔|먹|써)도 (?:괜찮|될까"
        r"|돼|되나)"
        r"|(?:제|내) 경우|저 같은|나 같은"
    ),
    personal_event=re.compile(
        r"아들|딸(?!기)|아내|남편|엄마|아빠|언니|오빠|누나|형(?:이|은|한테|네)|동생|손자|손녀|가족|병원|의사"
        r"|주치의|진료|입원|퇴원|예약|이사|일하기 시작|결혼식|생일"
    ),
    small_talk=re.compile(
        r"잘 지내|뭐 해|뭐해|시를? 써|이야기를? 써|(?:^|너|네|당신|당신의)\s*이름이 뭐|^누구야|^누구세요|농담|날씨"
        r"|로봇이야|뭐 하고 있|(?:^|\s)(?:너|넌|네가|당신)(?:는|은|의)?\s"
        r"|심심|장마|태풍"
        r"|퀴즈|넌센스|수수께끼"
        # a remark on the weather: "오늘 비 엄청 오네", "눈 온다"
        r"|^(?:오늘|밖에)?\s?(?:비|눈)(?:가|이)?\s(?:\S+\s)?(?:오네|온다|오는구나|내리네|와)\W*$"
        # a reaction: "ㅋㅋㅋ 개웃겨", "완전 웃기다"
        r"|^(?:ㅋ+|ㅎ+)?\s*(?:개|완전|진짜|너무)?\s?(?:웃기다|웃겨|웃긴다)\W*$"
        # a remark about the bot: "너 진짜 웃기다", "넌 참 귀엽네"
        r"|(?:너|넌|너는|당신)\s?(?:진짜|정말|참|너무|완전)?\s?(?:귀엽|웃기|똑똑|착하|재밌|재미있|다정하)"
    ),
    general_knowledge=re.compile(
        r"이란|란 뭐|가 뭐|이 뭐|뭐야|뭐예요|무엇|왜|어떻게 작동|누구|수도|차이|설명해|알려줘|의미|원인|증상"
        r"|뭘 (?:재|측정)"
        # dates of history, authors and inventors, superlatives, measures
        r"|누가|몇 년|작가|발명|가장|제일|세계에서|약자|몇 분|몇 도|몇 그램|얼마나 (?:돼|멀|높|커)"
        # comparisons, measures, counts of things in the world
        r"|중에 (?:뭐|어느)|뭐가 더|시차|높이|거리가|몇 개 있"
        # an ingredient's measure, a market's price: "라면 물 몇 ml 넣어?", "달러 환율 얼마야?"
        r"|몇\s?(?:ml|mL|cc|g|kg|그램|리터|컵|스푼|숟가락|큰술|작은술)(?![가-힣])|환율"
        # not 이번 주가 / 다음 주가 ("this week" and its particle)
        r"|(?<!번 )(?<!음 )(?<!번)(?<!음)주가|시세|금값|유가"
        # counts, durations and origins of things in the world; what kind a thing is ("고래는 물고기야?")
        r"|몇 개야|몇 개예요"
        # how a thing in the world comes about, what has it, how to do a thing ("블랙홀은 어떻게 생겨?",
        # "비타민C는 뭐에 많이 들어있어?", "김치찌개 맛있게 끓이는 법")
        r"|(?:은|는) 어떻게 (?:생겨|생기|만들어)|(?:에|엔) 많이 들어 ?있|[가-힣]+는 (?:법|방법)\s*[?？]?$"
        r"|(?:은|는) (?:물고기|동물|포유류|곤충|식물|과일|채소)(?:이야|야|예요|이에요|인가요|일까)"
    ),
    greeting_words=(
        r"안녕(?:하세요|하십니까|히 (?:계세요|가세요))?|고마워(?:요)?|감사합니다|감사해요|고맙습니다"
        "|좋은 아침(?:이에요|입니다)?"
        r"|잘 자(?:요)?|반가워(?:요)?|반갑습니다|알겠(?:어요|습니다)|알았어(?:요)?|네|응|예|ㅎㅎ+|ㅋㅋ+|좋아요"
        r"|(?:오늘은 )?여기까지(?:요)?|또 (?:봐요|봐|만나요)"
    ),
    first_person=(
        r"(?:^|\s)우리(?=\s|$|[가는집])"
        r"|(?:^|\s)(?:나는|난|내가|나를|나한테|나에게|내|저는|전|제가|저를|저한테|저에게|제|저도|나도)(?=\s|$"
        r"|[,.!?])"
    ),
    question=(
        # "나요" is left out: it also ends statements ("열이 나요" = I have a fever).
        # 언제나 (always), 뭐든 (anything), 누구나 (anyone), 왜인지 (somehow), 어떻게든 (somehow) state; they
        # do not ask
        r"(?:까|니|냐)\s*$|뭐(?!든)|무엇(?!이든)|왜(?!인지|그런지)|어떻게(?!든)|어디(?!든|서나)|언제(?!나|든)|누구(?!나|든)"
    ),
    implied_subject=True,
    own_life=re.compile(
        r"아들|딸(?!기)|아내|남편|엄마|아빠|언니|오빠|누나|형|동생|손자|손녀|애들|아이들|가족|옆집|이웃|집주인|상사|동료"
        r"|여자친구|남자친구|여친|남친|애인|약혼자|와이프"
        # friends and the rest of one's people: "베프 직업이 뭐야?"
        r"|친구(?! ?(?:사귀|만드|만들))|베프|절친|룸메|선배|후배|사촌|팀장|고모|이모|삼촌|외삼촌|조카|할머니|할아버지"
        # what one went through, said by how it felt: "제일 감명 깊게 본 드라마는?" (not a fact of the world)
        r"|(?:감명|인상) 깊게 (?:본|읽은|들은|먹은|간)|재(?:미있|밌)게 (?:본|읽은|들은|한)|맛있게 먹은"
        r"|강아지|고양이|반려견|반려묘|병원|의사|선생님|치과|헬스장|애기|아기|우리 애"
        r"|예약|일정|약속|계획|비행기|여행|휴가|출근|근무|계약|월세|전세|대출|목록|차(?:는|가|를)?\s|자전거|휴대폰|핸드폰|열쇠"
        r"|처방|약(?:은|을|이)?\s|영양제|비타민|좋아하는|좋아해"
        # home and what opens it: "여분 키 누구한테 있지?", "집 와이파이 비밀번호"
        r"|키(?=\s|가|는|를|$)|비밀번호|와이파이|(?:^|\s)집(?=\s|에|은|이)"
        # a state asked of the present ("지금 식이 제한이 뭐예요?"): the user's, which changes
        r"|지금|현재"
        # ... or of these days, the subject unsaid: "요새 보고 있는 프로그램 뭐야?" (as English "these days")
        r"|(?:요즘|요새)" + _WORLDS_NOW + r""
        # who one is seeing: "사귀는 사람 누구였지" (not "친구 사귀는 법")
        r"|사귀는 (?:사람|애)|사귀고 있|사귄 지"
        # money of one's own
        r"|카드값|월급|적금|통장|보험료"
    ),
    courtesy=r"고마워|고맙|감사|내일 봐|또 봐|잘 가|잘 자|반가워|반갑",
    invitation=r"(?:하자|합시다|놀자|할래)\s*[.!?？]?\s*$",
    task_for_bot=(
        r"(?:해|써|만들어|불러|그려|말해|번역해|내)\s?(?:줘|주세요|줄래)\s*[.!]?\s*$"
        # help with code and arithmetic ("37 더하기 48은?")
        r"|(?i:python|javascript|typescript|java|sql|excel|regex|html|css|vlookup)[^.?？]{0,15}?(?:하는 ?법|방법)"
        r"|\d+\s*(?:[+×÷*]|더하기|빼기|곱하기|나누기)\s*\d+(?![\d.])(?!\s*(?:알|정|mg|밀리|단위))"
    ),
    in_general=r"일반적으로|보통 사람|원래 어떻게|원래 왜|대체로",
    reaction_words=(
        # longer words first: each word is taken whole (와우 before 와, 오키 before 오)
        r"헐+|대박|와우|우와+|와+|오키|오케이|오호|진짜|정말|레알|ㄹㅇ|미쳤다|미쳤네|쩐다|쩔어|대단하다|대단해|신기하다|신기해|웃기다"
        r"|웃겨|[ㅋㅎㅠㅜㄷ]+|ㅇㅋ|ㅇㅇ|ㄴㄴ|ㅁㅊ|응+|그래|그렇구나|그렇네|아하|아+|어+|헉|세상에"
        r"|말도 안 ?돼|멋지다|멋있다|귀엽다|귀여워|재밌다|재밌네|완전|너무|실화(?:야|냐)?|와우|오호|캬|이야|맞아|맞네"
        r"|그니까|인정|굿|짱|좋네|좋다|오+"
    ),
    about_a_quote=(
        r"(?:영어|일본어|중국어|한국어|불어|프랑스어|독일어|스페인어)로|번역|뜻|뭐라고 (?:해|하|말)"
        r"|무슨 의미|어떻게 읽|발음"
    ),
)
