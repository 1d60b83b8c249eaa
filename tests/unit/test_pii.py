"""PII masking (SPEC P5): positives and negatives in en / zh-TW / ja / ko."""

from __future__ import annotations

import pytest

from engram.language.en.pii import ssn_ok
from engram.language.ja.pii import my_number_ok
from engram.language.ko.pii import kr_rrn_checksum_ok, kr_rrn_plausible
from engram.language.pii import MaskResult, find_pii, luhn_ok, mask_pii
from engram.language.zh.pii import tw_id_ok

# --------------------------------------------------------------------------- checksums


def test_luhn() -> None:
    assert luhn_ok("4111111111111111")
    assert luhn_ok("378282246310005")
    assert not luhn_ok("4111111111111112")
    assert not luhn_ok("4111-1111")


def test_tw_id_checksum() -> None:
    assert tw_id_ok("A123456789")
    assert tw_id_ok("AA00000009") and not tw_id_ok("AA00000008")  # old-format resident certificate
    assert not tw_id_ok("AE00000009")  # old format: second letter A-D only
    assert tw_id_ok("a123456789")  # typed in lower case
    assert not tw_id_ok("A123456788")
    assert not tw_id_ok("A323456789")  # second digit must be 1/2 (or 8/9 for residents)


def test_my_number_check_digit() -> None:
    assert my_number_ok("123456789018")
    assert not my_number_ok("123456789012")
    assert not my_number_ok("12345678901")


def test_kr_rrn_checksum_and_plausibility() -> None:
    assert kr_rrn_checksum_ok("8503151234566")
    assert not kr_rrn_checksum_ok("8503151234567")
    assert kr_rrn_plausible("8503151234567")  # date + gender digit fine, checksum irrelevant
    assert not kr_rrn_plausible("8513151234567")  # month 13
    assert not kr_rrn_plausible("0502301234567")  # 30 February
    assert not kr_rrn_plausible("8503159234567")  # gender/century digit 9 (1800s)


def test_ssn_ranges() -> None:
    assert ssn_ok("123", "45", "6789")
    for area, group, serial in [
        ("000", "12", "3456"),
        ("666", "12", "3456"),
        ("912", "12", "3456"),
        ("123", "00", "4567"),
        ("123", "45", "0000"),
    ]:
        assert not ssn_ok(area, group, serial)


# --------------------------------------------------------------------------- positives

