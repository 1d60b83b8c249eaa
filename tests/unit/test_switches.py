"""A value said as a switch replaces the one it switches from where no subject key ties the two
(memory/switches.py): a medicine, a favourite said without its category, a spouse after a divorce or
a remarriage; in every language, the heuristic extractor answers as the OpenAI one does (action
"supersede" with the replaced memory's id). Never on a guess: with two candidates near it, or said
as an addition, nothing is replaced."""

from __future__ import annotations

import pytest

from engram.memory.extraction import HeuristicExtractor
from engram.memory.extraction_rules import extract_candidates
from engram.memory.models import ExistingMemory, Fact

LISINOPRIL = ExistingMemory("m-old", "User takes lisinopril 10 mg every morning", "fact", "medication:lisinopril")
METFORMIN = ExistingMemory("m-met", "User takes metformin twice a day", "fact", "medication:metformin")
HOME = ExistingMemory("m-home", "User lives in Boston", "profile", "lives_in")


def _switch(text: str, existing: list[ExistingMemory]) -> list[Fact]:
    return [f for f in HeuristicExtractor().extract(text, "", existing) if f.action == "supersede"]


@pytest.mark.parametrize(
    ("text", "new"),
    [
        ("My doctor switched me to amlodipine 5 mg every morning.", "medication:amlodipine"),
        ("They changed my inhaler to Trelegy.", "medication:trelegy"),
        ("endo switched me off lisinopril to ozempic shots, 0.25mg weekly", "medication:ozempic"),
        ("they moved me from lisinopril to losartan", "medication:losartan"),
        ("The pulmonologist replaced my lisinopril with losartan.", "medication:losartan"),
        ("I'm on losartan now.", "medication:losartan"),
        ("醫生讓我從上週開始改吃立普能。", "medication:立普能"),
        ("安眠藥我已經停了，現在醫生改開褪黑激素給我。", "medication:褪黑激素"),
        ("我現在每天吃脈優。", "medication:脈優"),
        ("先生に血圧の薬をオルメテックに変えられました。", "medication:オルメテック"),
        ("薬がアムロジピンからオルメテックに変わりました。", "medication:オルメテック"),
        ("今は毎朝オルメテックを飲んでいます。", "medication:オルメテック"),
        ("의사가 혈압약을 올메텍으로 바꿨어요.", "medication:올메텍"),
        ("이제 매일 아침 올메텍을 먹어요.", "medication:올메텍"),
        ("의사 선생님이 진통제를 애드빌로 바꿔 줬어요.", "medication:애드빌"),
        ("先生に言われて、薬がオルメテックになりました。", "medication:オルメテック"),
        ("My GP changed my statin to rosuvastatin.", "medication:rosuvastatin"),
    ],
)
def test_a_switch_replaces_the_one_medicine_taken_before(text: str, new: str) -> None:
    (fact,) = _switch(text, [LISINOPRIL])
    assert fact.subject_key == new and fact.target_id == "m-old"
    assert fact.safety  # the new medicine is pinned as the old one was
    assert "medication" in fact.topics


@pytest.mark.parametrize(
    "text",
    ["吸入がスピリーバになりました。", "흡입기가 스피리바로 바뀌었어요.", "吸入劑換成了適喘樂。"],
)
def test_an_inhaler_named_is_a_word_of_medicine(text: str) -> None:
    # the medicine is not the nearest memory: the inhaler in the sentence says the switch is a medicine's
    assert _switch(text, [HOME, LISINOPRIL])[0].target_id == "m-old"


@pytest.mark.parametrize(
    "text",
    [
        "獣医さんに勧められて、今年からネクスガードスペクトラにした。",
        "수의사 선생님이 갈리프란트로 바꿔 주셨어요.",
        "The vet switched her to Galliprant.",
    ],
)
def test_a_vet_is_a_word_of_medicine(text: str) -> None:
    # a pet's medicine, chosen or switched by the vet, replaces the one before it
    assert _switch(text, [HOME, LISINOPRIL])[0].target_id == "m-old"


@pytest.mark.parametrize(
    ("old", "subject", "said"),
    [
        (
            "うちのワンコ、ささみジャーキーが大好物で",
            "favourite:食べ物",
            "最近はチーズに夢中みたい。見せただけでお座りする。",
        ),
        (
            "野球観るのが一番の楽しみです",
            "favourite:楽しみ",
            "今一番熱いのはラグビーだね。ワールドカップ見てから完全にハマった。",
        ),
        (
            "推しの野球チームは阪神タイガースです",
            "favourite:野球チーム",
            "最近はすっかりオリックスのファンになっちゃいました。",
        ),
    ],
)
def test_a_new_favourite_said_without_its_category_replaces_the_one_before(old: str, subject: str, said: str) -> None:
    before = ExistingMemory("m-fav", old, "preference", subject)
    (fact,) = _switch(said, [before])
    assert fact.subject_key == subject and fact.target_id == "m-fav"


