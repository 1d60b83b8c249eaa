"""One typed settings schema, read from the environment and validated at cold start.

Every number of SPEC.md is a field here with its SPEC default (ids in comments).
Environment variables use the ENGRAM_ prefix (ENGRAM_RECENT_WINDOW_ROUNDS=8);
OPENAI_API_KEY / OPENAI_BASE_URL are read under their usual names.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import AliasChoices, BaseModel, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from engram.kernel import door_limits
from engram.kernel.ids import ID_PATTERN


class LineChannelConfig(BaseModel):
    id: str = Field(pattern=ID_PATTERN.pattern, description="The webhook URL's last segment")
    tenant: str = Field(pattern=ID_PATTERN.pattern)
    persona: str = Field(pattern=ID_PATTERN.pattern)
    language: str = "zh-TW"  # what the bot answers in before it has heard the user
    secret_arn: str | None = None  # Secrets Manager: {"channel_secret", "channel_access_token"}
    # W4: an unfollow starts the user's erasure after this grace (a re-follow within it cancels);
    # None: an unfollow only ends the session (erasure stays the user's or the backend's to ask)
    erase_after_unfollow_s: int | None = Field(default=None, ge=0)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ENGRAM_", extra="ignore", frozen=True)

    # --- deployment -------------------------------------------------------
    environment: Literal["local", "test", "dev", "staging", "prod"] = "local"
    service_name: str = "engram"
    # O3: where spans go (observability/otel.py reads ENGRAM_TRACING itself, at the first span):
    # off | console (stderr) | otlp (OTEL_EXPORTER_OTLP_ENDPOINT) | adot (the ADOT Lambda layer, to X-Ray)
    tracing: Literal["off", "console", "otlp", "adot"] = "off"
    table_name: str = "engram"
    aws_region: str = "us-east-1"
    dynamodb_endpoint: str | None = None  # DynamoDB Local; None = AWS
    default_tenant: str = "default"
    turn_queue_url: str | None = None  # SQS FIFO for post-turn work; None = in-process
    opensearch_url: str | None = None  # None = the embedded local index
    opensearch_service: Literal["es", "aoss", "none"] | None = None  # SigV4 service; None = from the host
    opensearch_prefix: str = "engram-memory"
    local_index_dir: str | None = None  # None = <repo>/.local/index
    # Memory change events (docs/events.md): the stack's EventBridge bus (AWS), else the local bus
    # file (the local stack sets it under its data dir); neither: no events are published
    event_bus_name: str | None = None
    local_event_bus_file: str | None = None
    # L10: the plan is per user: an end user's from the JWT claim `plan_claim`, a backend's from the
    # X-Engram-Plan header; this default applies when neither says (unlimited: nothing is archived).
    plan: Literal["free", "paid"] = "paid"
    plan_claim: str = Field(default="engram_plan", min_length=1, max_length=128)

    # --- auth (local runner plays API Gateway's part) ---------------------
    local_jwt_secret: SecretStr = SecretStr("engram-local-dev-secret-change-me-0123456789")
    local_jwt_issuer: str = "engram-local"
    local_jwt_audience: str = "engram"
    local_api_key: SecretStr = SecretStr("engram-local-backend-key")
    # the local gateway's operator key: the caller `local-operator`, who may read audit trails (P6)
    local_operator_api_key: SecretStr = SecretStr("engram-local-operator-key")
    # more local backends: API key -> the IAM user name it plays (bound to tenants by
    # backend_principals), e.g. '{"respira-key": "respira-backend"}': backends in two tenants locally
    local_backend_keys: dict[str, str] = Field(default_factory=dict)
    # P4: IAM principals allowed to act for users on backend routes (role ARNs; a caller's
    # assumed-role session counts as its role), each bound to the tenants it may act in: a list
    # binds each to default_tenant, a mapping names them ('{"arn:…:role/line-bot": ["respira"]}').
    # The default is the local gateway's backend key caller.
    backend_principals: tuple[str, ...] | dict[str, tuple[str, ...]] = ("arn:aws:iam::000000000000:user/local-backend",)
    # P6: operator principals that may read a user's audit trail, in the same two forms; never
    # a chatbot backend's (infra refuses an ARN on both lists). Locally: the operator key's caller.
    audit_readers: tuple[str, ...] | dict[str, tuple[str, ...]] = ("arn:aws:iam::000000000000:user/local-operator",)

    # --- models -----------------------------------------------------------
    # "openai" or "local" (the labelled heuristics). None = openai when a key is configured, else
    # local: fine on a laptop, refused in staging and prod, which must say which they run.
    model_mode: Literal["openai", "local"] | None = None
    allow_local_models: bool = False  # staging / prod may run the local models only when this says so
    openai_secret_arn: str | None = None  # Secrets Manager secret (or SSM SecureString name) with the key
    openai_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("OPENAI_API_KEY", "ENGRAM_OPENAI_API_KEY")
    )
    openai_base_url: str | None = Field(
        default=None, validation_alias=AliasChoices("OPENAI_BASE_URL", "ENGRAM_OPENAI_BASE_URL")
    )
    chat_model: str = "gpt-4o-mini"
    token_encoding: str | None = None  # None = derived from chat_model
    embedding_model: str = "text-embedding-3-small"
    embedding_dimensions: int = Field(default=512, ge=8, le=3072)
    # M3: what one text given to the OpenAI embedder may hold (the model's input limit); longer
    # texts are cut to it. The local embedder cuts to its own model's 512.
    embedding_max_input_tokens: int = Field(default=8191, ge=16, le=8191)
    # M3: the local embedder reads at most this many tokens of a question (on the request path;
    # the rest of a long message still reaches BM25). Stored texts get the model's 512.
    local_query_max_tokens: int = Field(default=128, ge=16, le=512)
    openai_timeout_s: float = Field(default=20.0, gt=0)
    openai_max_retries: int = Field(default=2, ge=0, le=10)
    reply_max_tokens: int = Field(default=512, ge=16)
    # The OpenAI-compatible door (/openai/v1/chat/completions): the models a client may name besides
    # `engram` (the deployment's chat_model, always allowed) and, when a request names no persona or
    # session (X-Engram-Persona / X-Engram-Session headers, or metadata), the ones its rounds go to.
    openai_door_models: tuple[str, ...] = ()
    openai_door_persona: str = Field(default="default", pattern=r"^[A-Za-z0-9.:@-][A-Za-z0-9_.:@-]{0,127}$")
    openai_door_session: str = Field(default="openai", pattern=r"^[A-Za-z0-9_.:@-]{1,128}$")
    # M3: what one door request may forward to the model on every call (more is a 400 in OpenAI's
    # shape, never sent on, never recorded): messages, their total size as JSON text (content,
    # content parts, tool calls, every field), tool definitions (OpenAI's own limit is 128), and
    # the size as JSON of `tools`, and of `tool_choice` and `response_format` each.
    openai_door_max_messages: int = Field(default=door_limits.MAX_MESSAGES, ge=1)
    openai_door_max_message_chars: int = Field(default=door_limits.MAX_MESSAGE_CHARS, ge=1000)
    openai_door_max_tools: int = Field(default=door_limits.MAX_TOOLS, ge=0, le=128)
    openai_door_max_tools_bytes: int = Field(default=door_limits.MAX_TOOLS_BYTES, ge=1000)

    # --- S: short-term memory ----------------------------------------------
    session_idle_timeout_s: int = Field(default=30 * 60, ge=1)  # S1
    # S6: a returning user's first prompt waits at most this long for the old run's session memory
    # that another worker is making (then goes on without it; retrieval finds it later)
    session_bridge_wait_s: float = Field(default=5.0, ge=0, le=30)
    history_ttl_s: int = Field(default=24 * 3600, ge=60)  # S2 / R6 hot history, summary, cursor
    conversation_log_ttl_s: int = Field(default=30 * 86400, ge=3600)  # S2 / R6
    recent_window_rounds: int = Field(default=8, ge=1, le=50)  # S3 [6-10]
    recent_hard_cap: int = Field(default=12, ge=1, le=100)  # S3
    summary_every_rounds: int = Field(default=5, ge=1)  # S4
    summary_trigger_tokens: int = Field(default=6000, ge=100)  # S4 size trigger
    summary_max_tokens: int = Field(default=600, ge=50)  # S4 re-compression threshold
    session_end_max_messages: int = Field(default=20, ge=2)  # S6: a run ends at this many rounds
    session_end_lease_s: int = Field(default=300, ge=1)  # S6: who makes a closed run's memory, for how long
    idle_sweep_limit: int = Field(default=500, ge=1)  # S6: idle runs closed per idle_sessions run (the rest next tick)
    thread_idle_s: int = Field(default=10 * 60, ge=1)  # S5
    thread_similarity: float = Field(default=0.75, ge=0, le=1)  # S5 (OpenAI embeddings)
    # S5 with the local e5 embedder, whose cosines sit high (unrelated sentences ~0.75-0.87,
    # related ~0.86-0.93): measured on en / zh / ja / ko pairs (docs/architecture.md §5)
    thread_similarity_local: float = Field(default=0.86, ge=0, le=1)
    midterm_ttl_days: int = Field(default=30, ge=1)  # S5 / R6 mid-term thread memory
    midterm_summary_chars: int = Field(default=400, ge=40)  # S5: a flushed thread's summary

    # --- D: dedup and idempotency -------------------------------------------
    dedup_window_ms: int = Field(default=3000, ge=1)  # D1
    dedup_marker_ttl_s: int = Field(default=24 * 3600, ge=1)  # D1
    audio_lock_ttl_s: int = Field(default=180, ge=1)  # D2
    audio_result_ttl_s: int = Field(default=24 * 3600, ge=1)  # D2
    audio_transcript_buffer_ttl_s: int = Field(default=3600, ge=1)  # D2
    request_lock_ttl_s: int = Field(default=120, ge=1)  # D1 in-progress lock (covers one model call)
    duplicate_wait_s: float = Field(default=10.0, ge=0)  # D1: a duplicate waits this long for the first answer
    duplicate_retry_after_s: int = Field(default=2, ge=1)  # D1: then 202 with this Retry-After
    max_message_bytes: int = Field(default=16 * 1024, ge=64)  # API input limit
    # what the gate and retrieval's rules read of a long message: its first and last halves of this many
    # characters (language/read_window.py); the prompt still holds the whole message
    question_read_max_chars: int = Field(default=1000, ge=100, le=16 * 1024)
    max_request_text_bytes: int = Field(default=64 * 1024, ge=64)  # M3: all messages of one request together
    pinned_facts_max_bytes: int = Field(default=32 * 1024, ge=1024, le=256 * 1024)  # L4: one persona's pinned text
    kb_max_document_bytes: int = Field(
        default=262_144, ge=1024
    )  # M3 / L8: one KB document's text (256 KB: the worst upload stays under 2 s)
    kb_max_chunks: int = Field(default=600, ge=1)  # L8: chunks one KB document may make
    kb_embed_batch: int = Field(default=16, ge=1, le=256)  # M3: chunks one background job embeds
    max_json_depth: int = Field(default=64, ge=2, le=1000)  # API: deeper bodies get 400 before parsing
    append_max_attempts: int = Field(default=60, ge=1)
    # issue 29: conversations whose last META an API container keeps (its appends skip the META read; 0: off)
    session_meta_cache_size: int = Field(default=1024, ge=0)
    # P1: what a warm container keeps of a user's data between requests (the META copies above, the
    # retriever's vectors of memories compared for a change) is forgotten after this long, so no
    # derived copy outlives an erasure in a warm container by more than this
    warm_cache_max_age_s: int = Field(default=600, ge=1)

    # --- G: memory gate ------------------------------------------------------
    gate_llm_max_tokens: int = Field(default=5, ge=1)  # G1
    gate_skip_alert_ratio: float = Field(default=0.95, ge=0, le=1)  # G2

    # --- L: long-term memory -------------------------------------------------
    memory_dedup_similarity: float = Field(default=0.9, ge=0, le=1)  # L2
    promote_top_ratio: float = Field(default=0.7, ge=0, le=1)  # L2
    novelty_match_similarity: float = Field(default=0.8, ge=0, le=1)  # L2
    # L3 fusion. Default "score": BM25 / its best + weight × closeness of the cosine to the best
    # k-NN cosine (in units of `fusion_cosine_spread` standard deviations of the k-NN cosines, so
    # it needs no per-embedder tuning). Measured on LoCoMo it beats weighted RRF by ~0.03 R@10:
    # RRF throws away how far apart the scores are (docs/architecture.md §5). "rrf" is SPEC's.
    retrieval_fusion: Literal["score", "rrf"] = "score"  # L3 [SPEC rrf]
    fusion_vector_weight: float = Field(default=0.6, ge=0)  # L3 (score fusion; BM25 weighs 1)
    fusion_cosine_spread: float = Field(default=7.5, gt=0)  # L3 (score fusion)
    # L3 (score fusion): the lexical part weighs what the best lexical match shares of the question's
    # words, so a best match on "do" and "I" alone no longer counts as a full one (paraphrases)
    fusion_lexical_coverage: bool = True
    # L3 (score fusion): for the order of the results, the dense part's span narrows with that
    # coverage (counted in words: English questions), down to this share of `fusion_cosine_spread`:
    # when the best lexical match holds few of the question's words, the lexical part says little
    # and the cosine must be the one to separate the candidates. 1 = off. 0.5: held paraphrases en
    # hit@1 0.65 -> 0.75, LoCoMo R@10 -0.0035 (0.3 and 0.7 measured too: docs/benchmarks.md).
    fusion_spread_min_share: float = Field(default=0.5, gt=0, le=1)
    # L3 temporal narrowing: a question naming a time range ("in June 2023", "上個月", "先週")
    # lifts memories from that range; the slack covers "last week" said a few weeks later.
    time_range_boost: float = Field(default=0.25, ge=0)  # share of the best fused score
    time_range_slack_before_days: float = Field(default=7, ge=0)
    time_range_slack_after_days: float = Field(default=31, ge=0)
    # A question about someone ("what does my dad do?", お父さんの趣味は) lifts the memories that
    # open on them: the user's own hobby or the boyfriend's job otherwise outranks the father's.
    person_boost: float = Field(default=0.5, ge=0)  # share of the best fused score
    rrf_k: int = Field(default=60, ge=1)  # L3
    # L3 defaults differ from SPEC (0.4 / 0.6 and 0.7 / 0.2 / 0.1), measured on LoCoMo and the
    # multilingual set (docs/benchmarks.md): the local embedder is the weaker signal on long English
    # conversations, and a 0.2 recency weight buries year-old evidence. SPEC values remain settings.
    rrf_weight_bm25: float = Field(default=0.75, ge=0)  # L3 [SPEC 0.4]
    rrf_weight_vector: float = Field(default=0.25, ge=0)  # L3 [SPEC 0.6]
    rerank_weight_similarity: float = Field(default=0.9, ge=0)  # L3 [SPEC 0.7]
    rerank_weight_decay: float = Field(default=0.05, ge=0)  # L3 [SPEC 0.2]
    rerank_weight_importance: float = Field(default=0.05, ge=0)  # L3 [SPEC 0.1]
    rerank_cosine_share: float = Field(default=0.0, ge=0, le=1)  # L3: "sim" = fused rank (+ this share of cosine)
    # L3: a round's cosine, wherever ranking reads one, is this share its own words' and the rest its
    # indexed vector's (which blends the round before: round_vector_context_weight). The context finds
    # a short reply by what it answered; the own text tells the round that said a thing from the one
    # after it. Paraphrases (tune half) en hit@1 0.70 -> 0.80; LoCoMo (2 conversations) R@10 +0.008.
    rerank_own_vector_share: float = Field(default=0.3, ge=0, le=1)
    decay_lambda_per_day: float = Field(default=0.002, ge=0)  # L3
    retrieval_top_k: int = Field(default=8, ge=1)  # L3
    retrieval_k_min: int = Field(default=6, ge=1)  # C2
    retrieval_k_max: int = Field(default=12, ge=1)  # C2
    retrieval_candidates: int = Field(default=50, ge=1)
    # C2: a retrieved memory reaches the prompt only if its relevance (the fused BM25 + k-NN score,
    # the best hit's = 1) is at least this share of the best's; the block is not padded to K.
    memory_relevance_floor: float = Field(default=0.35, ge=0, le=1)
    # ... and a memory sharing no word with the question must be this close to the best hit's cosine.
    # Embedder-specific: the local e5 puts unrelated sentences ~0.05-0.1 below related ones (all near
    # 0.8); OpenAI text-embedding-3 spreads wider (set ~0.15 there).
    memory_relevance_cosine_gap: float = Field(default=0.05, ge=0, le=2)
    # L3 changed facts at read time: a later statement that reports a new state ("I'm a teacher now")
    # keeps an earlier one on the same thing out of a present-tense question's block: same subject
    # key family, or texts embedded this close (e5-small: one attribute's values 0.86-0.95; unrelated
    # statements of one user 0.81-0.87, so an unrelated item next to a change can go: it was noise)
    state_change_similarity: float = Field(default=0.86, ge=0, le=1)
    # ... and within this much of the closest earlier item to the change: one change replaces one value,
    # not every statement of the user that e5 happens to place above the bar ("兒子最近瘋恐龍" had
    # taken five unrelated items out of a prompt)
    state_change_margin: float = Field(default=0.02, ge=0, le=1)
    # ... and a change said only by a word of when ("now", 最近) displaces an item of another kind (the
    # embedder's placement) only when that item's turn is closer to it than any other turn's by this
    # much: one value replaced, not one of a crowd of a user's statements (1: never)
    state_change_standout: float = Field(default=0.03, ge=0, le=1)
    # ... and only by a change about as near to the question as the item it would displace (cosine to the
    # question, at most this much below): a change the question is not about leaves the answer alone.
    # Not tighter: "I switched to a Tesla last month" sits 0.05-0.08 further from "What car do I drive?"
    # than "I drive a Honda Civic to work" does, and must still displace it
    state_change_relevance_slack: float = Field(default=0.08, ge=0, le=2)
    # L3 changed facts said without a change word: a question after a one-at-a-time value (job, home,
    # diet, partner; language/answer_slots.py) keeps only the latest statement the embedder places in
    # that slot (memory/current_answer.py) in a present-tense question's block
    current_answer_only: bool = True
    # ... when the later statement ranks below the earlier one, only if its cosine to the question is
    # at most this far below the earlier one's (e5-small; a passing remark sits ~0.06 below, < 0: never)
    current_answer_cosine_gap: float = Field(default=0.03, ge=-1, le=1)
    # ... and only a statement whose slot leads the next class by this much (mean cosine of the two
    # nearest examples). Off for e5-small: clear statements lead by 0.003-0.05 and "second violin in a
    # community orchestra" (work or a hobby?) by 0.002, too close to draw a line; an embedder that
    # spreads wider (OpenAI's) can set one
    current_answer_min_margin: float = Field(default=0.0, ge=0, le=1)
    # ... for a kind one holds one of per category (a favourite drink, the pastime of the moment): the
    # answers are the statements within this cosine of the question's best one (a favourite show is
    # no answer to "what's my go-to drink?")
    current_answer_kind_gap: float = Field(default=0.01, ge=0, le=1)
    # ... and what was said this many seconds or less before the current answer is told with it, not
    # outdated by it ("メルカリのオフィス、景色がすごい", a minute later "入社したばかりで…"); a value given up
    # in the same breath ("I quit pottery. Now I boulder") still leaves (memory/current_answer.py)
    current_answer_told_together_s: float = Field(default=1800.0, ge=0, le=86_400)
    # ... and a question no pack's words name a slot of asks the slot the embedder places it in, when
    # that slot leads the next class by this much (> 1: never). Off: with e5-small at 0.01 it won two
    # changed-fact cases on the tune halves of sets L and M and lost one on each held half
    # (docs/benchmarks.md); an embedder that separates the classes more widely may set one
    current_answer_question_margin: float = Field(default=2.0, ge=0, le=2)
    # L3: a question's BM25 text also carries the other words of the concept groups it names
    # (engram.language.concepts: family, pets, home, health, in four languages).
    query_concept_expansion: bool = True
    # L3: a question naming a relation ("my wife's birthday", 男友, 娘, 언니) also searches for the name the
    # user gave that person ("my wife Hannah"), read from at most this many of their memories naming the
    # relation (one more BM25 read, only for such a question); 0 turns it off
    people_name_lookup_docs: int = Field(default=8, ge=0, le=50)
    people_name_max: int = Field(default=3, ge=1, le=10)
    near_duplicate_overlap: float = Field(default=0.9, gt=0, le=1)  # L3: shared share of analysed words
    # C1: a memory repeats what the prompt says (a pinned fact, a recent round, a better-ranked memory)
    # when that holds this share of its analysed words, or it holds that share of a better-ranked one's.
    memory_repeat_share: float = Field(default=0.8, gt=0, le=1)
    round_memory_ttl_days: int = Field(default=180, ge=1)  # L5
    round_context_rounds: int = Field(default=2, ge=0, le=5)  # L5 key expansion: rounds on each side
    # L5: a round's vector blends its own embedding with that of the round read after the ones
    # before it (weight below), so "Yes, last week!" is found by what it answered.
    round_vector_context_rounds: int = Field(default=1, ge=0, le=5)
    round_vector_context_weight: float = Field(default=0.7, ge=0, le=1)
    free_plan_active_limit: int = Field(default=5, ge=1)  # L10

    # --- C: context assembly -------------------------------------------------
    memory_block_tokens: int = Field(default=1200, ge=0)  # C2
    memory_item_cap_tokens: int = Field(default=150, ge=10)  # C2
    pinned_tokens: int = Field(default=400, ge=0)  # C2 / L4
    summary_block_tokens: int = Field(default=800, ge=0)
    context_max_tokens: int = Field(default=4000, ge=200)
    system_policy: str = (
        "You are a helpful assistant. Use the conversation summary, the user's remembered facts "
        "and the recent rounds to answer consistently. Never invent memories."
    )

    # --- M: memory API / LLM summary -------------------------------------------
    llm_attempts: int = Field(default=3, ge=1)  # M4
    llm_backoff_s: tuple[float, ...] = (1.0, 2.0)  # M4
    fallback_summary_chars: int = Field(default=500, ge=50)  # M4
    fallback_importance: int = Field(default=5, ge=1, le=10)  # M4
    list_default_limit: int = Field(default=10, ge=1)  # M4
    session_list_scan_max: int = Field(default=500, ge=1, le=5000)  # sessions read for one list (newest kept)
    load_default_count: int = Field(default=5, ge=1)  # M4

    # --- R: lifecycle ------------------------------------------------------------
    importance_at_birth: float = Field(default=0.5, ge=0, le=1)  # R1
    access_boost: float = Field(default=0.1, ge=0, le=1)  # R1
    weekly_decay: float = Field(default=0.95, gt=0, le=1)  # R1
    compress_below: float = Field(default=0.3, ge=0, le=1)  # R2
    archive_grace_days: int = Field(default=90, ge=1)  # R3
    user_capacity: int = Field(default=10_000, ge=1)  # R4
    capacity_trigger_ratio: float = Field(default=0.9, ge=0, le=1)  # R4
    compress_max_fraction: float = Field(default=0.1, ge=0, le=1)  # R4
    compression_target_ratio: float = Field(default=0.7, ge=0, lt=1)  # R2: (original − short) / original bytes
    # R2: shorter memories are archived as they are (a 30-byte fact has no shorter form worth keeping)
    compress_min_bytes: int = Field(default=120, ge=1)
    lifecycle_max_items_per_run: int = Field(default=5000, ge=1)  # R7: bounded cost per daily run
    lifecycle_stop_margin_s: float = Field(default=30.0, ge=0)  # stop this long before Lambda's timeout
    capacity_check_interval_s: int = Field(default=3600, ge=0)  # R4: index count per user at most this often
    # R6: the retention job reads this many table items and index documents a run, resuming the
    # next day where it stopped (a full reconciliation cycle = table size / this, in days)
    retention_page_items: int = Field(default=20_000, ge=1)
    consolidation_min_age_days: int = Field(default=30, ge=0)  # L9: "old" memories
    consolidation_min_group: int = Field(default=3, ge=2)  # L9: memories of one topic and month
    consolidation_delay_days: int = Field(default=7, ge=0)  # L9: weekly
    max_links: int = Field(default=16, ge=1)  # L7: related ids (and co-retrieval partners) kept on one memory
    co_retrieval_partners: int = Field(default=8, ge=0)  # L7: the top results an access counts as retrieved together
    # L7: retrieval pulls in what its best results link to. Off by default: measured on LoCoMo
    # (docs/benchmarks.md), it is kept only where it helps.
    link_expansion: bool = False
    link_expansion_top: int = Field(default=3, ge=1)
    link_expansion_max: int = Field(default=6, ge=0)
    link_weight: float = Field(default=0.5, ge=0, le=1)

    # --- P: privacy ----------------------------------------------------------------
    erasure_recent_days: int = Field(default=7, ge=1)  # P1
    erasure_token_ttl_s: int = Field(default=24 * 3600, ge=60)  # P1: a confirmation token is valid 24 h
    # Abuse limits: requests that start expensive work, per user per UTC day (429 QUOTA_EXCEEDED past them)
    erasure_requests_per_day: int = Field(default=5, ge=1)
    export_jobs_per_day: int = Field(default=5, ge=1)
    # P1: important moments are anonymized instead of deleted (the operator's policy may say delete)
    erasure_anonymize_important: bool = True
    erasure_batch_items: int = Field(default=1_000, ge=1)  # P1: items erased per pass (bounded batches)
    erasure_passes_per_run: int = Field(default=50, ge=1)
    erasure_requests_per_run: int = Field(default=10, ge=1)
    erasure_lease_s: int = Field(default=900, ge=30)  # one run's hold on a request (the Lambda timeout)
    # P1: while an erasure runs, a fence refuses every write for the user (409 ERASURE_IN_PROGRESS
    # with this Retry-After); the erasure deletes a fixed set and completes in a bounded number of passes
    erasure_fence_retry_after_s: int = Field(default=30, ge=1)
    # P1 / P3: what an erasure cannot reach and expires on its own, named in every receipt with its
    # window (the deployment passes its own: infra/stack.py). Queue copies are sealed, backups too.
    line_queue_retention_days: int = Field(default=4, ge=0)  # the LINE event queue (SQS)
    dead_letter_retention_days: int = Field(default=14, ge=0)  # every dead-letter queue (SQS's maximum)
    table_pitr_days: int = Field(default=35, ge=0)  # the table's point-in-time window (0: PITR off)
    key_recovery_days: int = Field(default=1, ge=0)  # the key table's point-in-time window (0: off)
    index_snapshot_days: int = Field(default=14, ge=0)  # OpenSearch's automated snapshots
    # P1: the scheduled run checks a completed erasure again for this long (7 days) and erases any
    # survivor written before its completion; the request keeps the user id until then
    erasure_reverify_s: int = Field(default=7 * 86_400, ge=0)
    erasure_reverify_per_run: int = Field(default=50, ge=1)  # completed erasures checked again per run
    # P1: keys user ids into receipts and finished requests (Secrets Manager in AWS via ENGRAM_*)
    erasure_hash_key: SecretStr = SecretStr("engram-local-erasure-hash-key")
    erasure_hash_key_secret_arn: str | None = None
    audit_enabled: bool = True  # P6: every API request about a user leaves an audit entry
    audit_table_name: str | None = None  # P6: default "{table_name}-audit"
    erasure_log_table_name: str | None = None  # O4: default "{table_name}-erasure-log"
    audit_reader_function_name: str | None = None  # P2: the export asks the audit reader (AWS)
    # P6: in AWS api and jobs append through the audit writer function, the table's only writer
    audit_writer_function_name: str | None = None
    export_max_items: int = Field(default=20_000, ge=1)  # P2: answered inline up to this many items
    export_bucket: str | None = None  # P2: large exports in AWS (ENGRAM_EXPORT_BUCKET); locally export_dir
    export_dir: str = ".local/exports"
    export_link_ttl_s: int = Field(default=900, ge=60, le=7 * 86_400)  # P2: a large export's link
    export_keep_s: int = Field(default=86_400, ge=3600)  # P2: how long its document is kept
    erasure_function_name: str | None = None  # P1: the jobs function the API invokes after a confirmation
    receipt_kms_key_id: str | None = None  # P1: the KMS asymmetric key that signs receipts in AWS
    receipt_key_path: str = ".local/receipt-signing-key.pem"  # P1: the local signing key (made on first use)
    # P3: content fields (rounds, summaries, session memories, memory content and embeddings,
    # archive originals, pinned facts, cached answers) sealed with a data key per user, wrapped
    # by KMS in AWS (ENGRAM_FIELD_KMS_KEY_ID) or by a local keyring file; keys in "{table}-keys"
    field_encryption: bool = True
    field_kms_key_id: str | None = None
    field_keyring_path: str = ".local/field-keys.json"
    keys_table_name: str | None = None
    data_key_cache_size: int = Field(default=1024, ge=1)  # data keys held per warm container
    data_key_cache_ttl_s: float = Field(default=300, ge=1, le=3600)  # and for how long
    rewrap_page_keys: int = Field(default=1_000, ge=1)  # P3: data keys rewrapped per page after a rotation
    # P5: tenants whose knowledge-base documents are PII-masked like memories. Off by default:
    # a KB is the tenant's own documents (a clinic's phone number, a help-desk e-mail are the
    # answers it exists to give), not what its users said. A tenant that uploads material with
    # personal data in it opts in here. Env: ENGRAM_KB_MASK_PII_TENANTS='["acme"]'.
    kb_mask_pii_tenants: tuple[str, ...] = ()

    # --- W: LINE --------------------------------------------------------------------
    # channels: ENGRAM_LINE_CHANNELS='[{"id": "respira", "tenant": "respira", "persona": "nurse",
    # "language": "zh-TW", "secret_arn": "arn:aws:secretsmanager:…"}]'; the local stack adds `local`
    line_channels: tuple[LineChannelConfig, ...] = ()
    line_event_dedup_ttl_s: int = Field(default=3 * 86_400, ge=3600)  # D3: one turn per webhookEventId
    line_event_max_age_s: int = Field(default=3600, ge=60)  # W4: older events are acknowledged and dropped
    line_erasure_confirm_s: int = Field(default=300, ge=30)  # W4: "delete my data" waits this long for a yes
    line_loading_s: int = Field(default=20, ge=5, le=60)  # the 1:1 loading animation while a turn runs
    line_api_base: str = "https://api.line.me"
    line_data_api_base: str = "https://api-data.line.me"
    line_http_attempts: int = Field(default=3, ge=1, le=10)  # 429 / 5xx retried (Retry-After honoured)
    line_http_timeout_s: float = Field(default=5.0, gt=0)
    line_max_retry_wait_s: float = Field(default=30.0, ge=0)
    line_queue_url: str | None = None  # SQS FIFO of webhook events (AWS)
    line_dlq_url: str | None = None  # where events whose reply cannot be sent are kept (AWS)
    speech_model: str = "gpt-4o-mini-transcribe"  # D2: voice messages, when OpenAI is configured

    @model_validator(mode="after")
    def _check(self) -> Settings:
        if self.recent_window_rounds > self.recent_hard_cap:
            raise ValueError("recent_window_rounds must not exceed recent_hard_cap")
        if self.retrieval_k_min > self.retrieval_k_max:
            raise ValueError("retrieval_k_min must not exceed retrieval_k_max")
        if len(self.llm_backoff_s) < self.llm_attempts - 1:
            raise ValueError("llm_backoff_s needs one delay per retry")
        for name in ("backend_principals", "audit_readers"):
            bound = getattr(self, name)
            for tenants in bound.values() if isinstance(bound, dict) else ():
                if not tenants or not all(ID_PATTERN.fullmatch(t) for t in tenants):
                    raise ValueError(f"{name}: each principal needs one or more valid tenant ids, not {tenants!r}")
        if self.field_encryption and self.environment in ("dev", "staging", "prod") and not self.field_kms_key_id:
            # a Lambda's keyring file would die with its container, and every sealed field with it
            raise ValueError("field_encryption in AWS needs field_kms_key_id (ENGRAM_FIELD_KMS_KEY_ID)")
        return self

    @property
    def openai_enabled(self) -> bool:
        return self.openai_api_key is not None and bool(self.openai_api_key.get_secret_value())

    @property
    def declared_model_mode(self) -> Literal["openai", "local"]:
        """The mode without reading any secret: as set, else openai when a key or its secret is configured."""
        if self.model_mode is not None:
            return self.model_mode
        return "openai" if self.openai_enabled or self.openai_secret_arn else "local"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once (cold start)."""
    return Settings()