POSITIVES: list[tuple[str, str, str]] = [
    # e-mail
    ("my email is john.doe+x@example.co.uk ok", "email", "[EMAIL]"),
    ("我的信箱是amy_chen@gmail.com", "email", "[EMAIL]"),
    ("メールはtaro@example.jpです", "email", "[EMAIL]"),
    ("이메일은 minsu@naver.com 이에요", "email", "[EMAIL]"),
    ("ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ", "email", "[EMAIL]"),  # full-width
    # phones
    ("call me at +886 912 345 678", "phone", "[PHONE]"),
    ("Call (415) 555-2671 tonight", "phone", "[PHONE]"),
    ("my number is 415.555.2671", "phone", "[PHONE]"),
    ("+1 415-555-2671", "phone", "[PHONE]"),
    ("我的手機是0912-345-678", "phone", "[PHONE]"),
    ("手機0912345678", "phone", "[PHONE]"),
    ("電話０９１２－３４５－６７８", "phone", "[PHONE]"),  # full-width digits and dashes
    ("家裡電話(02)2345-6789", "phone", "[PHONE]"),
    ("携帯は090-1234-5678です", "phone", "[PHONE]"),
    ("携帯は090ー1234ー5678です", "phone", "[PHONE]"),  # long-vowel mark typed as a dash
    ("自宅は03-1234-5678", "phone", "[PHONE]"),
    ("+81-90-1234-5678", "phone", "[PHONE]"),
    ("제 번호는 010-1234-5678이에요", "phone", "[PHONE]"),
    ("+82 10 1234 5678로 연락", "phone", "[PHONE]"),
    ("사무실 02-123-4567", "phone", "[PHONE]"),
    ("電話：02-2345-6789 分機 123", "phone", "[PHONE]"),  # a label's colon touching the number
    ("携帯：080-1234-5678", "phone", "[PHONE]"),
    ("Tel:0912-345-678", "phone", "[PHONE]"),
    ("Phone:415-555-2671", "phone", "[PHONE]"),
    ("電話は03(1234)5678まで", "phone", "[PHONE]"),  # JP: the local exchange in parentheses
    ("携帯 090.1234.5678", "phone", "[PHONE]"),
    ("폰 010.1234.5678", "phone", "[PHONE]"),
    ("+886912345678", "phone", "[PHONE]"),  # after "+" never an id, even when a check digit fits
    # payment cards (Luhn-valid)
    ("card 4111 1111 1111 1111 please", "card", "[CARD]"),
    ("信用卡5500-0000-0000-0004", "card", "[CARD]"),
    ("カード番号は378282246310005です", "card", "[CARD]"),
    ("카드 4111-1111-1111-1111", "card", "[CARD]"),
    # national ids
    ("身分證字號A123456789", "national_id_tw", "[ID]"),
    ("my Taiwan ID is a123456789", "national_id_tw", "[ID]"),
    ("居留證號碼 A800000014", "national_id_tw", "[ID]"),  # new-format resident certificate
    ("居留證 AA00000009", "national_id_tw", "[ID]"),  # old format: two letters, still carried
    ("マイナンバーは1234 5678 9018です", "national_id_jp", "[ID]"),
    ("マイナンバー123456789018", "national_id_jp", "[ID]"),
    ("주민등록번호 850315-1234566", "national_id_kr", "[ID]"),
    ("주민번호 850315-1234567", "national_id_kr", "[ID]"),  # checksum fails: post-2020-10 style, still masked
    ("주민번호 8503151234566", "national_id_kr", "[ID]"),  # bare digits: checksum passes
    ("SSN 123-45-6789", "national_id_us", "[ID]"),
    ("my social security number is 123456789", "national_id_us", "[ID]"),
    # addresses
    ("我住在台北市大安區忠孝東路四段100號5樓", "address", "[ADDRESS]"),
    ("寄到106台北市大安區復興南路一段390巷2弄5號", "address", "[ADDRESS]"),
    ("地址是高雄市前鎮區中山二路2號", "address", "[ADDRESS]"),
    ("東京都渋谷区神南1-2-3に住んでいます", "address", "[ADDRESS]"),
    ("大阪府大阪市北区梅田1丁目2番3号", "address", "[ADDRESS]"),
    ("〒150-0041", "address", "[ADDRESS]"),
    ("서울특별시 강남구 테헤란로 123에 살아요", "address", "[ADDRESS]"),
    ("경기도 성남시 분당구 판교역로 235", "address", "[ADDRESS]"),
    ("I live at 123 Main St, Apt 4B, Springfield, IL 62704.", "address", "[ADDRESS]"),
    ("Send it to 742 Evergreen Terrace please", "address", "[ADDRESS]"),
]


@pytest.mark.parametrize(("text", "flag", "placeholder"), POSITIVES)
def test_positive(text: str, flag: str, placeholder: str) -> None:
    result = mask_pii(text)
    assert flag in result.flags, result
    assert placeholder in result.text
    assert result.count >= 1


def test_address_span_excludes_leading_verb() -> None:
    assert mask_pii("我住在台北市大安區忠孝東路四段100號5樓").text == "我住在[ADDRESS]"
    assert mask_pii("東京都渋谷区神南1-2-3に住んでいます").text == "[ADDRESS]に住んでいます"
    assert mask_pii("서울특별시 강남구 테헤란로 123에 살아요").text == "[ADDRESS]에 살아요"
    assert mask_pii("I live at 123 Main St, Apt 4B, Springfield, IL 62704.").text == "I live at [ADDRESS]."