def test_a_name_chosen_is_no_switch_where_nothing_speaks_of_medicine() -> None:
    assert _switch("今日のお昼はナポリタンにした。", [HOME, LISINOPRIL]) == []


def test_a_switch_named_without_any_word_of_medicine_needs_the_medicine_to_be_nearest() -> None:
    text = "先週からレクサプロに変わりました。"
    sertraline = ExistingMemory("m-old", "不安症でジェイゾロフトを飲んでいます", "fact", "medication:ジェイゾロフト")
    assert _switch(text, [sertraline, HOME])[0].target_id == "m-old"
    assert _switch(text, [HOME, sertraline]) == []  # "switched to" something, but nothing says a medicine


@pytest.mark.parametrize(
    ("text", "existing"),
    [
        ("My doctor switched me to amlodipine.", [LISINOPRIL, METFORMIN]),  # which one? neither is guessed
        ("We moved to Denver last month.", [HOME, LISINOPRIL]),  # a switch of home, not of medicine
        ("I'm on losartan now as well.", [LISINOPRIL]),  # one more
        ("今はメトホルミンも飲んでいます。", [LISINOPRIL]),
        ("이제 메트포르민도 먹어요.", [LISINOPRIL]),
        ("我現在也吃二甲雙胍。", [LISINOPRIL]),
        ("My doctor switched me to amlodipine.", []),  # nothing to replace
    ],
)
def test_no_medicine_is_replaced_on_a_guess(text: str, existing: list[ExistingMemory]) -> None:
    assert _switch(text, existing) == []


# --- favourites said without their category, a spouse after a divorce or a remarriage --------

SUSHI = ExistingMemory("m-food", "User's favourite food is sushi", "preference", "favourite:food")
BLUE = ExistingMemory("m-colour", "User's favourite colour is blue", "preference", "favourite:colour")
JAZZ = ExistingMemory("m-jazz", "User likes jazz", "preference", "likes:jazz")
HUSBAND = ExistingMemory("m-husband", "夫の名前は健一です", "fact", "family:husband")


@pytest.mark.parametrize(
    ("text", "old"),
    [
        ("Ramen is my favourite now.", SUSHI),
        ("These days I prefer watching cricket the most.", SUSHI),  # preferring most is liking most
        ("These days I'm really into golf.", SUSHI),  # being taken with something now
        (
            "最近はゴルフにはまっています。",
            ExistingMemory("m-food", "一番好きなスポーツはテニスです", "preference", "favourite:スポーツ"),
        ),
        (
            "요즘은 골프에 푹 빠져 있어요.",
            ExistingMemory("m-s", "제일 좋아하는 운동은 테니스예요", "preference", "favourite:운동"),
        ),
        ("我最近迷上高爾夫。", ExistingMemory("m-s", "我最喜歡的運動是網球", "preference", "favourite:運動")),
        (
            "Claire and I divorced, and last year I married Sophie.",
            ExistingMemory("m-w", "User's wife's name is Claire", "fact", "family:wife"),
        ),
        (
            "最近はラーメンが一番好きです。",
            ExistingMemory("m-food", "一番好きな食べ物はお寿司です", "preference", "favourite:食べ物"),
        ),
        ("現在我最喜歡拉麵。", ExistingMemory("m-food", "我最喜歡的食物是壽司", "preference", "favourite:食物")),
        (
            "요즘은 라면이 제일 좋아요.",
            ExistingMemory("m-food", "제일 좋아하는 음식은 초밥이에요", "preference", "favourite:음식"),
        ),
        # a new favourite said as taking the old one's place, or as becoming a fan
        (
            "honestly Fontaines D.C. has overtaken literally everything for me this year",
            ExistingMemory("m-band", "Arctic Monkeys are User's fav band ever", "preference", "favourite:band"),
        ),
        ("요즘 라이즈에 완전 입덕함ㅋㅋ", ExistingMemory("m-k", "최애는 무조건 세븐틴", "preference", "favourite")),
        ("最近完全被告五人圈粉 每天循環播放", ExistingMemory("m-z", "我最愛周杰倫", "preference", "favourite")),
        (
            "最近はINIの沼、完全に推し変した",
            ExistingMemory("m-j", "推しはSnow Manです", "preference", "favourite:推し"),
        ),
        # liked over the one before, said as a change
        ("I like pho way more than sushi now", SUSHI),
        ("現在比起壽司更喜歡拉麵了", ExistingMemory("m-food", "我最喜歡的食物是壽司", "preference", "favourite:食物")),
        (
            "今はお寿司よりラーメンの方が好きになった",
            ExistingMemory("m-food", "一番好きな食べ物はお寿司です", "preference", "favourite:食べ物"),
        ),
        (
            "요즘 입맛이 바뀌어서 이제 초밥보다 라면이 더 좋아",
            ExistingMemory("m-food", "제일 좋아하는 음식은 초밥이에요", "preference", "favourite:음식"),
        ),
        # a spouse after a divorce or a remarriage
        ("健一とは離婚して、今は和也と再婚しました。", HUSBAND),
        (
            "민호랑 이혼하고 지금은 준영이랑 재혼했어요.",
            ExistingMemory("m-h", "남편 이름은 민호예요", "fact", "family:husband"),
        ),
        (
            "I divorced Mark and I'm now married to Tom.",
            ExistingMemory("m-h", "User's husband is Mark", "fact", "family:husband"),
        ),
        ("我跟阿明離婚了，現在跟志豪再婚。", ExistingMemory("m-h", "我先生叫阿明", "fact", "family:husband")),
    ],
)
def test_a_favourite_without_its_category_or_a_new_spouse_takes_the_place_of_the_one_near_it(
    text: str, old: ExistingMemory
) -> None:
    (fact,) = _switch(text, [old])
    assert fact.subject_key == old.subject_key and fact.target_id == old.memory_id and not fact.safety


