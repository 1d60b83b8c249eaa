"""How values are said when they change, in Japanese and Korean: the subject keys that let a new value
replace the old one (a job by a profession's suffix or "as a …", a diet by what one does not eat or a
named style, a spouse by "my husband's name is …"), and the markers of a change and of the past."""

from __future__ import annotations

import pytest

from engram.language.tense import asks_about_past, states_change
from engram.memory.extraction import HeuristicExtractor


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("出版社で編集者として働いています。", "job"),
        ("先月からフリーランスの翻訳者になりました。", "job"),
        ("銀行で経理をしています。", "job"),
        ("지난달부터 프리랜서 번역가가 됐어요.", "job"),
        ("牛肉は食べません。", "diet:牛肉"),
        ("소고기는 안 먹어요.", "diet:소고기"),
        ("私はペスカタリアンです。", "diet"),
        ("남편 이름은 민호예요.", "family:husband"),
        ("彼女のさくらは大阪に住んでいます。", "family:partner"),  # hers, not the user's city
        ("不安症でジェイゾロフトを飲んでいます。", "medication:ジェイゾロフト"),
        ("血圧の薬はアムロジピンを飲んでいます。", "medication:アムロジピン"),  # the medicine, not the symptom
        ("혈압약으로 노바스크를 먹고 있어요.", "medication:노바스크"),
        ("銀行員です。", "job"),  # a profession on its own, by its suffix
        # one category, however it is worded: a new favourite replaces the old one
        ("Lately Ishiguro has become my favourite writer.", "favourite:author"),
        ("我最喜歡的作者是東野圭吾。", "favourite:作家"),
        ("好きな小説家は村上春樹です。", "favourite:作家"),
        ("제일 좋아하는 소설가는 김영하예요.", "favourite:작가"),
        # ... and said to have become another
        ("我最喜歡的團變成告五人了，上次去聽演唱會直接被圈粉", "favourite:團"),
        ("一番好きなバンドがKing Gnuになった！", "favourite:バンド"),
        ("제일 좋아하는 가수가 아이유로 바뀌었어", "favourite:가수"),
        ("We've just moved to Bristol.", "lives_in"),
        ("얼마 전에 수원으로 이사 왔어요.", "lives_in"),
        # eating anything is a way of eating: "I'm vegetarian now" (also "diet") replaces it
        ("I eat pretty much everything.", "diet"),
        ("我什麼都吃。", "diet"),
        ("好き嫌いなく何でも食べます。", "diet"),
        ("저는 아무거나 잘 먹어요.", "diet"),
        ("For my health I've gone vegan.", "diet"),
        # a new job by becoming one, a new city by a transfer
        ("I quit and became a freelance photographer.", "job"),
        ("I recently qualified as a nursery teacher.", "job"),
        ("I'm a hairdresser.", "job"),
        ("IT企業で営業をしています。", "job"),
        ("요즘 보육교사 자격증을 따서 어린이집에서 일하기 시작했어요.", "job"),
        ("I've been transferred from York to Newcastle.", "lives_in"),
        ("광주에서 울산으로 발령이 났어요.", "lives_in"),
        ("仙台から福岡に転勤になりました。", "lives_in"),
        ("公司把我調到台中。", "lives_in"),
        # a medicine used for a condition
        ("喘息でシムビコートを使っています。", "medication:シムビコート"),
        ("천식 때문에 심비코트를 써요.", "medication:심비코트"),
        # the wife's name, not the user's (내 inside 아내)
        ("아내 이름은 지영이에요.", "family:wife"),
        # a workplace one works for, a role one does now, a business one runs
        ("保険会社に勤めています。", "job"),
        ("銀行を辞めて、今はヨガのインストラクターをしています。", "job"),
        ("今はパン屋を開いています。", "job"),
        ("보험회사에 다녀요.", "job"),
        ("은행을 그만두고 지금은 요가 강사를 하고 있어요.", "job"),
        ("지금은 빵집을 운영해요.", "job"),
        ("정년퇴직했어요.", "job"),
        # eating meat again is a way of eating, which replaces a vegetarian one
        ("요즘은 다시 고기를 먹어요.", "diet"),
        ("最近はまたお肉を食べるようになりました。", "diet"),
        ("我最近又開始吃肉了。", "diet"),
        ("I'm eating meat again now.", "diet"),
        # loving meat is a way of eating, which a vegetarian one replaces
        ("I love meat and eat it every day.", "diet"),
        ("我超愛吃肉，每天都要吃。", "diet"),
        ("肉が大好きで、毎日焼肉でもいいくらいです。", "diet"),
        ("고기를 정말 좋아해서 매일 먹어요.", "diet"),
        # a place one lives, said in more ways; a move said without its subject
        ("実家は札幌で、今も札幌暮らしです。", "lives_in"),
        ("인천에서 살아요.", "lives_in"),
        ("Relocated to Chicago for the new role.", "lives_in"),
        # a job by a role at a workplace, by being hired or promoted, by teaching somewhere, by heading something
        ("I'm a barista at a coffee shop downtown.", "job"),
        ("Got hired as a junior web developer last week!", "job"),
        ("I was promoted to senior engineer.", "job"),
        ("중학교에서 수학을 가르쳐요.", "job"),
        ("올해부터 학원 원장이 됐어요.", "job"),
        # the condition first, then the medicine
        ("For my cholesterol I take atorvastatin.", "medication:atorvastatin"),
        # a fifth fresh set: 職業は, becoming a student, meat as a habit, the medicine for a condition "now"
        ("職業はシステムエンジニアです。", "job"),
        ("春から大学院生になりました。", "job"),
        ("うちは毎日お肉料理ばかり食べています。", "diet"),
        ("저희 집은 매일 고기반찬을 먹어요.", "diet"),
        ("糖尿病の薬は今はジャヌビアだけです。", "medication:ジャヌビア"),
        ("당뇨약은 이제 자누비아만 먹어요.", "medication:자누비아"),
        ("저탄수화물은 그만두고 지금은 아무거나 먹어요.", "diet"),
        # a sixth, in casual and polite registers: a medicine taken when something happens or chosen for it,
        # work somewhere in some capacity, 推し / 최애 as favourites
        ("頭痛のときはロキソニンを飲みます。", "medication:ロキソニン"),
        ("胃に悪いので頭痛薬はカロナールにしました。", "medication:カロナール"),
        ("두통이 있으면 이부프로펜을 먹어요.", "medication:이부프로펜"),
        ("위가 안 좋아서 두통약은 타이레놀로 했어요.", "medication:타이레놀"),
        ("아이들이 커서 도서관에서 파트타임으로 일하기 시작했어요.", "job"),
        ("推しのアイドルは嵐です。", "favourite:アイドル"),
        ("내 최애는 BTS야.", "favourite"),
        # the condition named with its suffix: 불안증, 공황장애
        ("불안증 때문에 졸로프트를 먹고 있어요.", "medication:졸로프트"),
        ("공황장애 때문에 자낙스를 먹어요.", "medication:자낙스"),
        # a device or form of medicine named as the one used; a profession said alone, its subject implied
        ("천식 흡입기는 심비코트를 써요.", "medication:심비코트"),
        ("초등학교 교사예요.", "job"),
        # a place said bare; more named ways of eating
        ("부산 살아요. 바다가 가까워서 산책하기 좋아요.", "lives_in"),
        ("I've gone gluten-free.", "diet"),
        ("요즘은 저탄고지 하는 중이라 삼겹살 많이 먹어.", "diet"),
        ("最近はグルテンフリーにしています。", "diet"),
        ("我最近在做間歇性斷食。", "diet"),
        # a business opened without its particle, work done as something for years, a medicine fed to a pet,
        # the medicine for something named
        ("요즘은 동네에 작은 카페 차려서 커피 내리고 있어.", "job"),
        ("간호사로 일한 지 10년 됐어요.", "job"),
        # a pet's medicine is the pet's, keyed so (memory/whose.py)
        ("우리 강아지 관절약으로 카프로펜 먹이고 있어요.", "강아지:medication:카프로펜"),
        ("胃薬はガスターを飲んでる。", "medication:ガスター"),
        ("フィラリア予防はカルドメックを使ってます。", "medication:カルドメック"),
        # a favourite said without its category word
        ("うちのワンコ、ささみジャーキーが大好物で、袋の音がしただけで走ってくるの。", "favourite:食べ物"),
        ("野球観るのが一番の楽しみです。", "favourite:楽しみ"),
        # starting as one, what being one is like, a business one runs, a "…士", a kind of work
        ("Big news! I start as a dental hygienist on Monday.", "job"),
        ("Ugh, long day. Being a bank teller means smiling at cranky people.", "job"),
        ("These days I'm running my own food truck, tacos mostly.", "job"),
        ("I've been driving for a delivery company for six years now.", "job"),
        ("two weeks into the bookkeeping gig at the lumber yard and i get to sit down", "job"),
        ("在便利商店上大夜班 好想睡覺", "job"),
        ("在花店幫忙包花束快一個月了", "job"),
        ("在咖啡廳打工", "job"),
        ("working the register at trader joe's today, someone bought 14 bags", "job"),
        ("當補習班老師真的累，每天晚上都上課到九點半", "job"),
        ("在誠品書店站櫃，週末人超多的", "job"),
        ("학원 수학 강사라 밤 10시에 퇴근함", "job"),
        # a medicine said without its subject where the sentence speaks of medicine
        ("using my flovent 2x a day for the asthma", "medication:flovent"),
        ("pharmacy gave me the breo ellipta, just one puff a day", "medication:breo_ellipta"),
        ("the pulmonologist gave me trelegy, one puff a day", "medication:trelegy"),  # the dose in the next clause
        ("on metformin 500mg twice a day", "medication:metformin"),
        ("doc prescribed me trelegy, one puff daily", "medication:trelegy"),
        ("started xarelto last week after the clot", "medication:xarelto"),
        ("my inhaler is symbicort, 2 puffs morning and night", "medication:symbicort"),
        ("new script for zoloft 50mg came in", "medication:zoloft"),
        ("血圧の薬、アムロジピン5mg飲んでる", "medication:アムロジピン"),
        ("喘息でフルタイドを朝晩吸ってる", "medication:フルタイド"),
        ("先生にアムロジピンからオルメテックに変えられた、むくみがひどかったから", "medication:オルメテック"),
        ("インスリンは毎晩トレシーバ10単位打ってる", "medication:トレシーバ"),
        ("당뇨약 다이아벡스 500 먹고 있어", "medication:다이아벡스"),
        ("COPD 때문에 스피리바 레스피맷 매일 써", "medication:스피리바_레스피맷"),
        ("새로 처방받은 트렐리지 엘립타 하루 한 번만 쓰면 돼서 편해", "medication:트렐리지_엘립타"),
        ("혈압약으로 아모잘탄 먹어", "medication:아모잘탄"),
        ("肺阻塞現在用的吸入劑是Spiolto，一天兩下", "medication:spiolto"),
        ("回診後拿到新的Trelegy，一天吸一次就好", "medication:trelegy"),
        ("糖尿病的藥醫生開的是庫魯化，一天兩顆", "medication:庫魯化"),
        ("每天早上吃脈優5mg", "medication:脈優"),
        ("血壓藥是得安穩，早晚各一顆", "medication:得安穩"),
        # a fourth set by another author: jobs in passing, places one lived or moved into, ways of eating
        # without a subject, single without one, engaged with a name, a number one band
        ("Getting up at 4am is rough, but being a baker beats spreadsheets.", "job"),
        ("I would like to note that as a secondary school teacher I spend much of the day talking.", "job"),
        ("After retraining last year I have now qualified as an electrician.", "job"),
        ("I've lived in Chicago for eight years and I still can't handle the winters.", "lives_in"),
        ("Unpacking boxes in my new flat in Denver.", "lives_in"),
        ("Went fully vegan this month, goodbye cheese.", "diet"),
        ("ok i caved, eating fish again. pescatarian era begins", "diet"),
        ("keto life from now on lol", "diet"),
        ("I've been doing keto since January and I've lost 6 kg.", "diet"),
        ("Still single and honestly thriving.", "family:partner"),
        ("Maya and I got engaged last night!!!", "family:partner"),
        ("Fleetwood Mac has overtaken everything else as my number one band.", "favourite:band"),
        ("Arctic Monkeys are my fav band ever, no debate", "favourite:band"),
        ("我最愛周杰倫 從國中聽到現在", "favourite"),  # the value without its category, as 최애는
        ("保育士をしているので、毎日忙しいです。", "job"),
        ("私はタクシーの運転手を二十年やっています。", "job"),
        ("今は事務の仕事をしています。", "job"),
        # the move named as a thing; moving in, and the family home, in Chinese
        ("Finally settled in after the move to Phoenix.", "lives_in"),
        ("最近住到台南了，巷子裡好多好吃的。", "lives_in"),
        ("我們家在桃園，離機場很近。", "lives_in"),
        # a partner one has now, named in the sentence after; a medicine prescribed
        ("嘿嘿，我有女朋友了！她叫怡君，是在登山社認識的。", "family:partner"),
        ("睡不好的時候醫生開了史蒂諾斯給我。", "medication:史蒂諾斯"),
        # part-time work somewhere
        ("コンビニでバイトしてる。", "job"),
        ("I work part-time at a grocery store.", "job"),
        ("카페에서 알바해요.", "job"),
        ("요즘 편의점 야간 알바 하느라 잠이 부족해.", "job"),  # and the lack of sleep, a clause of its own
    ],
)
def test_the_statement_keys_its_subject(text: str, subject: str) -> None:
    assert subject in [f.subject_key for f in HeuristicExtractor().extract(text, "", [])]


