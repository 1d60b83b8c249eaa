"""Words shaped like a medicine's name, in four scripts, by the WHO's INN stems.

A generic medicine's international name ends in a stem that says its class: escitalopr-am,
atorva-statin, losar-tan, metopro-lol, omepra-zole, zolpi-dem. The stems are a closed, published
list (WHO, "The use of stems in the selection of INNs"), and Japanese, Korean and Chinese write the
same names with the same endings in katakana, hangul and Han (エスシタロプラム, 에스시탈로프람,
艾司西酞普蘭). So a word ending in one names a medicine though no rule lists it: "day 10 on
escitalopram", "ロスバスタチン飲み始めた", "졸피뎀 처방받아 먹는 중", "醫生開了阿托伐他汀".

Only stems long enough not to end everyday words are kept (not -ine, -ol, -one), each with a
few letters before it; brand names (Symbicort, 普拿疼) have no stem and stay with the rules that
name medicine by what surrounds it (a dose, an inhaler, a prescription, a condition treated).
"""

from __future__ import annotations

import re

# Latin stems (lower case), each a class of medicine.
_LATIN_STEMS = (
    "pram|oxetine|traline|azepam|zolam|pidem|zopiclone|statin|pril|sartan|olol|dipine|prazole|tidine|mycin"
    "|micin|cillin|floxacin|cycline|clovir|navir|previr|buvir|mab|tinib|formin|gliptin|gliflozin|glutide"
    "|triptan|afil|dronate|semide|thiazide|(?:me|mo|ca|bu)terol|tropium|sonide|olone|methasone|lukast|parin"
    "|xaban|gatran|profen|coxib|tadine|setron|conazole|apine|peridone|barbital|pramine|triptyline|fenac|glinide"
)
# Katakana: the same stems as Japanese writes them.
_KATAKANA_STEMS = (
    "プラム|オキセチン|トラリン|アゼパム|ゼパム|ゾラム|ピデム|ゾピクロン|スタチン|(?<!エイ)プリル|サルタン|(?:プロ|ノ|ジ|ボ)ロール|ジピン"
    "|プラゾール|チジン|マイシン|シリン|フロキサシン|サイクリン|クロビル|ナビル|マブ|チニブ|ニブ|ホルミン"
    "|グリプチン|グリフロジン|グルチド|トリプタン|ナフィル|ドロン酸|セミド|チアジド|(?:メ|モ|カ)テロール|トロピウム"
    "|ソニド|メタゾン|ルカスト|パリン|キサバン|ガトラン|プロフェン|コキシブ|タジン|セトロン|コナゾール|(?<!ヘ)アピン"
    "|ペリドン|バルビタール|ラミド|チアピン|ザピン|プラミン|トリプチリン|フェナク|グリニド"
)
# Hangul: as Korean writes them.
_HANGUL_STEMS = (
    "프람|옥세틴|트랄린|아제팜|제팜|졸람|피뎀|조피클론|스타틴|프릴|사르탄|살탄|(?:프롤|놀|딜|볼)롤|디핀|프라졸|티딘"
    "|마이신|실린|플록사신|사이클린|클로비르|나비르|티닙|포르민|글립틴|글리플로진|글루티드|트립탄|나필|드로네이트"
    "|세미드|티아지드|(?:메|모|카)테롤|트로피움|소니드|메타손|루카스트|파린|사반|가트란|프로펜|콕시브|타딘|세트론"
    "|코나졸|아핀|페리돈|바르비탈|(?<!피)라미드|티아핀|자핀|프라민|트립틸린|페낙|글리니드"
)
# Han: the stems as the Chinese names carry them (他汀 statin, 沙坦 sartan, 洛爾 olol, 拉唑 prazole ...).
_HAN_STEMS = (
    "普蘭|普兰|西汀|曲林|西泮|唑侖|唑仑|吡坦|他汀|普利|沙坦|洛爾|洛尔|地平(?![線线面])|拉唑|替丁|黴素|霉素|西林|沙星|環素|环素"
    "|昔韋|昔韦|那韋|那韦|單抗|单抗|替尼|雙胍|双胍|格列汀|格列淨|格列净|魯肽|鲁肽|曲坦|那非|膦酸|塞米|噻嗪|特羅"
    "|特罗|溴銨|溴铵|奈德|米松|(?<=魯|鲁)司特|肝素|沙班|洛芬|昔布|他定|司瓊|司琼|康唑|哌酮|培酮|比妥|格列奈"
)

# A word ending in a stem: some letters before it, none after (the name is whole).
LATIN_DRUG = r"(?<![A-Za-z])[A-Za-z]{2,}(?:" + _LATIN_STEMS + r")(?![A-Za-z])"
KATAKANA_DRUG = r"(?<![ァ-ヶー])[ァ-ヶー]{1,12}(?:" + _KATAKANA_STEMS + r")(?![ァ-ヶー])"
# ... a particle may follow a Korean one ("졸피뎀을 먹어")
HANGUL_DRUG = r"(?<![가-힣])[가-힣]{1,10}(?:" + _HANGUL_STEMS + r")(?=(?:을|를|은|는|도|이|가|으로|로|에)?(?![가-힣]))"
HAN_DRUG = r"[\u4e00-\u9fff]{1,6}?(?:" + _HAN_STEMS + r")"

_ANY = re.compile("|".join((LATIN_DRUG, KATAKANA_DRUG, HANGUL_DRUG, HAN_DRUG)), re.IGNORECASE)


def names_a_medicine(text: str) -> bool:
    """True when a word of `text` is shaped like a medicine's international name."""
    return _ANY.search(text) is not None