@pytest.mark.parametrize(
    ("text", "existing"),
    [
        ("Ramen is my favourite now.", [SUSHI, BLUE]),  # which favourite? neither
        ("Ramen is my favourite now.", [JAZZ, SUSHI]),  # the favourite is not what the statement is nearest
        ("Ramen is my favourite.", [SUSHI]),  # not said as a change: one more thing liked
        ("I like ramen now.", [SUSHI]),  # liking, not liking most
    ],
)
def test_no_favourite_is_replaced_on_a_guess(text: str, existing: list[ExistingMemory]) -> None:
    assert _switch(text, existing) == []


def test_with_two_partners_near_no_remarriage_replaces_either() -> None:
    wife = ExistingMemory("m-wife", "User's wife is Ann", "fact", "family:wife")
    assert _switch("I'm now married to Tom.", [HUSBAND, wife]) == []


def _old(text: str, language: str) -> list[ExistingMemory]:
    return [
        ExistingMemory(f"m{n}", c.content, c.type.value, c.subject_key)
        for n, c in enumerate(extract_candidates(text, language))
    ]


@pytest.mark.parametrize(
    ("old", "new", "language"),
    [
        # a medicine a doctor has one on, then taken off it for another
        ("my doctor has me on Symbicort twice a day", "the pulmonologist took me off it, it's Breztri now", "en"),
        # a medicine taken morning and evening, then switched (intransitive: 切り替わった)
        ("吸入はシムビコートを朝晩2吸入してる", "薬がビレーズトリに切り替わった", "ja"),
        # a favourite said value first, then another taken over as the fave
        ("mint chocolate chip is my favorite ice cream", "honestly salted caramel has taken over as my fave", "en"),
        # said in other words: swapped over to, the top spot, nothing else comes close, a Korean inhaler
        ("my pulmonologist has me on Spiriva once a day", "the doc swapped me over to Trelegy", "en"),
        (
            "honestly my comfort show is Gilmore Girls",
            "ok I think Ted Lasso has officially taken the top spot for me",
            "en",
        ),
        ("pad thai is hands down my favorite food", "ok I've been converted, ramen is the best thing on earth", "en"),
        ("아침마다 세레타이드 흡입기 두 번씩 쓰고 있어요", "선생님이 심비코트로 바꿔주셨어요", "ko"),
    ],
)
def test_the_new_value_replaces_the_old_one(old: str, new: str, language: str) -> None:
    existing = _old(old, language)
    assert len(existing) == 1 and existing[0].subject_key
    facts = HeuristicExtractor().extract(new, "", existing)
    assert [(f.action, f.target_id) for f in facts] == [("supersede", "m0")]