@pytest.mark.parametrize(
    "text",
    [
        "病気になりました。",
        "公園でテニスをしています。",
        "新しい彼女ができました、名前は真理子です。",
        "I use my bike every day.",
        "初心者です。",
        "実家です。",
        "아내 이름은 지영이에요.",  # her name, not the user's
        "비 때문에 우산을 써요.",  # an umbrella for the rain is no medicine
        "I want to become a nurse.",  # a goal, not a job
        "학교에 다녀요.",  # school is no workplace without the word for it
        "봉사를 하고 있어요.",  # volunteering
        "I'm a regular at the gym.",  # a customer, not a role
        "一人暮らしです。",  # who one lives with, not where
        "田舎暮らしが夢です。",  # a dream, not where one lives
        "For breakfast I take toast.",  # no condition: no medicine
        "어제 고기를 먹었어요.",  # one meal is no way of eating
        "暑いときはスポーツドリンクを飲みます。",  # a drink for the heat is no medicine
        "배고프면 라면을 먹어요.",  # nor noodles for hunger
        "혼자 살아요.",  # how one lives, not where
        "富士山に登りました。",  # 富士 is no "…士"
        "I'm on it.",  # no medicine
        "I'm on holiday next week.",
        "아내는 간호사예요.",  # the wife's profession, not the user's
        "딸이 초등학교 교사예요.",  # the daughter's
        "two weeks into the job search and nothing",  # looking for work
        "我在家幫忙",  # helping at home is no workplace
        "my dog is eating fish again",  # the dog's food
        "using my phone every morning",
        "my inhaler is almost empty",  # the inhaler, not a medicine's name
        "started yoga for my anxiety",  # a treatment that is no medicine
        "so i take the bus to the doctor",
        "糖尿だからダイエットコーラ飲んでる",  # a drink
        "당뇨 때문에 현미밥 먹어",  # a dish
        "병원 가서 주사 맞고 왔어",  # a shot, no name
        "혈압약은 아침에 먹어",  # when, not which
        "醫生說要換成低鹽飲食",  # a way of eating
        "回診的時候醫生叫Amy來",  # a name called
        "當媽媽真的累",  # a mother, no occupation
        "아내는 간호사라서 바빠",  # the wife's
        "working at home today",
        "카페 자리 없어",  # a seat, not a post
        "병원 자리가 꽉 차서 예약 못 함",
        "아빠 경찰관이라 늘 걱정돼",  # the father's
        "在醫院實習的表弟說很累",  # the cousin's
        "在朋友的店幫忙一下午",  # an afternoon's help
        "做老師真的很辛苦吧",  # a remark on teachers
        "working the bar at my cousin's wedding tonight",
        "ugh, eating chicken again, third night in a row",
        "doc gave me a hug after the scan lol",  # no medicine
        "the nurse gave me a sticker after my shots",
        "dr gave me a referral to a specialist",
        "my inhaler is blue and tiny",
        "need a new prescription for glasses",
        "看完醫生之後 晚餐改成吃火鍋",
        "今天吃了三顆蛋塔 然後吃KFC",
        "病院の帰りにタピオカ飲んで帰った",
        "薬局でポイントカード使ってお得だった",  # a pharmacy's points card
        "先生にもらったクッキー美味しかった",
        "약속 있어서 떡볶이 먹고 감",
        "병원 예약을 카톡으로 바꿨어",
        "每個週末都在打羽球，打完超爽",  # a sport, not an injection
    ],
)
def test_no_job_diet_medicine_or_own_name_is_read_into_other_statements(text: str) -> None:
    subjects = {f.subject_key for f in HeuristicExtractor().extract(text, "", [])}
    assert not subjects & {"job", "name"}
    assert not any(s and s.startswith(("diet", "medication")) for s in subjects)  # a bike is pinned as no medicine


