"""Retrieval and full-context latency for a user with 10,000 memories, next to the index floor.

    .venv/bin/python benchmarks/retrieval_latency.py [--docs 10000] [--queries 240] [--embed-all] [--json PATH]

Setup: one user with `--docs` memories (facts, preferences, rounds ... in en / zh / ja / ko,
generated from templates, spread over two years) in an on-disk LocalIndex (384-d, the local
embedder's size) plus other users' documents, and a few hundred of the user's records, the
profile with pinned facts and a session with recent rounds in DynamoDB Local.

Vectors: by default `--distinct` texts are embedded with the local embedder (passage side)
and every other document reuses the vector of an embedded text of the same template and
language, perturbed by Gaussian noise and re-normalised; `--embed-all` embeds every text
(~3-5 min for 10,000 on 2 cores).

Measured, after a warm-up, over the same queries:
- retrieval: HybridRetriever.search with the query vector precomputed (no embedding call);
- context: ConversationService.context (session load, gate forced to USE, profile read,
  query embedding, retrieval, prompt assembly); the post-turn queue (access boosts) is
  drained between requests, outside the timed region, as its worker runs elsewhere in AWS;
- floor: the bare LocalIndex.search_text + search_vector calls the retriever makes.
Targets: retrieval p95 <= 50 ms, context p95 <= 80 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from _report import machine, print_table, summary, write_json
from engram.adapters.dynamodb.connection import TableConfig
from engram.adapters.dynamodb.tables import ensure_table
from engram.adapters.embedders.local import DIMENSIONS
from engram.adapters.local_index import LocalIndex
from engram.conversation.gate import MemoryGate
from engram.conversation.models import GateDecision, GateResult
from engram.kernel.keys import OwnerKey, SessionKey
from engram.language.analysis import detect_language
from engram.local.dynamodb_local import DynamoDBLocal, local_aws_env
from engram.memory.models import IndexDocument, MemoryRecord, MemoryType, Namespace, SearchFilter
from engram.settings import Settings
from engram.wiring import build_container

TENANT, USER, PERSONA = "bench", "user-10k", "p"
DAY = 86_400.0

# --------------------------------------------------------------------------- texts

SLOTS: dict[str, dict[str, list[str]]] = {
    "en": {
        "rel": ["cousin", "sister", "brother", "daughter", "son", "neighbour", "boss", "aunt", "uncle", "best friend"],
        "name": ["Mia", "Leo", "Hana", "Ken", "Sofia", "Arjun", "Chloe", "Diego", "Yuki", "Omar", "Ines", "Tom"],
        "food": ["ramen", "kimchi stew", "oatmeal", "sushi", "dumplings", "green curry", "bagels", "pho", "tacos"],
        "meal": ["breakfast", "lunch", "dinner", "a late snack"],
        "place": ["Kyoto", "Taipei", "Busan", "Lisbon", "the lake", "Hokkaido", "the night market", "Jeju", "Vienna"],
        "adj": ["relaxing", "exhausting", "amazing", "too crowded", "freezing", "unforgettable"],
        "pet": ["cat", "dog", "parrot", "rabbit", "goldfish", "hamster"],
        "job": ["nurse", "teacher", "data analyst", "chef", "architect", "bus driver", "pharmacist"],
        "thing": ["loud music", "cilantro", "crowded trains", "horror movies", "cold coffee", "early meetings"],
        "skill": ["piano", "Japanese", "pottery", "swimming", "chess", "watercolour", "Korean"],
        "med": ["an inhaler", "vitamin D", "blood pressure pills", "eye drops", "allergy tablets"],
        "month": ["January", "March", "May", "July", "September", "November", "December"],
    },
    "zh": {
        "rel": ["表哥", "姐姐", "弟弟", "女兒", "兒子", "鄰居", "老闆", "阿姨", "叔叔", "好朋友"],
        "name": ["小美", "阿明", "志豪", "怡君", "家豪", "雅婷", "俊傑", "淑芬", "建宏"],
        "food": ["牛肉麵", "滷肉飯", "小籠包", "珍珠奶茶", "蛋餅", "臭豆腐", "火鍋", "豆花"],
        "meal": ["早餐", "午餐", "晚餐", "宵夜"],
        "place": ["花蓮", "墾丁", "日月潭", "九份", "阿里山", "淡水", "台南", "宜蘭"],
        "adj": ["放鬆", "累", "開心", "擠", "冷", "難忘"],
        "pet": ["貓", "狗", "鸚鵡", "兔子", "金魚", "倉鼠"],
        "job": ["護理師", "老師", "工程師", "廚師", "建築師", "司機", "藥師"],
        "thing": ["吵雜的音樂", "香菜", "擁擠的捷運", "恐怖片", "冷咖啡", "早上開會"],
        "skill": ["鋼琴", "日文", "陶藝", "游泳", "圍棋", "水彩", "韓文"],
        "med": ["吸入器", "維他命D", "降血壓藥", "眼藥水", "過敏藥"],
        "month": ["一月", "三月", "五月", "七月", "九月", "十一月", "十二月"],
    },
    "ja": {
        "rel": ["いとこ", "姉", "弟", "娘", "息子", "隣の人", "上司", "叔母", "叔父", "親友"],
        "name": ["さくら", "健太", "美咲", "翔太", "陽菜", "大輔", "結衣", "拓也"],
        "food": ["ラーメン", "お寿司", "納豆ご飯", "カレー", "うどん", "お好み焼き", "天ぷら", "味噌汁"],
        "meal": ["朝ごはん", "昼ごはん", "晩ごはん", "夜食"],
        "place": ["京都", "北海道", "沖縄", "箱根", "奈良", "金沢", "福岡", "日光"],
        "adj": ["楽しかった", "疲れた", "最高だった", "混んでいた", "寒かった", "忘れられない"],
        "pet": ["猫", "犬", "インコ", "うさぎ", "金魚", "ハムスター"],
        "job": ["看護師", "先生", "エンジニア", "料理人", "建築家", "運転手", "薬剤師"],
        "thing": ["うるさい音楽", "パクチー", "満員電車", "ホラー映画", "冷めたコーヒー", "朝の会議"],
        "skill": ["ピアノ", "英語", "陶芸", "水泳", "将棋", "水彩画", "韓国語"],
        "med": ["吸入器", "ビタミンD", "血圧の薬", "目薬", "アレルギーの薬"],
        "month": ["一月", "三月", "五月", "七月", "九月", "十一月", "十二月"],
    },
    "ko": {
        "rel": ["사촌", "언니", "남동생", "딸", "아들", "이웃", "상사", "이모", "삼촌", "친한 친구"],
        "name": ["지민", "서연", "민준", "하은", "도윤", "수빈", "예준", "지우"],
        "food": ["김치찌개", "비빔밥", "떡볶이", "불고기", "냉면", "삼겹살", "김밥", "된장찌개"],
        "meal": ["아침", "점심", "저녁", "야식"],
        "place": ["부산", "제주도", "경주", "강릉", "전주", "속초", "여수", "춘천"],
        "adj": ["편안했어요", "피곤했어요", "최고였어요", "붐볐어요", "추웠어요", "잊을 수 없어요"],
        "pet": ["고양이", "강아지", "앵무새", "토끼", "금붕어", "햄스터"],
        "job": ["간호사", "선생님", "엔지니어", "요리사", "건축가", "버스 기사", "약사"],
        "thing": ["시끄러운 음악", "고수", "붐비는 지하철", "공포 영화", "식은 커피", "아침 회의"],
        "skill": ["피아노", "일본어", "도예", "수영", "바둑", "수채화", "영어"],
        "med": ["흡입기", "비타민D", "혈압약", "안약", "알레르기약"],
        "month": ["1월", "3월", "5월", "7월", "9월", "11월", "12월"],
    },
}

# (memory type, template); {n} is a small number that keeps texts distinct.
TEMPLATES: dict[str, list[tuple[MemoryType, str]]] = {
    "en": [
        (MemoryType.PROFILE, "My {rel}'s name is {name}."),
        (MemoryType.PREFERENCE, "I usually have {food} for {meal}, about {n} times a month."),
        (MemoryType.TIMELINE, "We went to {place} in {month} and it was {adj}."),
        (MemoryType.FACT, "I have a {pet} called {name} who is {n} years old."),
        (MemoryType.FACT, "I work as a {job}; my {rel} helped me find the job {n} years ago."),
        (MemoryType.PREFERENCE, "I can't stand {thing}, especially after {n} pm."),
        (MemoryType.NOTE, "I've been learning {skill} for {n} months with my {rel}."),
        (MemoryType.CONSTRAINT, "I take {med} every morning, {n} mg since {month}."),
        (MemoryType.TODO, "Remind me to call my {rel} {name} about the trip to {place} on day {n}."),
        (MemoryType.DECISION, "We decided to visit {place} again in {month} with {name}."),
    ],
    "zh": [
        (MemoryType.PROFILE, "我的{rel}叫{name}。"),
        (MemoryType.PREFERENCE, "我{meal}常吃{food}，一個月大概{n}次。"),
        (MemoryType.TIMELINE, "我們{month}去了{place}，覺得很{adj}。"),
        (MemoryType.FACT, "我養了一隻{pet}叫{name}，今年{n}歲。"),
        (MemoryType.FACT, "我在醫院當{job}，是{rel}{n}年前介紹的。"),
        (MemoryType.PREFERENCE, "我受不了{thing}，尤其是晚上{n}點以後。"),
        (MemoryType.NOTE, "我跟{rel}一起學{skill}已經{n}個月了。"),
        (MemoryType.CONSTRAINT, "我每天早上吃{med}，從{month}開始，每次{n}毫克。"),
        (MemoryType.TODO, "提醒我{n}號打電話給{rel}{name}討論去{place}的事。"),
        (MemoryType.DECISION, "我們決定{month}再和{name}去一次{place}。"),
    ],
    "ja": [
        (MemoryType.PROFILE, "私の{rel}の名前は{name}です。"),
        (MemoryType.PREFERENCE, "{meal}はだいたい{food}で、月に{n}回くらいです。"),
        (MemoryType.TIMELINE, "{month}に{place}へ行って、{adj}。"),
        (MemoryType.FACT, "{name}という{pet}を飼っていて、{n}歳です。"),
        (MemoryType.FACT, "{job}として働いていて、{n}年前に{rel}が紹介してくれました。"),
        (MemoryType.PREFERENCE, "{thing}が苦手で、特に夜{n}時以降はだめです。"),
        (MemoryType.NOTE, "{rel}と一緒に{skill}を{n}か月習っています。"),
        (MemoryType.CONSTRAINT, "毎朝{med}を使っていて、{month}から{n}ミリグラムです。"),
        (MemoryType.TODO, "{n}日に{rel}の{name}に{place}旅行のことで電話するのを思い出させて。"),
        (MemoryType.DECISION, "{month}に{name}ともう一度{place}へ行くことにしました。"),
    ],
    "ko": [
        (MemoryType.PROFILE, "제 {rel} 이름은 {name}이에요."),
        (MemoryType.PREFERENCE, "{meal}에는 보통 {food}을 먹어요, 한 달에 {n}번 정도요."),
        (MemoryType.TIMELINE, "{month}에 {place}에 갔는데 {adj}."),
        (MemoryType.FACT, "{name}라는 {pet}를 키우고 있고 {n}살이에요."),
        (MemoryType.FACT, "저는 {job}로 일하고, {n}년 전에 {rel}가 소개해 줬어요."),
        (MemoryType.PREFERENCE, "{thing}은 정말 싫어요, 특히 밤 {n}시 이후에는요."),
        (MemoryType.NOTE, "{rel}랑 같이 {skill}를 {n}개월째 배우고 있어요."),
        (MemoryType.CONSTRAINT, "매일 아침 {med}을 써요, {month}부터 {n}mg이에요."),
        (MemoryType.TODO, "{n}일에 {rel} {name}에게 {place} 여행 때문에 전화하라고 알려 줘."),
        (MemoryType.DECISION, "{month}에 {name}랑 {place}에 다시 가기로 했어요."),
    ],
}

QUESTIONS: dict[str, list[str]] = {
    "en": [
        "What's my {rel}'s name again?",
        "What do I usually eat for {meal}?",
        "When did we go to {place}, and how was it?",
        "Do you remember my {pet}?",
        "What medicine do I take in the morning?",
        "What was I learning with my {rel}?",
        "Did I tell you what I can't stand?",
        "What did we decide about {place}?",
    ],
    "zh": [
        "我{rel}叫什麼名字？",
        "我{meal}通常吃什麼？",
        "我們什麼時候去{place}的？",
        "你記得我的{pet}嗎？",
        "我每天早上吃什麼藥？",
        "我跟{rel}在學什麼？",
        "我受不了什麼？",
        "我們對{place}做了什麼決定？",
    ],
    "ja": [
        "私の{rel}の名前は何でしたっけ？",
        "{meal}はいつも何を食べていますか？",
        "{place}にはいつ行きましたか？",
        "私の{pet}のこと覚えていますか？",
        "毎朝何の薬を使っていますか？",
        "{rel}と何を習っていましたか？",
        "私が苦手なものは何でしたか？",
        "{place}について何を決めましたか？",
    ],
    "ko": [
        "제 {rel} 이름이 뭐였죠?",
        "제가 {meal}에 보통 뭘 먹어요?",
        "우리 {place}에 언제 갔었죠?",
        "제 {pet} 기억나요?",
        "제가 아침마다 무슨 약을 써요?",
        "{rel}랑 뭘 배우고 있었죠?",
        "제가 싫어하는 게 뭐였죠?",
        "{place}에 대해 뭘 결정했죠?",
    ],
}
LANG_WEIGHTS = {"en": 0.4, "zh": 0.25, "ja": 0.2, "ko": 0.15}


def fill(template: str, lang: str, rng: random.Random) -> str:
    values = {slot: rng.choice(options) for slot, options in SLOTS[lang].items()}
    return template.format(n=rng.randint(1, 60), **values)


def pick_lang(rng: random.Random) -> str:
    return rng.choices(list(LANG_WEIGHTS), weights=list(LANG_WEIGHTS.values()))[0]


def make_texts(rng: random.Random, n: int) -> list[tuple[str, int, MemoryType, str]]:
    """n distinct (language, template number, type, text)."""
    seen: set[str] = set()
    out: list[tuple[str, int, MemoryType, str]] = []
    while len(out) < n:
        lang = pick_lang(rng)
        t = rng.randrange(len(TEMPLATES[lang]))
        kind, template = TEMPLATES[lang][t]
        text = fill(template, lang, rng)
        if rng.random() < 0.3:  # some longer memories: two facts in one
            text += " " + fill(rng.choice(TEMPLATES[lang])[1], lang, rng)
        if text not in seen:
            seen.add(text)
            out.append((lang, t, kind, text))
    return out


# Questions after a value one holds one at a time (language/answer_slots.py), four languages.
SLOT_QUESTIONS = [
    "Where do I work these days?",
    "Which city do I live in?",
    "我現在在哪裡上班？",
    "我住哪裡？",
    "今どこに住んでるんだっけ？",
    "今どこで働いてるんだっけ？",
    "요즘 어디서 일해?",
    "지금 사는 곳이 어디야?",
]


def make_queries(rng: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        lang = pick_lang(rng)
        out.append(fill(rng.choice(QUESTIONS[lang]), lang, rng))
    return out


# --------------------------------------------------------------------------- vectors


def embed_vectors(
    embed: Callable[[list[str]], npt.NDArray[np.float32]],
    texts: list[tuple[str, int, MemoryType, str]],
    distinct: int,
    embed_all: bool,
    rng: np.random.Generator,
    noise: float,
) -> tuple[npt.NDArray[np.float32], str]:
    if embed_all or distinct >= len(texts):
        return embed([t[3] for t in texts]), f"all {len(texts)} texts embedded"
    groups: dict[tuple[str, int], list[int]] = {}
    for i, (lang, t, _, _) in enumerate(texts):
        groups.setdefault((lang, t), []).append(i)
    per_group = max(1, distinct // len(groups))
    chosen = [i for members in groups.values() for i in members[:per_group]]
    base = embed([texts[i][3] for i in chosen])
    out = np.empty((len(texts), DIMENSIONS), dtype=np.float32)
    out[chosen] = base
    by_group = {key: [chosen.index(i) for i in members[:per_group]] for key, members in groups.items()}
    done = set(chosen)
    for i, (lang, t, _, _) in enumerate(texts):
        if i in done:
            continue
        v = base[rng.choice(by_group[(lang, t)])] + rng.normal(0, noise, DIMENSIONS).astype(np.float32)
        out[i] = v / np.linalg.norm(v)
    return out, (
        f"{len(chosen)} distinct texts embedded ({per_group} per template and language); the other "
        f"{len(texts) - len(chosen)} reuse one of their group's vectors + N(0, {noise}) noise, re-normalised"
    )


# --------------------------------------------------------------------------- documents


def documents(
    texts: list[tuple[str, int, MemoryType, str]],
    vectors: npt.NDArray[np.float32],
    user: str,
    now: float,
    rng: random.Random,
) -> list[IndexDocument]:
    docs = []
    for i, ((_lang, _, kind, text), vec) in enumerate(zip(texts, vectors, strict=True)):
        created = now - rng.uniform(0, 730) * DAY
        is_round = rng.random() < 0.3
        docs.append(
            IndexDocument(
                doc_id=f"{'rnd' if is_round else 'mem'}-{user}-{i:05d}",
                tenant_id=TENANT,
                user_id=user,
                persona_id=PERSONA if rng.random() < 0.9 else "other",
                namespace=Namespace.ROUND.value if is_round else Namespace.MEMORY.value,
                type=MemoryType.NOTE.value if is_round else kind.value,
                status="active" if rng.random() < 0.95 else "archived",
                text=text,
                vector=vec.tolist(),
                own_vector=vec.tolist() if is_round else None,  # rounds keep their own words' vector too
                importance=round(rng.uniform(0.2, 0.95), 3),
                created_at=created,
                updated_at=created,
                expires_at=created + 180 * DAY if is_round else None,
                access_count=rng.choice([0, 0, 0, 1, 2, 5]),
                topics=[],
                source_ids=[f"s{rng.randrange(400)}:1:{rng.randrange(1, 60)}"],
                pinned=False,
                version=1,  # as stored records are (a version-0 document is never cached by id)
            )
        )
    return docs


def to_record(doc: IndexDocument, pinned: bool) -> MemoryRecord:
    return MemoryRecord(
        memory_id=doc.doc_id,
        tenant_id=doc.tenant_id,
        user_id=doc.user_id,
        persona_id=doc.persona_id,
        type=MemoryType(doc.type),
        content=doc.text,
        importance=doc.importance,
        created_at=doc.created_at,
        updated_at=doc.updated_at,
        namespace=Namespace(doc.namespace),
        embedding=doc.vector,
        source_turn_ids=list(doc.source_ids),
        pinned=pinned,
        language=detect_language(doc.text),
        expires_at=doc.expires_at,
    )


class AlwaysUse(MemoryGate):
    """The gate says USE for every message, so every context request runs retrieval."""

    def __init__(self) -> None:
        super().__init__(classifier=None)  # type: ignore[arg-type]

    def decide(self, text: str) -> GateResult:
        return GateResult(GateDecision.USE, "bench", detect_language(text))


class Stages:
    """Times named calls inside a context request (wrappers on the instances; ~1 µs each)."""

    def __init__(self) -> None:
        self.active = False
        self.current: dict[str, float] = {}
        self.samples: dict[str, list[float]] = {}

    def wrap(self, obj: Any, name: str, label: str) -> None:
        original = getattr(obj, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if not self.active:
                return original(*args, **kwargs)
            t0 = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.current[label] = self.current.get(label, 0.0) + (time.perf_counter() - t0) * 1000

        setattr(obj, name, wrapper)

    def start(self) -> None:
        self.active, self.current = True, {}

    def stop(self, total_ms: float, keep: bool) -> None:
        self.active = False
        if not keep:
            return
        c = self.current
        # The prompt's slot embeds the question itself and hands the vector to search,
        # so the two stages do not nest.
        known = ("store.load", "profiles.get", "embedder.embed", "retriever.search", "assembler.assemble")
        c["other (gate, service, access-boost enqueue)"] = total_ms - sum(c.get(k, 0.0) for k in known)
        for label, ms in c.items():
            self.samples.setdefault(label, []).append(ms)


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=int, default=10_000, help="memories of the measured user")
    parser.add_argument("--other-users", type=int, default=5)
    parser.add_argument("--other-docs", type=int, default=1_000, help="documents per other user")
    parser.add_argument("--ddb-records", type=int, default=300, help="the user's records written to DynamoDB Local")
    parser.add_argument("--pinned", type=int, default=12, help="pinned facts in the profile")
    parser.add_argument("--queries", type=int, default=240)
    parser.add_argument("--slot-queries", type=int, default=48, help="questions after a one-at-a-time value")
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--distinct", type=int, default=400, help="texts actually embedded (see --embed-all)")
    parser.add_argument("--embed-all", action="store_true", help="embed every text (slow)")
    parser.add_argument("--noise", type=float, default=0.02, help="per-dimension std of the vector perturbation")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    rng = random.Random(args.seed)
    nprng = np.random.default_rng(args.seed)

    ddb = DynamoDBLocal.start()
    os.environ.update(local_aws_env(ddb.endpoint))
    settings = Settings(dynamodb_endpoint=ddb.endpoint, table_name="engram-retrieval-bench", plan="paid")
    ensure_table(TableConfig.from_settings(settings))
    tmp = tempfile.TemporaryDirectory(prefix="engram-retrieval-")
    index = LocalIndex(tmp.name, DIMENSIONS)
    container = build_container(settings, queue_mode="thread", index=index)
    embedder = container.models.embedder
    try:
        now = time.time()
        t0 = time.perf_counter()
        texts = make_texts(rng, args.docs)
        vectors, how = embed_vectors(
            lambda ts: np.asarray(embedder.embed_documents(ts), dtype=np.float32),
            texts, args.distinct, args.embed_all, nprng, args.noise,
        )  # fmt: skip
        embed_s = time.perf_counter() - t0
        print(f"vectors: {how} ({embed_s:.1f} s)", flush=True)
        docs = documents(texts, vectors, USER, now, rng)
        for u in range(args.other_users):  # other users: the filters have to work
            other_texts = make_texts(rng, args.other_docs)
            idx = nprng.integers(0, len(vectors), len(other_texts))
            docs += documents(other_texts, vectors[idx], f"other-{u}", now, rng)
        t0 = time.perf_counter()
        for start in range(0, len(docs), 500):
            index.upsert(docs[start : start + 500])
        print(f"indexed {len(docs)} documents ({time.perf_counter() - t0:.1f} s)", flush=True)

        # DynamoDB: a few hundred of the user's records, the pinned facts in the profile, a session.
        mine = [d for d in docs[: args.docs] if d.persona_id == PERSONA and d.status == "active"]
        pinned = [d for d in mine if d.namespace == Namespace.MEMORY.value][: args.pinned]
        pinned_ids = {d.doc_id for d in pinned}
        for d in mine[: args.ddb_records]:
            container.memories.put_new(to_record(d, d.doc_id in pinned_ids))
        for d in pinned:  # the index carries the pinned flag too
            d.pinned = True
        index.upsert(pinned)
        pins = {d.doc_id: d.text for d in pinned}
        container.profiles.update(TENANT, USER, PERSONA, pin=pins, topics=["family", "food"])
        key = SessionKey(TENANT, USER, PERSONA, "s-latency")
        for i, (_, _, _, text) in enumerate(texts[:8]):
            container.conversation.store.append_turn(key, text, "Got it, I'll remember that.", f"warm-{i}", time.time())

        queries = make_queries(rng, args.queries + args.warmup)
        qvecs = np.asarray(embedder.embed(queries), dtype=np.float32)
        owner = OwnerKey(TENANT, USER)
        retriever = container.retriever
        spaces = (Namespace.MEMORY.value, Namespace.ROUND.value)
        n_cand = settings.retrieval_candidates
        container.conversation.gate = AlwaysUse()
        queue = container.queue

        def retrieval(i: int) -> float:
            return timed(
                lambda: retriever.search(owner, queries[i], persona_id=PERSONA, k=settings.retrieval_top_k,
                                         namespaces=spaces, query_vector=qvecs[i])
            )  # fmt: skip

        def floor(i: int) -> float:
            flt = SearchFilter(TENANT, USER, persona_ids=(PERSONA,), namespaces=spaces, now=time.time())
            vec = list(map(float, qvecs[i]))
            return timed(lambda: (index.search_text(queries[i], flt, n_cand), index.search_vector(vec, flt, n_cand)))

        sizes: list[int] = []
        stages = Stages()
        stages.wrap(container.conversation.store, "load", "store.load")
        stages.wrap(container.profiles, "get", "profiles.get")
        stages.wrap(embedder, "embed", "embedder.embed")
        stages.wrap(retriever, "search", "retriever.search")
        stages.wrap(container.conversation.assembler, "assemble", "assembler.assemble")

        def context(i: int, keep: bool = True) -> float:
            def call() -> None:
                _, _, slot = container.conversation.context(key, queries[i])
                sizes.append(len(slot.items))

            stages.start()
            ms = timed(call)
            stages.stop(ms, keep)
            queue.drain()  # type: ignore[attr-defined]  # access boosts: off the timed path
            return ms

        def context_for(question: str) -> float:
            ms = timed(lambda: container.conversation.context(key, question))
            queue.drain()  # type: ignore[attr-defined]
            return ms

        for i in range(args.warmup):
            retrieval(i), floor(i), context(i, keep=False)
        sizes.clear()
        lat: dict[str, list[float]] = {"retrieval": [], "context": [], "floor": []}
        # Interleaved per query so that background load hits all three alike.
        for i in range(args.warmup, len(queries)):
            lat["floor"].append(floor(i))
            lat["retrieval"].append(retrieval(i))
            lat["context"].append(context(i))
        embed_ms = [timed(lambda q=q: embedder.embed([q])) for q in queries[args.warmup :]]  # type: ignore[misc]
        # A question after a one-at-a-time value (memory/current_answer.py) also places the block's items
        # among the example statements (from their stored vectors, no embedding), next to an ordinary
        # question in the same loop.
        lat["slot_context"], lat["slot_baseline"] = [], []
        for n in range(args.slot_queries):
            lat["slot_baseline"].append(context(args.warmup + n % args.queries, keep=False))
            lat["slot_context"].append(context_for(SLOT_QUESTIONS[n % len(SLOT_QUESTIONS)]))
    finally:
        close = getattr(container.queue, "close", None)
        if close:
            close()
        index.close()
        tmp.cleanup()
        ddb.stop()

    ret, ctx, flo, emb = summary(lat["retrieval"]), summary(lat["context"]), summary(lat["floor"]), summary(embed_ms)
    slot_ctx, slot_base = summary(lat["slot_context"]), summary(lat["slot_baseline"])
    figures = {
        "retrieval_p95_ms": ret["p95"],
        "retrieval_p50_ms": ret["p50"],
        "context_p95_ms": ctx["p95"],
        "context_p50_ms": ctx["p50"],
        "floor_p95_ms": flo["p95"],
        "floor_p50_ms": flo["p50"],
        "query_embedding_p50_ms": emb["p50"],
        "query_embedding_p95_ms": emb["p95"],
        "retrieval_to_floor_p95_ratio": round(ret["p95"] / flo["p95"], 2),
        "context_to_floor_p95_ratio": round(ctx["p95"] / flo["p95"], 2),
        "retrieval": ret,
        "context": ctx,
        "floor": flo,
        "query_embedding": emb,
        "context_stages_ms": {label: summary(v) for label, v in stages.samples.items()},
        "slot_question_context": slot_ctx,
        "slot_question_baseline_context": slot_base,
        "slot_question_context_p95_ms": slot_ctx["p95"],
        "slot_question_to_baseline_p95_ratio": round(slot_ctx["p95"] / max(slot_base["p95"], 1e-9), 2),
        "targets": {"retrieval_p95_ms": 50, "context_p95_ms": 80},
        "setup": {
            "user_docs": args.docs,
            "other_docs": args.other_users * args.other_docs,
            "ddb_records": min(args.ddb_records, len(mine)),
            "pinned": len(pinned),
            "queries": args.queries,
            "warmup": args.warmup,
            "candidates_per_list": n_cand,
            "top_k": settings.retrieval_top_k,
            "mean_memories_in_context": round(sum(sizes) / max(1, len(sizes)), 2),
            "vectors": how,
            "vector_setup_s": round(embed_s, 1),
        },
        "machine": machine(),
    }
    print_table(
        f"Retrieval latency, one user with {args.docs} memories (ms)",
        ["measure", "n", "p50", "p95", "p95 / floor p95", "target p95"],
        [
            ["floor: LocalIndex search_text + search_vector", flo["n"], flo["p50"], flo["p95"], 1.0, "-"],
            ["retrieval: HybridRetriever.search (vector given)", ret["n"], ret["p50"], ret["p95"],
             figures["retrieval_to_floor_p95_ratio"], "<= 50"],
            ["context: ConversationService.context (gate USE)", ctx["n"], ctx["p50"], ctx["p95"],
             figures["context_to_floor_p95_ratio"], "<= 80"],
            ["  of which: query embedding (measured apart)", emb["n"], emb["p50"], emb["p95"], "-", "-"],
            ["context, ordinary question (same loop as below)", slot_base["n"], slot_base["p50"], slot_base["p95"],
             round(slot_base["p95"] / flo["p95"], 2), "-"],
            ["context, one-at-a-time value asked (block placed)", slot_ctx["n"], slot_ctx["p50"],
             slot_ctx["p95"], round(slot_ctx["p95"] / flo["p95"], 2), "-"],
        ],
    )  # fmt: skip
    print_table(
        "Where a context request's time goes (ms per request)",
        ["stage", "p50", "p95", "mean"],
        [[label, v["p50"], v["p95"], v["mean"]] for label, v in figures["context_stages_ms"].items()],
    )
    print(f"\nvectors: {how}\nmachine: {figures['machine']}")
    write_json(args.json_path, figures)


if __name__ == "__main__":
    main()