def test_rest_of_text_is_kept_verbatim() -> None:
    text = "ＯＫ，我的電話是０９１２３４５６７８，謝謝！"
    assert mask_pii(text).text == "ＯＫ，我的電話是[PHONE]，謝謝！"


def test_several_kinds_sorted_flags_and_count() -> None:
    result = mask_pii("Mail a@b.com, call 0912-345-678, card 4111 1111 1111 1111, ID A123456789, a@b.com")
    assert result.flags == ["card", "email", "national_id_tw", "phone"]
    assert result.count == 5
    assert result.text == "Mail [EMAIL], call [PHONE], card [CARD], ID [ID], [EMAIL]"


def test_nothing_to_mask() -> None:
    assert mask_pii("hello") == MaskResult(text="hello", flags=[], count=0)
    assert mask_pii("") == MaskResult(text="", flags=[], count=0)


def test_find_pii_spans_are_ordered_and_disjoint() -> None:
    spans = find_pii("A123456789 and 0912-345-678")
    assert [flag for _, _, flag in spans] == ["national_id_tw", "phone"]
    assert spans[0][1] <= spans[1][0]


# --------------------------------------------------------------------------- negatives

NEGATIVES: list[str] = [
    # cards failing Luhn, and a digit run that must not be cut into a 12-digit "My Number"
    "card 4111 1111 1111 1112",
    "4111-1111-1111-1112",
    "卡號 5500 0000 0000 0005",
    # ids failing checksum / ranges / dates
    "身分證A123456788",
    "マイナンバー123456789012",
    "주민번호 851332-1234567",  # month 13
    "주민번호 8503151234567",  # bare 13 digits, checksum fails
    "SSN 666-12-3456",
    "SSN 000-12-3456",
    "SSN 912-12-3456",
    "SSN 123-00-4567",
    # dates, times, years
    "On 2024-01-15 at 10:30 I felt better",
    "2024/03/15 14:00 回診",
    "昨日は2024年3月15日でした",
    "I was born in 1985",
    "1985年生まれです",
    "2023년 12월 25일 오후 3시 30분",
    "Order 20240115 arrived",
    "03-15 check",
    "On 01-15-2024 10 people came",  # a date followed by a number is not a phone number
    "On 01.15.2024 10 people came",
    "09:00-17:00 open",
    "ratio 12:0912345678",  # a colon after a digit is a time or a ratio, not a label
    "IP 10.0.12.345",
    "居留證 AA00000008",  # old-format certificate, checksum fails
    # dosages and readings
    "I took 500mg of metformin at 08:00",
    "SpO2 92%",
    "血氧 92，血壓 130/85，體重 65.5 公斤",
    "血圧140/90、体温37.5度",
    "아침 8시 30분에 약 2알, 산소포화도 92%",
    "血糖 126 mg/dL",
    "Take 2 tablets 3 times a day for 10 days",
    # amounts
    "It cost NT$12,000 and ¥3,000",
    "₩50,000원 냈어요",
    "$1,250.00",
    # coarse locations are not addresses
    "我住在台北",
    "東京に住んでいます",
    "서울에 살아요",
    "I walked 3 miles on Main Street",
    "I live in Springfield",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_negative(text: str) -> None:
    result = mask_pii(text)
    assert result.count == 0, result
    assert result.text == text


def test_a_document_full_of_pii_masks_in_linear_time() -> None:
    # A 1 MB knowledge-base document with ~20k spans: choosing disjoint spans used to be
    # quadratic (about 20 s here); a bisect keeps it to the regex passes.
    import time

    line = "Call (415) 555-2671 or mail help@clinic.org. 電話02-2345-6789。 Take 500mg at 08:00.\n"
    text = line * (1_000_000 // len(line.encode()))
    started = time.process_time()  # this process's CPU: a loaded machine does not count
    result = mask_pii(text)
    assert time.process_time() - started < 8.0
    assert result.count == 3 * text.count("\n")
    assert "555-2671" not in result.text and "help@clinic.org" not in result.text