def test_a_side_dish_every_day_is_a_way_of_eating_not_a_medicine() -> None:
    subjects = {f.subject_key for f in HeuristicExtractor().extract("저희 집은 매일 고기반찬을 먹어요.", "", [])}
    assert "diet" in subjects and not any(s and s.startswith("medication") for s in subjects)


def test_a_way_of_eating_given_up_is_not_the_one_held() -> None:
    for said, given_up in (
        ("저탄수화물은 그만두고 지금은 아무거나 먹어요.", "저탄수화물"),
        ("키토는 끝내고 지중해식으로 먹고 있어.", "키토"),
    ):
        (fact,) = HeuristicExtractor().extract(said, "", [])
        assert fact.subject_key == "diet" and given_up not in (fact.value_key or "")


@pytest.mark.parametrize(
    ("said", "old", "new"),
    [
        ("断食はもうやめた。最近はグルテンフリーにしてて、パンの代わりに米粉のを食べてる。", "断食", "グルテンフリー"),
        ("タクヤとは別れたんだ。で、今はケンジって人と付き合ってる。", "タクヤ", "ケンジ"),
        ("채식은 그만뒀어. 요즘은 저탄고지 하는 중이라 삼겹살 많이 먹어.", "채식", "저탄고지"),
        ("I quit my job at the bank. Now I teach math at a high school.", "bank", "math"),
        ("我戒了咖啡。現在只喝茶。", "咖啡", "茶"),
    ],
)
def test_a_sentence_that_ends_something_and_the_next_that_states_the_change_are_one_fact(
    said: str, old: str, new: str
) -> None:
    # apart, the first would be a fact naming only the old value, offered for a question about the present
    facts = HeuristicExtractor().extract(said, "", [])
    assert facts and all(new in f.content for f in facts if old in f.content)