@pytest.mark.parametrize(
    ("old", "new", "language"),
    [
        ("美容師やってて、表参道のサロンで働いてる", "独立して地元で自分のお店開いた！", "ja"),
        ("ベジタリアンなので肉は食べません", "貧血がひどくて、またお肉も食べるようにしてる", "ja"),
        ("중학교 행정실에서 일해요", "올해 퇴직하고 요새는 집에서 손주 봐주고 있어요", "ko"),
        ("저 채식주의자예요 고기 안 먹어요", "요즘은 페스코로 바꿔서 생선은 먹어요", "ko"),
        ("我吃全素好幾年了", "最近改吃海鮮素", "zh"),
    ],
)
def test_a_new_value_keys_the_same_subject_as_the_old(old: str, new: str, language: str) -> None:
    """The same single-valued subject (job, diet): the writer replaces the old value with the new."""
    (before,) = extract_candidates(old, language)
    after = extract_candidates(new, language)
    assert before.subject_key and [c.subject_key for c in after] == [before.subject_key]


@pytest.mark.parametrize(
    ("old", "new", "language"),
    [
        (
            "i teach 7th grade math, so grading is my whole sunday",
            "first week doing instructional design for a startup",
            "en",
        ),
        (
            "I'm a barista at a little place called Bean There",
            "got my license and joined Coldwell Banker last month",
            "en",
        ),
        ("Living out in Tucson means early dog walks", "since we got to Portland it hasn't stopped raining", "en"),
        ("I've lived in Chicago for years", "signed the lease in San Diego!!", "en"),
        ("요즘 편의점 야간 알바 하는데 너무 졸려", "다음주부터 물류회사 사무직으로 출근해요", "ko"),
        ("간호조무사로 일한 지 벌써 5년째예요", "사직서 내고 보험회사 들어갔어요", "ko"),
        ("우리 집엔 햄스터 한 마리 키워요", "보호소에서 고양이 한 마리 데려왔어요", "ko"),
    ],
)
def test_a_new_value_said_in_other_words_keys_the_same_subject(old: str, new: str, language: str) -> None:
    before = [c.subject_key for c in extract_candidates(old, language)]
    after = [c.subject_key for c in extract_candidates(new, language) if c.subject_key]
    assert before and before[0] and before[0] in after


@pytest.mark.parametrize(
    ("new", "language"),
    [
        ("At my check-up they switched me to Breo, one inhalation a day", "en"),
        ("診察で薬がレルベアに変わりました", "ja"),
        ("진료 때 렐바로 바꿨어요", "ko"),
        ("回診時改成吸Breo", "zh"),
    ],
)
def test_a_switch_at_a_visit_or_said_with_an_inhalation_speaks_of_medicine(new: str, language: str) -> None:
    """The medicine need not be the nearest memory when the sentence names a visit or how it is taken."""
    existing = [
        ExistingMemory("m0", "Two puffs when I'm wheezy", "timeline", "symptom:breathing"),
        ExistingMemory("m1", "I'm on Symbicort", "fact", "medication:symbicort"),
    ]
    facts = HeuristicExtractor().extract(new, "", existing)
    assert ("supersede", "m1") in [(f.action, f.target_id) for f in facts]


@pytest.mark.parametrize(
    "text",
    [
        "saw the doc, she bumped me up to 20mg. fingers crossed",
        "先生に言われて、薬が2錠になりました。",
        "醫生說劑量加到兩顆",
        "10mgに増えました",
        "20mg로 늘었어요",
    ],
)
def test_a_dose_moved_replaces_the_one_medicine_and_names_it(text: str) -> None:
    (fact,) = _switch(text, [LISINOPRIL, HOME])
    assert fact.subject_key == LISINOPRIL.subject_key and fact.target_id == LISINOPRIL.memory_id and fact.safety
    assert "lisinopril" in fact.content.lower()  # the dose alone would lose the medicine's name


def test_a_dose_moved_with_two_medicines_near_replaces_neither() -> None:
    assert _switch("she bumped me up to 20mg", [LISINOPRIL, METFORMIN]) == []
    assert _switch("I ran 5 miles, up to 10 next week", [LISINOPRIL]) == []


@pytest.mark.parametrize(
    "text",
    [
        "the vet bumped it up to 20mg for the dog",  # someone else's dose
        "my mom's dose got bumped up to 20mg",
        "猫の薬が5mgに減った",
        "我媽的藥加到兩顆",
        "강아지 약 용량을 늘렸어",
        "cut back to 1 tablet of melatonin",  # another thing named
        "咖啡因降到100mg",
        "降水量が20ミリになった",  # no dose at all
        "친구가 계속 약 올려ㅋㅋ",
        "早餐的蛋改成兩顆",  # a count, not a name
    ],
)
def test_no_dose_is_moved_on_a_guess(text: str) -> None:
    assert _switch(text, [LISINOPRIL]) == []