def test_sentences_that_end_nothing_stay_apart() -> None:
    facts = HeuristicExtractor().extract("I moved to Denver. I started a new job.", "", [])
    assert {f.subject_key for f in facts} >= {"lives_in"} and len(facts) == 2
    (fact,) = HeuristicExtractor().extract("断食はもうやめた。最近はグルテンフリーにしてて。", "", [])
    assert fact.subject_key == "diet" and fact.value_key == "グルテンフリー"  # not the one given up


@pytest.mark.parametrize(
    ("said", "subject", "new"),
    [
        ("銀行を退職して、今は保険会社で働いています。", "job", "保険会社"),
        ("我跟志明分手了，現在的男朋友是建宏。", "family:partner", "建宏"),
    ],
)
def test_a_sentence_that_says_the_old_value_then_the_new_is_one_fact(said: str, subject: str, new: str) -> None:
    # its first half alone ("銀行を退職して") would be the replaced value, offered as if it were news
    (fact,) = HeuristicExtractor().extract(said, "", [])
    assert fact.subject_key == subject and new in fact.content and not fact.negated


def test_becoming_and_remarrying_are_changes() -> None:
    assert states_change("先月からフリーランスの翻訳者になりました。")
    assert states_change("지난달부터 프리랜서 번역가가 됐어요.")
    assert states_change("민호랑 이혼하고 지금은 준영이랑 재혼했어요.")
    assert states_change("의사 선생님이 약을 아타칸으로 바꿔 주셨어요.")
    assert states_change("Lately Ishiguro has become my favourite writer.")
    assert states_change("Got hired as a junior web developer last week!")
    assert states_change("Relocated to Chicago for the new role.")
    assert states_change("胃に悪いので頭痛薬はカロナールにしました。")
    assert states_change("위가 안 좋아서 두통약은 타이레놀로 했어요.")
    assert states_change("키토는 끝내고 지중해식으로 먹고 있어.")
    assert states_change("흡입기를 심비코트로 변경했어요.")
    assert states_change("先月、真理子と籍を入れました。")
    assert states_change("저 다음 달에 서연이랑 결혼해요!")


@pytest.mark.parametrize(
    ("question", "past"),
    [
        ("前の吸入薬は？", True),
        ("前にいた会社はどこ？", True),
        ("전 여자친구는 누구였죠?", True),
        ("彼女の名前は？", False),  # 名前 holds 前
        ("家の前の公園は？", False),  # in front of
        ("Where did I use to work?", True),
        ("What did I used to eat?", True),
        ("I'm still getting used to the counter job at city hall", False),  # accustomed, not former
        ("the dry air takes some getting used to", False),
        ("I got used to the night shifts", False),
        ("what was i doing before, job-wise?", True),
        ("what do i take before bed?", False),
        ("처음에 몇 mg 먹었더라?", True),  # where it began
        ("最初は何mg飲んでた？", True),
        ("一開始吃幾毫克？", True),
        ("처음 뵙겠습니다", False),
        ("最初のステップは？", False),
    ],
)
def test_a_question_about_a_former_state(question: str, past: bool) -> None:
    assert asks_about_past(question) is past


@pytest.mark.parametrize(
    ("question", "past"),
    [
        ("What inhaler was I on earlier?", True),
        ("Which city was I in when we first talked?", True),
        ("What was I doing earlier today?", False),  # an event, not a former state
        ("What inhaler was I on before the switch?", True),
        # before a change named
        ("What was I doing before my current role?", True),
        ("What did I do before I moved here?", True),
        ("What is my current role?", False),
        ("What did I eat before bed?", False),
        ("이직하기 전엔 무슨 일 했지?", True),
        ("転職する前はどこで働いてた？", True),
        ("換工作前我在哪上班？", True),
        ("去年まで飲んでたのは？", True),
        ("我搬家前住哪裡？", True),
        ("我目前住在哪個城市？", False),
    ],
)
def test_a_former_state_asked_as_earlier_or_before_a_move(question: str, past: bool) -> None:
    assert asks_about_past(question) is past


@pytest.mark.parametrize(
    "question", ["Who was my ex?", "我前男友是誰？", "元彼は誰？", "Who is my ex-wife?", "전 직업은요?", "전 최애는?"]
)
def test_a_former_partner_is_asked_about_the_past(question: str) -> None:
    assert asks_about_past(question)


def test_an_exam_is_not_an_ex() -> None:
    assert not asks_about_past("What is my exam date?")


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("저희 집 고양이 이름은 두부예요. 하얗고 통통해서 그렇게 지었어요.", ("두부", "통통")),
        ("I broke my left wrist skiing back in 2019. It still aches when it's cold.", ("wrist", "aches")),
        ("猫を飼っています。名前はタマです。", ("猫", "タマ")),
        ("강아지를 키워요. 이름은 초코예요.", ("강아지", "초코")),
        ("我養了一隻貓。名字叫咪咪。", ("貓", "咪咪")),
        ("乃木坂のかっきー推し！賀喜遥香ちゃん", ("推し", "賀喜遥香")),  # a name said alone after
    ],
)
def test_a_sentence_that_refers_back_joins_the_one_before(said: str, words: tuple[str, ...]) -> None:
    # alone, "하얗고 통통해서 그렇게 지었어요" is a fragment that sits near any short question, and a bare
    # "名前はタマです" after the cat would be the user's own name
    facts = HeuristicExtractor().extract(said, "", [])
    assert any(all(w in f.content for w in words) for f in facts)
    assert "name" not in {f.subject_key for f in facts}
