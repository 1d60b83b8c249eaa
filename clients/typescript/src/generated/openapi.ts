// GENERATED FILE - do not edit. Made from docs/openapi.json by clients/typescript/scripts/generate.mjs
// (openapi-typescript); after an API change: npm --prefix clients/typescript run generate
export interface paths {
    "/v1/users/{user_id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a user's live sessions (trusted backend) */
        get: operations["backend_list_sessions_v1_users__user_id__sessions_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}/sessions/{session_id}/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message and get a reply that uses memory */
        post: operations["chat_v1_personas__persona_id__sessions__session_id__chat_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}/sessions/{session_id}/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message and get a reply that uses memory (trusted backend) */
        post: operations["backend_chat_v1_users__user_id__personas__persona_id__sessions__session_id__chat_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}/sessions/{session_id}/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assemble the prompt only (bring your own LLM) */
        post: operations["context_v1_personas__persona_id__sessions__session_id__context_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}/sessions/{session_id}/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assemble the prompt only (bring your own LLM) (trusted backend) */
        post: operations["backend_context_v1_users__user_id__personas__persona_id__sessions__session_id__context_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}/sessions/{session_id}/turns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a turn produced by the caller's own LLM */
        post: operations["record_turn_v1_personas__persona_id__sessions__session_id__turns_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}/sessions/{session_id}/turns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a turn produced by the caller's own LLM (trusted backend) */
        post: operations["backend_record_turn_v1_users__user_id__personas__persona_id__sessions__session_id__turns_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a session: state, rolling summary, recent rounds */
        get: operations["get_session_v1_personas__persona_id__sessions__session_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a session: state, rolling summary, recent rounds (trusted backend) */
        get: operations["backend_get_session_v1_users__user_id__personas__persona_id__sessions__session_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}/sessions/{session_id}/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The conversation log: every round still held (30 days; important moments kept), newest first */
        get: operations["conversation_log_v1_personas__persona_id__sessions__session_id__log_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}/sessions/{session_id}/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The conversation log (trusted backend) */
        get: operations["backend_conversation_log_v1_users__user_id__personas__persona_id__sessions__session_id__log_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}/sessions/{session_id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a session and store its session memory */
        post: operations["end_session_v1_personas__persona_id__sessions__session_id__end_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}/sessions/{session_id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a session and store its session memory (trusted backend) */
        post: operations["backend_end_session_v1_users__user_id__personas__persona_id__sessions__session_id__end_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}/sessions/{session_id}/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save the conversation: end the current run and store its session memory (next message starts a new run) */
        post: operations["save_session_v1_personas__persona_id__sessions__session_id__save_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}/sessions/{session_id}/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save the conversation (trusted backend) */
        post: operations["backend_save_session_v1_users__user_id__personas__persona_id__sessions__session_id__save_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}/sessions/{session_id}/requests/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The answer of a chat request that was answered 202 (processing) */
        get: operations["request_status_v1_personas__persona_id__sessions__session_id__requests__request_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}/sessions/{session_id}/requests/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The answer of a chat request that was answered 202 (trusted backend) */
        get: operations["backend_request_status_v1_users__user_id__personas__persona_id__sessions__session_id__requests__request_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List memories (trusted backend) */
        get: operations["backend_list_memories_v1_users__user_id__memories_get"];
        put?: never;
        /** Create a memory (trusted backend) */
        post: operations["backend_create_memory_v1_users__user_id__memories_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/memories/load": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Top N memories of a persona (trusted backend) */
        get: operations["backend_load_memories_v1_users__user_id__memories_load_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/memories/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search memories (trusted backend) */
        get: operations["backend_search_memories_v1_users__user_id__memories_search_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/memories/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Memory timeline (trusted backend) */
        get: operations["backend_memory_timeline_v1_users__user_id__memories_timeline_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/memories/summarize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Summarise messages without storing (trusted backend) */
        post: operations["backend_summarize_messages_v1_users__user_id__memories_summarize_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/memories/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The archive (trusted backend) */
        get: operations["backend_list_archive_v1_users__user_id__memories_archive_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{memory_id}/lifecycle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A memory's lifecycle log (R5) */
        get: operations["memory_lifecycle_v1_memories__memory_id__lifecycle_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/memories/{memory_id}/lifecycle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A memory's lifecycle log (trusted backend) */
        get: operations["backend_memory_lifecycle_v1_users__user_id__memories__memory_id__lifecycle_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{memory_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one memory */
        get: operations["get_memory_v1_memories__memory_id__get"];
        put?: never;
        post?: never;
        /** Delete a memory */
        delete: operations["delete_memory_v1_memories__memory_id__delete"];
        options?: never;
        head?: never;
        /** Edit summary / importance / pin (optimistic: send the version) */
        patch: operations["patch_memory_v1_memories__memory_id__patch"];
        trace?: never;
    };
    "/v1/users/{user_id}/memories/{memory_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one memory (trusted backend) */
        get: operations["backend_get_memory_v1_users__user_id__memories__memory_id__get"];
        put?: never;
        post?: never;
        /** Delete a memory (trusted backend) */
        delete: operations["backend_delete_memory_v1_users__user_id__memories__memory_id__delete"];
        options?: never;
        head?: never;
        /** Edit a memory (trusted backend) */
        patch: operations["backend_patch_memory_v1_users__user_id__memories__memory_id__patch"];
        trace?: never;
    };
    "/v1/memories/{memory_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a memory (restorable) */
        post: operations["archive_memory_v1_memories__memory_id__archive_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/memories/{memory_id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a memory (trusted backend) */
        post: operations["backend_archive_memory_v1_users__user_id__memories__memory_id__archive_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{memory_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore an archived memory (the plan cap is re-applied) */
        post: operations["restore_memory_v1_memories__memory_id__restore_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/memories/{memory_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore an archived memory (trusted backend) */
        post: operations["backend_restore_memory_v1_users__user_id__memories__memory_id__restore_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pinned facts and learned profile of a persona */
        get: operations["get_profile_v1_personas__persona_id__profile_get"];
        /** Set the persona's pinned facts */
        put: operations["put_profile_v1_personas__persona_id__profile_put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pinned facts and learned profile (trusted backend) */
        get: operations["backend_get_profile_v1_users__user_id__personas__persona_id__profile_get"];
        /** Set the persona's pinned facts (trusted backend) */
        put: operations["backend_put_profile_v1_users__user_id__personas__persona_id__profile_put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/personas/{persona_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a persona: all its memories and pinned facts */
        delete: operations["delete_persona_v1_personas__persona_id__delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/personas/{persona_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a persona's memories (trusted backend) */
        delete: operations["backend_delete_persona_v1_users__user_id__personas__persona_id__delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kb/documents/{doc_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a document and all its chunks */
        delete: operations["delete_document_v1_kb_documents__doc_id__delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Request erasure of a user (trusted backend) */
        post: operations["backend_request_erasure_v1_users__user_id__erasure_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/erasure/{request_id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an erasure: it is queued and processed at once */
        post: operations["confirm_erasure_v1_me_erasure__request_id__confirm_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/erasure/{request_id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an erasure (trusted backend) */
        post: operations["backend_confirm_erasure_v1_users__user_id__erasure__request_id__confirm_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/erasure/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An erasure's state and, when completed, its signed receipt */
        get: operations["get_erasure_v1_me_erasure__request_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/erasure/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An erasure's state and receipt (trusted backend) */
        get: operations["backend_get_erasure_v1_users__user_id__erasure__request_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything held about a user (trusted backend) */
        get: operations["backend_export_v1_users__user_id__export_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a user's export made by a job (trusted backend) */
        post: operations["backend_start_export_v1_users__user_id__exports_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/exports/{export_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My export's state and link */
        get: operations["get_export_me_v1_me_exports__export_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/exports/{export_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's export's state and link (trusted backend) */
        get: operations["backend_get_export_v1_users__user_id__exports__export_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's live sessions, most recently active first */
        get: operations["list_sessions_v1_sessions_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List memories, newest first (persona, type, status, pinned, session; limit/offset) */
        get: operations["list_memories_v1_memories_get"];
        put?: never;
        /** Create a memory from a manual summary or from messages (LLM summary) */
        post: operations["create_memory_v1_memories_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/load": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Top N memories of a persona for the start of a conversation */
        get: operations["load_memories_v1_memories_load_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search memories by keyword, date range and type */
        get: operations["search_memories_v1_memories_search_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active memories grouped by month, newest first */
        get: operations["memory_timeline_v1_memories_timeline_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/summarize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Summarise messages (topics, emotion, importance) without storing */
        post: operations["summarize_messages_v1_memories_summarize_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Archived and compressed memories with sizes, ratio, final score, reason and retention */
        get: operations["list_archive_v1_memories_archive_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/kb/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the knowledge base's documents */
        get: operations["list_documents_v1_kb_documents_get"];
        put?: never;
        /** Upload a document: chunked, embedded, searchable with include_kb */
        post: operations["upload_document_v1_kb_documents_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Request erasure of everything held about me (P1); confirm with the token */
        post: operations["request_erasure_v1_me_erasure_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything held about me as one JSON document (P2) */
        get: operations["export_me_v1_me_export_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for my export as a document made by a job (P2, any size) */
        post: operations["start_export_me_v1_me_exports_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openai/v1/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** OpenAI-compatible chat completion that remembers (the OpenAI client's api_key is the user's token) */
        post: operations["chat_completions_openai_v1_chat_completions_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openai/backend/v1/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** OpenAI-compatible chat completion that remembers (trusted backend, X-Engram-User) */
        post: operations["backend_chat_completions_openai_backend_v1_chat_completions_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openai/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The models the OpenAI-compatible door serves */
        get: operations["models_openai_v1_models_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openai/backend/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The models the OpenAI-compatible door serves (trusted backend) */
        get: operations["backend_models_openai_backend_v1_models_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's audit entries (P6, operators only) */
        get: operations["list_audit_v1_users__user_id__audit_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** ArchiveListResponse */
        ArchiveListResponse: {
            /**
             * Memories
             * @description Archived and compressed memories, last archived first
             */
            memories: components["schemas"]["MemoryView"][];
            /** Total */
            total: number;
            /** Has More */
            has_more: boolean;
            /** Limit */
            limit: number;
            /** Offset */
            offset: number;
        };
        /** ArchiveResponse */
        ArchiveResponse: {
            memory: components["schemas"]["MemoryView"];
            /** Archived At */
            archived_at: number;
        };
        /**
         * ArchiveView
         * @description R2/R3: what the archive holds about an archived or compressed memory (no original text:
         *     a restore brings it back).
         */
        ArchiveView: {
            /**
             * Reason
             * @enum {string}
             */
            reason: "low_importance" | "capacity_limit" | "manual";
            /** Archived At */
            archived_at: number;
            /**
             * Retention Until
             * @description R3: deleted then unless restored (epoch seconds)
             */
            retention_until: number | null;
            /**
             * Final Score
             * @description R1 effective importance when it was archived
             */
            final_score: number;
            /** Original Bytes */
            original_bytes: number;
            /**
             * Compressed Bytes
             * @description Size of the short form (= original_bytes when not compressed)
             */
            compressed_bytes: number;
            /**
             * Ratio
             * @description (original - compressed) / original bytes; 0 when archived as it was
             */
            ratio: number;
            /**
             * Method
             * @description "none", "local-extractive" or the chat model that wrote the short form
             */
            method: string;
            /**
             * Summary
             * @description The short form (null: archived as it was)
             */
            summary: string | null;
        };
        /** BlockView */
        BlockView: {
            /** Name */
            name: string;
            /** Tokens */
            tokens: number;
            /** Items */
            items: number;
            /** Trimmed */
            trimmed: number;
            /**
             * Budget
             * @description The block's own token budget (pinned ENGRAM_PINNED_TOKENS, summary ENGRAM_SUMMARY_BLOCK_TOKENS, memories ENGRAM_MEMORY_BLOCK_TOKENS); null where only the context's max_tokens bounds it
             */
            budget: number | null;
        };
        /**
         * BufferedResponse
         * @description 202: a partial transcript was buffered; the final one (is_final) runs the turn.
         */
        BufferedResponse: {
            /**
             * Status
             * @constant
             */
            status: "buffered";
            /** Audio Id */
            audio_id: string;
            /** Parts */
            parts: number;
        };
        /** ChatCompletion */
        ChatCompletion: {
            /** Id */
            id: string;
            /**
             * Object
             * @constant
             */
            object: "chat.completion";
            /** Created */
            created: number;
            /** Model */
            model: string;
            /** Choices */
            choices: components["schemas"]["Choice"][];
            usage: components["schemas"]["Usage"];
            engram: components["schemas"]["EngramView"];
        };
        /** ChatCompletionRequest */
        ChatCompletionRequest: {
            /**
             * Model
             * @description `engram` (the deployment's chat model) or one GET /openai/v1/models lists
             * @example engram
             */
            model: string;
            /**
             * Messages
             * @description The client's own messages: system prompt and the history it keeps. Engram adds its memory context after the system messages and, when no earlier round is sent, its session window. At most 200 messages and 200000 characters as JSON (deployment defaults).
             */
            messages: components["schemas"]["ChatMessage"][];
            /**
             * Stream
             * @description Server-sent events (delivered whole: see docs)
             */
            stream?: boolean | null;
            stream_options?: components["schemas"]["StreamOptions"] | null;
            /**
             * N
             * @description One choice only
             */
            n?: number | null;
            /**
             * Tools
             * @description Passed to the model unchanged. At most 64 tools and 100000 characters as JSON (deployment defaults; the same bound for tool_choice and response_format).
             */
            tools?: {
                [key: string]: unknown;
            }[] | null;
            /**
             * Tool Choice
             * @description Passed to the model unchanged
             */
            tool_choice?: string | {
                [key: string]: unknown;
            } | null;
            /** Parallel Tool Calls */
            parallel_tool_calls?: boolean | null;
            /** Temperature */
            temperature?: number | null;
            /** Top P */
            top_p?: number | null;
            /** Max Tokens */
            max_tokens?: number | null;
            /** Max Completion Tokens */
            max_completion_tokens?: number | null;
            /**
             * Stop
             * @description Up to 4 sequences, as OpenAI takes them
             */
            stop?: string | string[] | null;
            /** Presence Penalty */
            presence_penalty?: number | null;
            /** Frequency Penalty */
            frequency_penalty?: number | null;
            /** Seed */
            seed?: number | null;
            /** Response Format */
            response_format?: {
                [key: string]: unknown;
            } | null;
            /**
             * User
             * @description Accepted and not used (the caller is)
             */
            user?: string | null;
            metadata?: components["schemas"]["DoorMetadata"] | null;
        };
        /**
         * ChatMessage
         * @description One message, as OpenAI defines it; fields this model does not name pass through too.
         */
        ChatMessage: {
            /**
             * Role
             * @enum {string}
             */
            role: "system" | "developer" | "user" | "assistant" | "tool";
            /**
             * Content
             * @description Text, or content parts ({type: text, text} and others, passed through)
             */
            content?: string | {
                [key: string]: unknown;
            }[] | null;
            /** Name */
            name?: string | null;
            /**
             * Tool Calls
             * @description An assistant's tool calls
             */
            tool_calls?: {
                [key: string]: unknown;
            }[] | null;
            /**
             * Tool Call Id
             * @description A tool message: the call it answers
             */
            tool_call_id?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** ChatRequest */
        ChatRequest: {
            /**
             * Message
             * @description The user's message. Size limit: ENGRAM_MAX_MESSAGE_BYTES.
             */
            message: string;
            /** Idempotency Key */
            idempotency_key?: string | null;
            /**
             * Audio Id
             * @description Set when the message is a transcript of a voice message: one reply per audio id (D2).
             */
            audio_id?: string | null;
            /**
             * Is Final
             * @description With audio_id: false buffers this partial transcript (1 h) and answers 202 'buffered'; the final one runs the turn once on all parts joined in order.
             * @default true
             */
            is_final: boolean;
            /**
             * Part
             * @description With audio_id: the partial's position; a redelivered part replaces itself instead of being joined twice. Without it, parts join in arrival order.
             */
            part?: number | null;
        };
        /** ChatResponse */
        ChatResponse: {
            /**
             * Status
             * @constant
             */
            status: "completed";
            /** Reply */
            reply: string;
            /** Model */
            model: string;
            /** Request Id */
            request_id: string;
            /** Turn */
            turn: number;
            gate: components["schemas"]["GateView"];
            /** Context Tokens */
            context_tokens: number;
            /** Blocks */
            blocks: components["schemas"]["BlockView"][];
            /** Memory Ids */
            memory_ids: string[];
            /**
             * Memories
             * @description What entered the prompt, and why
             */
            memories: components["schemas"]["UsedMemoryView"][];
            /**
             * Trimmed Memories
             * @description Left out to fit the token budgets: pinned facts over the pinned block's budget, memories retrieved for this message over the memory block's or the prompt's
             */
            trimmed_memories: components["schemas"]["UsedMemoryView"][];
            /**
             * Max Tokens
             * @description The whole prompt's budget (ENGRAM_CONTEXT_MAX_TOKENS)
             * @default 0
             */
            max_tokens: number;
            /** Deduplicated */
            deduplicated: boolean;
            /** Latency Ms */
            latency_ms: number;
            /**
             * Session Ended
             * @description This round reached the message limit (S6): the run is ended and its session memory is made; the next message starts a new run.
             * @default false
             */
            session_ended: boolean;
        };
        /** Choice */
        Choice: {
            /** Index */
            index: number;
            message: components["schemas"]["ResponseMessage"];
            /** Finish Reason */
            finish_reason: string;
            /** Logprobs */
            logprobs: null;
        };
        /** ContextRequest */
        ContextRequest: {
            /** Message */
            message: string;
            /**
             * Preview
             * @description true: inspect only. The memories in the prompt are not counted as accessed (no access boost, no co-retrieval link), so looking does not change what is looked at; the inspector sends it. Without it, as for a chat, they are (R1). No round is stored either way.
             * @default false
             */
            preview: boolean;
        };
        /** ContextResponse */
        ContextResponse: {
            /** Messages */
            messages: components["schemas"]["MessageView"][];
            /** Blocks */
            blocks: components["schemas"]["BlockView"][];
            /** Total Tokens */
            total_tokens: number;
            /** Encoding */
            encoding: string;
            gate: components["schemas"]["GateView"];
            /** Memory Ids */
            memory_ids: string[];
            /**
             * Memories
             * @description What entered the prompt, and why
             */
            memories: components["schemas"]["UsedMemoryView"][];
            /**
             * Trimmed Memories
             * @description Left out to fit the token budgets: pinned facts over the pinned block's budget, memories retrieved for this message over the memory block's or the prompt's
             */
            trimmed_memories: components["schemas"]["UsedMemoryView"][];
            /**
             * Max Tokens
             * @description The whole prompt's budget (ENGRAM_CONTEXT_MAX_TOKENS)
             * @default 0
             */
            max_tokens: number;
        };
        /** ConversationLogResponse */
        ConversationLogResponse: {
            /** Session Id */
            session_id: string;
            /** Persona Id */
            persona_id: string;
            /**
             * Rounds
             * @description Newest first
             */
            rounds: components["schemas"]["LoggedRoundView"][];
            /**
             * Next Cursor
             * @description Pass as `before` for the next page; null on the last page
             */
            next_cursor: string | null;
        };
        /** CreateMemoryRequest */
        CreateMemoryRequest: {
            /** Persona Id */
            persona_id: string;
            /**
             * Summary
             * @description A manual summary (stored as is, PII-masked). Without it, `messages` are summarised by the LLM.
             */
            summary?: string | null;
            /** Messages */
            messages?: components["schemas"]["MemoryMessage"][] | null;
            /**
             * Type
             * @description Default: note (manual) or timeline (from messages)
             */
            type?: ("fact" | "preference" | "constraint" | "decision" | "todo" | "timeline" | "profile" | "note" | "summary") | null;
            /**
             * Importance
             * @description 0-1; default ENGRAM_IMPORTANCE_AT_BIRTH
             */
            importance?: number | null;
            /**
             * Pinned
             * @default false
             */
            pinned: boolean;
            /** Topics */
            topics?: string[];
            /** Session Id */
            session_id?: string | null;
            /**
             * Idempotency Key
             * @description Any text naming this request: sent again with the same body within ENGRAM_DEDUP_MARKER_TTL_S (24 h), the first answer comes back (`deduplicated: true`) and nothing is written twice; with another body, 409 IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 REQUEST_IN_PROGRESS (details.retry_after)
             */
            idempotency_key?: string | null;
        } | {
            summary: unknown;
        } | {
            messages: unknown;
        };
        /** CreateMemoryResponse */
        CreateMemoryResponse: {
            memory: components["schemas"]["MemoryView"];
            /**
             * Archived
             * @description L10: ids the free-plan cap archived to make room
             */
            archived: string[];
            /** @description The first of `warnings`, or null */
            warning: components["schemas"]["WarningView"] | null;
            /** Warnings */
            warnings: components["schemas"]["WarningView"][];
            /**
             * Model
             * @description The summary model; raw-fallback after M4 retries
             */
            model: string | null;
            /**
             * Deduplicated
             * @description True: the stored answer to an earlier request with this idempotency_key
             * @default false
             */
            deduplicated: boolean;
        };
        /** DeleteMemoryResponse */
        DeleteMemoryResponse: {
            /** Memory Id */
            memory_id: string;
            /** Deleted */
            deleted: boolean;
        };
        /** DeletePersonaResponse */
        DeletePersonaResponse: {
            /** Persona Id */
            persona_id: string;
            /**
             * Deleted Memories
             * @description Memories, mid-term memories and archive entries the erasure job has deleted so far (0 while state is confirmed or processing: the final count is in the receipt)
             */
            deleted_memories: number;
            /**
             * Request Id
             * @description The deletion's erasure request: GET /v1/me/erasure/{request_id}
             */
            request_id: string;
            /**
             * State
             * @description completed, with the receipt; a very large persona finishes in the erasure schedule
             * @enum {string}
             */
            state: "confirmed" | "processing" | "completed" | "failed";
            /**
             * Receipt
             * @description Signed like an erasure receipt (kind persona_deletion), per store
             */
            receipt: {
                [key: string]: unknown;
            } | null;
        };
        /**
         * DoorMetadata
         * @description OpenAI's metadata map; Engram reads two keys (the X-Engram-* headers win over them).
         */
        DoorMetadata: {
            /** Engram Persona */
            engram_persona?: string | null;
            /** Engram Session */
            engram_session?: string | null;
        } & {
            [key: string]: string;
        };
        /**
         * EngramView
         * @description What Engram did for this answer.
         */
        EngramView: {
            /** Request Id */
            request_id: string;
            /** Persona Id */
            persona_id: string;
            /** Session Id */
            session_id: string;
            /**
             * Gate
             * @description Whether long-term memory was searched for this message
             * @enum {string}
             */
            gate: "USE" | "SKIP";
            /** Gate Reason */
            gate_reason: string;
            /**
             * Memories
             * @description What entered the prompt, and why
             */
            memories: components["schemas"]["UsedMemoryView"][];
            /**
             * Recorded
             * @description The round was stored (false: the model answered with tool calls)
             */
            recorded: boolean;
            /**
             * Deduplicated
             * @description The stored answer of an earlier copy of this request (D1)
             */
            deduplicated: boolean;
        };
        /** ErasureConfirmBody */
        ErasureConfirmBody: {
            /**
             * Token
             * @description The confirmation_token of the request
             */
            token: string;
        };
        /** ErasureCreatedView */
        ErasureCreatedView: {
            /** Request Id */
            request_id: string;
            /**
             * State
             * @enum {string}
             */
            state: "pending_confirmation" | "confirmed" | "processing" | "completed" | "failed";
            /**
             * Scope
             * @enum {string}
             */
            scope: "all" | "recent";
            /** Requested At */
            requested_at: number;
            /** Confirmed At */
            confirmed_at: number | null;
            /** Completed At */
            completed_at: number | null;
            /**
             * Token Expires At
             * @description A pending request must be confirmed before this (24 h)
             */
            token_expires_at: number;
            /**
             * Receipt
             * @description When completed: per store, the items found, deleted and anonymized and the verification query that returned zero; the user only as a keyed hash; signed by the deployment (check with `engram erasure verify`)
             */
            receipt: {
                [key: string]: unknown;
            } | null;
            /** Error */
            error: string | null;
            /**
             * Confirmation Token
             * @description Confirm with POST …/erasure/{request_id}/confirm within 24 h; shown once, stored only as a hash
             */
            confirmation_token: string;
        };
        /** ErasureRequestBody */
        ErasureRequestBody: {
            /**
             * Scope
             * @description all: everything held about the user; recent: what was written in the last 7 days
             * @default all
             * @enum {string}
             */
            scope: "all" | "recent";
        };
        /** ErasureView */
        ErasureView: {
            /** Request Id */
            request_id: string;
            /**
             * State
             * @enum {string}
             */
            state: "pending_confirmation" | "confirmed" | "processing" | "completed" | "failed";
            /**
             * Scope
             * @enum {string}
             */
            scope: "all" | "recent";
            /** Requested At */
            requested_at: number;
            /** Confirmed At */
            confirmed_at: number | null;
            /** Completed At */
            completed_at: number | null;
            /**
             * Token Expires At
             * @description A pending request must be confirmed before this (24 h)
             */
            token_expires_at: number;
            /**
             * Receipt
             * @description When completed: per store, the items found, deleted and anonymized and the verification query that returned zero; the user only as a keyed hash; signed by the deployment (check with `engram erasure verify`)
             */
            receipt: {
                [key: string]: unknown;
            } | null;
            /** Error */
            error: string | null;
        };
        /** ErrorBody */
        ErrorBody: {
            /** Code */
            code: string;
            /** Message */
            message: string;
            /** Details */
            details: {
                [key: string]: unknown;
            };
        };
        /** ErrorResponse */
        ErrorResponse: {
            error: components["schemas"]["ErrorBody"];
        };
        /** ExportAuditEntry */
        ExportAuditEntry: {
            /** At */
            at: number;
            /** Action */
            action: string;
            /** Actor Kind */
            actor_kind: string;
            /** Actor */
            actor: string;
            /** Outcome */
            outcome: string;
            /** Reason */
            reason: string;
            /** Ip */
            ip: string;
            /** User Agent */
            user_agent: string;
            /** Request Id */
            request_id: string;
            /**
             * Seq
             * @description The entry's place in the user's audit chain (1 = the first)
             */
            seq: number;
        };
        /** ExportJobView */
        ExportJobView: {
            /** Export Id */
            export_id: string;
            /**
             * State
             * @enum {string}
             */
            state: "processing" | "completed" | "failed";
            /** Requested At */
            requested_at: number;
            /** Completed At */
            completed_at: number | null;
            /**
             * Items
             * @description Items in the document, once completed
             */
            items: number | null;
            /**
             * Url
             * @description Once completed: where to fetch the JSON document (an S3 presigned URL valid ENGRAM_EXPORT_LINK_TTL_S, 15 min; a file:// URL on the local stack). Ask again for a fresh one.
             */
            url: string | null;
            /**
             * Expires At
             * @description The document and this record are deleted then (1 day)
             */
            expires_at: number;
        };
        /** ExportView */
        ExportView: {
            /** Export Version */
            export_version: number;
            /** Tenant Id */
            tenant_id: string;
            /** User Id */
            user_id: string;
            /** Exported At */
            exported_at: number;
            /**
             * Counts
             * @description Items per store
             */
            counts: {
                [key: string]: number;
            };
            /**
             * Stores
             * @description sessions, rounds, request_markers, memories (with version, supersedes / superseded_by, valid_from / valid_to), midterm, archive (with the original text), lifecycle_log, profile, exports, kb (always empty: the KB is the tenant's): every item held about the user, as stored and readable, without table bookkeeping and without vectors
             */
            stores: {
                [key: string]: {
                    [key: string]: unknown;
                }[];
            };
            /**
             * Audit Entries
             * @description P6: every audit entry about the user (who did what, when, why; no content)
             */
            audit_entries: components["schemas"]["ExportAuditEntry"][];
        };
        /** GateView */
        GateView: {
            /**
             * Decision
             * @enum {string}
             */
            decision: "USE" | "SKIP";
            /** Reason */
            reason: string;
            /** Language */
            language: string;
        };
        /** KbDeleteResponse */
        KbDeleteResponse: {
            /** Doc Id */
            doc_id: string;
            /** Deleted Chunks */
            deleted_chunks: number;
        };
        /** KbDocumentListResponse */
        KbDocumentListResponse: {
            /** Documents */
            documents: components["schemas"]["KbDocumentView"][];
        };
        /** KbDocumentRequest */
        KbDocumentRequest: {
            /** Title */
            title: string;
            /**
             * Text
             * @description Plain text; limits ENGRAM_KB_MAX_DOCUMENT_BYTES (256 KB) and ENGRAM_KB_MAX_CHUNKS (600 chunks of ~200 tokens). The upload returns once the chunks are stored: they are found by their words at once and by their meaning once embedded in the background (`embedded` of the document's listing).
             */
            text: string;
            /** Source */
            source?: string | null;
        };
        /** KbDocumentView */
        KbDocumentView: {
            /** Doc Id */
            doc_id: string;
            /** Title */
            title: string;
            /** Source */
            source: string | null;
            /** Chunks */
            chunks: number;
            /** Created At */
            created_at: number;
            /**
             * Embedded
             * @description Chunks embedded so far; equals `chunks` when the document is fully searchable
             */
            embedded: number;
        };
        /** LifecycleEntryView */
        LifecycleEntryView: {
            /**
             * Event
             * @enum {string}
             */
            event: "score_update" | "compress" | "archive" | "restore" | "delete";
            /** At */
            at: number;
            /** Score Before */
            score_before: number | null;
            /** Score After */
            score_after: number | null;
            /**
             * Details
             * @description reason, sizes, ratio, method, retention_until, crossed (above / below), cause; never content
             */
            details: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** LifecycleLogResponse */
        LifecycleLogResponse: {
            /** Memory Id */
            memory_id: string;
            /**
             * Entries
             * @description R5: oldest first; append-only, kept after a delete
             */
            entries: components["schemas"]["LifecycleEntryView"][];
        };
        /** LoggedRoundView */
        LoggedRoundView: {
            /**
             * Generation
             * @description The run (conversation) the round belongs to
             */
            generation: number;
            /** Seq */
            seq: number;
            /** User */
            user: string;
            /** Assistant */
            assistant: string;
            /** Request Id */
            request_id: string;
            /** Created At */
            created_at: number;
            /** Emergency */
            emergency: boolean;
            /**
             * Kept
             * @description Kept until erasure: an emergency or an important moment (R6); otherwise the round leaves the log ENGRAM_CONVERSATION_LOG_TTL_S (30 days) after it was said
             */
            kept: boolean;
        };
        /** MemoryListResponse */
        MemoryListResponse: {
            /** Memories */
            memories: components["schemas"]["MemoryView"][];
            /** Total */
            total: number;
            /** Has More */
            has_more: boolean;
            /** Limit */
            limit: number;
            /** Offset */
            offset: number;
        };
        /** MemoryLoadResponse */
        MemoryLoadResponse: {
            /** Memories */
            memories: components["schemas"]["MemoryView"][];
        };
        /** MemoryMessage */
        MemoryMessage: {
            /**
             * Role
             * @enum {string}
             */
            role: "user" | "assistant" | "system";
            /**
             * Content
             * @description Size limit per message: ENGRAM_MAX_MESSAGE_BYTES.
             */
            content: string;
        };
        /** MemoryResponse */
        MemoryResponse: {
            memory: components["schemas"]["MemoryView"];
        };
        /** MemoryView */
        MemoryView: {
            /** Memory Id */
            memory_id: string;
            /** Persona Id */
            persona_id: string;
            /**
             * Namespace
             * @enum {string}
             */
            namespace: "memory" | "round" | "kb";
            /**
             * Type
             * @enum {string}
             */
            type: "fact" | "preference" | "constraint" | "decision" | "todo" | "timeline" | "profile" | "note" | "summary";
            /** Content */
            content: string;
            /**
             * Importance
             * @description 0-1 (stored scale; a session end reports it as 1-10, x 10)
             */
            importance: number;
            /**
             * Effective Importance
             * @description R1: importance x 0.95^weeks x (1 + 0.1 x accesses), in [0, 1]
             */
            effective_importance: number;
            /** Topics */
            topics: string[];
            /** Emotion */
            emotion: string | null;
            /**
             * Status
             * @enum {string}
             */
            status: "active" | "archived" | "compressed";
            /** Pinned */
            pinned: boolean;
            /** Version */
            version: number;
            /** Pii Flags */
            pii_flags: string[];
            /** Access Count */
            access_count: number;
            /** Last Accessed At */
            last_accessed_at: number | null;
            /** Created At */
            created_at: number;
            /** Updated At */
            updated_at: number;
            /** Session Id */
            session_id: string | null;
            /**
             * Decay From
             * @description R1: when the decay clock started (creation, or the last restore / edit)
             */
            decay_from: number;
            /**
             * Crosses Threshold At
             * @description R1/R2: when the effective importance falls below ENGRAM_COMPRESS_BELOW (0.3) and the daily lifecycle job compresses it; null when it never decays (pinned, rounds, archived)
             */
            crosses_threshold_at: number | null;
            /** @description Set while archived or compressed */
            archive: components["schemas"]["ArchiveView"] | null;
            /**
             * Links
             * @description L7 related memories: the round that stated a fact, facts sharing its topic, a consolidation summary's sources or its summary
             */
            links: string[];
            /**
             * Co Retrieved
             * @description L7: memories retrieved together with this one and how often (at most ENGRAM_MAX_LINKS); twice or more makes them neighbours retrieval may pull in
             */
            co_retrieved: {
                [key: string]: number;
            };
            /**
             * Supersedes
             * @description The fact this one replaced
             */
            supersedes: string | null;
            /**
             * Superseded By
             * @description The fact that replaced this one
             */
            superseded_by: string | null;
            /**
             * Valid From
             * @description A successor fact holds from here (epoch seconds)
             */
            valid_from: number | null;
            /**
             * Valid To
             * @description A replaced fact held until here; prompts leave it out unless the question asks about the past
             */
            valid_to: number | null;
        };
        /** MessageView */
        MessageView: {
            /**
             * Role
             * @enum {string}
             */
            role: "system" | "user" | "assistant";
            /** Content */
            content: string;
        };
        /** ModelCard */
        ModelCard: {
            /** Id */
            id: string;
            /**
             * Object
             * @constant
             */
            object: "model";
            /** Created */
            created: number;
            /** Owned By */
            owned_by: string;
        };
        /** ModelList */
        ModelList: {
            /**
             * Object
             * @constant
             */
            object: "list";
            /** Data */
            data: components["schemas"]["ModelCard"][];
        };
        /** OpenAIErrorBody */
        OpenAIErrorBody: {
            /** Message */
            message: string;
            /** Type */
            type: string;
            /** Param */
            param: string | null;
            /** Code */
            code: string | null;
        };
        /** OpenAIErrorResponse */
        OpenAIErrorResponse: {
            error: components["schemas"]["OpenAIErrorBody"];
        };
        /** PatchMemoryRequest */
        PatchMemoryRequest: {
            /**
             * Version
             * @description The version you read; a stale one gets 409 CONFLICT
             */
            version: number;
            /** Summary */
            summary?: string | null;
            /**
             * Importance
             * @description 0-1 (the stored scale)
             */
            importance?: number | null;
            /** Pinned */
            pinned?: boolean | null;
        } | {
            summary: unknown;
        } | {
            importance: unknown;
        } | {
            pinned: unknown;
        };
        /** PinnedFactView */
        PinnedFactView: {
            /** Memory Id */
            memory_id: string;
            /** Text */
            text: string;
        };
        /**
         * ProcessingResponse
         * @description 202: a duplicate of a request that is still being answered after a bounded wait. The
         *     answer comes from GET .../requests/{request_id} (or the same request again) after
         *     `retry_after` seconds (also in the Retry-After header).
         */
        ProcessingResponse: {
            /**
             * Status
             * @constant
             */
            status: "processing";
            /** Request Id */
            request_id: string;
            /** Deduplicated */
            deduplicated: boolean;
            /** Retry After */
            retry_after: number;
        };
        /** ProfileResponse */
        ProfileResponse: {
            /** Persona Id */
            persona_id: string;
            /** Pinned */
            pinned: components["schemas"]["PinnedFactView"][];
            /** Topic Counts */
            topic_counts: {
                [key: string]: number;
            };
            /** Persona Mentions */
            persona_mentions: number;
            /** Version */
            version: number;
        };
        /** PutProfileRequest */
        PutProfileRequest: {
            /**
             * Pinned Memory Ids
             * @description Exactly these memories become the persona's pinned facts (L4)
             */
            pinned_memory_ids: string[];
        };
        /** ResponseMessage */
        ResponseMessage: {
            /**
             * Role
             * @constant
             */
            role: "assistant";
            /** Content */
            content: string | null;
            /** Tool Calls */
            tool_calls: {
                [key: string]: unknown;
            }[] | null;
            /** Refusal */
            refusal: string | null;
        };
        /** RestoreResponse */
        RestoreResponse: {
            memory: components["schemas"]["MemoryView"];
            /**
             * Archived
             * @description L10: others the free-plan cap archived to make room
             */
            archived: string[];
            /** @description The first of `warnings`, or null */
            warning: components["schemas"]["WarningView"] | null;
            /** Warnings */
            warnings: components["schemas"]["WarningView"][];
        };
        /** SearchResponse */
        SearchResponse: {
            /** Results */
            results: components["schemas"]["SearchResultView"][];
        };
        /** SearchResultView */
        SearchResultView: {
            memory: components["schemas"]["MemoryView"];
            /**
             * Score
             * @description Rank score; null when only filters were given
             */
            score: number | null;
            /** From Kb */
            from_kb: boolean;
        };
        /**
         * SessionEndResponse
         * @description S6: the session memory of the ended run. Ending an ended run answers with the first
         *     result (`already_ended: true`) and never calls the model again; while another request is
         *     still making it, 409 CONFLICT (retry shortly).
         */
        SessionEndResponse: {
            /** Session Id */
            session_id: string;
            /**
             * Status
             * @constant
             */
            status: "ENDED";
            /**
             * Memory Id
             * @description null when every round had expired: nothing to remember
             */
            memory_id: string | null;
            /** Summary */
            summary: string;
            /** Topics */
            topics: string[];
            /** Emotion */
            emotion: string;
            /**
             * Importance
             * @description 1-10 (seed 002); the memory stores importance / 10 on the 0-1 scale
             */
            importance: number;
            /** Model */
            model: string;
            /** @description The first of `warnings`, or null */
            warning: components["schemas"]["WarningView"] | null;
            /** Warnings */
            warnings: components["schemas"]["WarningView"][];
            /**
             * Archived
             * @description L10: ids the free-plan cap archived to make room
             */
            archived: string[];
            /**
             * Reason
             * @enum {string}
             */
            reason: "end" | "save" | "idle" | "max_messages";
            /**
             * Already Ended
             * @default false
             */
            already_ended: boolean;
        };
        /** SessionListItem */
        SessionListItem: {
            /** Session Id */
            session_id: string;
            /** Persona Id */
            persona_id: string;
            /**
             * Status
             * @enum {string}
             */
            status: "ACTIVE" | "IDLE" | "ENDED";
            /** Turn Count */
            turn_count: number;
            /**
             * Summary Preview
             * @description The rolling summary's first 160 characters
             */
            summary_preview: string;
            /** Started At */
            started_at: number;
            /** Last Activity At */
            last_activity_at: number;
            /** Expires At */
            expires_at: number;
        };
        /** SessionListResponse */
        SessionListResponse: {
            /**
             * Sessions
             * @description Live sessions, most recently active first
             */
            sessions: components["schemas"]["SessionListItem"][];
        };
        /** SessionResponse */
        SessionResponse: {
            /** Session Id */
            session_id: string;
            /** Persona Id */
            persona_id: string;
            /**
             * Status
             * @enum {string}
             */
            status: "ACTIVE" | "IDLE" | "ENDED";
            /** Turn Count */
            turn_count: number;
            /** Summary */
            summary: string;
            /** Summary Cursor */
            summary_cursor: number;
            /** Started At */
            started_at: number;
            /** Last Activity At */
            last_activity_at: number;
            /** Expires At */
            expires_at: number;
            /** Recent */
            recent: components["schemas"]["TurnView"][];
        };
        /** StreamOptions */
        StreamOptions: {
            /**
             * Include Usage
             * @description A last chunk with usage and no choices
             */
            include_usage?: boolean | null;
        };
        /** SummarizeRequest */
        SummarizeRequest: {
            /** Messages */
            messages: components["schemas"]["MemoryMessage"][];
            /** Persona Id */
            persona_id?: string | null;
            /** Session Id */
            session_id?: string | null;
        };
        /** SummarizeResponse */
        SummarizeResponse: {
            /** Summary */
            summary: string;
            /** Topics */
            topics: string[];
            /** Emotion */
            emotion: string;
            /**
             * Importance
             * @description 1-10 (seed 002); a memory made from it stores importance / 10 (0-1)
             */
            importance: number;
            /** Model */
            model: string;
            /** @description The first of `warnings`, or null */
            warning: components["schemas"]["WarningView"] | null;
            /** Warnings */
            warnings: components["schemas"]["WarningView"][];
        };
        /** TimelineMonth */
        TimelineMonth: {
            /**
             * Month
             * @description YYYY-MM (UTC) of created_at
             */
            month: string;
            /** Count */
            count: number;
            /** Memories */
            memories: components["schemas"]["MemoryView"][];
        };
        /** TimelineResponse */
        TimelineResponse: {
            /** Months */
            months: components["schemas"]["TimelineMonth"][];
        };
        /** TurnRequest */
        TurnRequest: {
            /**
             * User
             * @description What the user said
             */
            user: string;
            /**
             * Assistant
             * @description What the caller's own LLM answered
             */
            assistant: string;
            /** Idempotency Key */
            idempotency_key?: string | null;
        };
        /** TurnResponse */
        TurnResponse: {
            turn: components["schemas"]["TurnView"];
            /** Turn Count */
            turn_count: number;
            /** Duplicate */
            duplicate: boolean;
            /**
             * Session Ended
             * @default false
             */
            session_ended: boolean;
        };
        /** TurnView */
        TurnView: {
            /** Seq */
            seq: number;
            /** User */
            user: string;
            /** Assistant */
            assistant: string;
            /** Request Id */
            request_id: string;
            /** Created At */
            created_at: number;
        };
        /** Usage */
        Usage: {
            /** Prompt Tokens */
            prompt_tokens: number;
            /** Completion Tokens */
            completion_tokens: number;
            /** Total Tokens */
            total_tokens: number;
        };
        /** UsedMemoryView */
        UsedMemoryView: {
            /** Memory Id */
            memory_id: string;
            /**
             * Preview
             * @description The memory's first 80 characters
             */
            preview: string;
            /**
             * Source
             * @description pinned: a core fact, always in the prompt (L4); retrieved: found for this message
             * @enum {string}
             */
            source: "pinned" | "retrieved";
            /**
             * Score
             * @description The retrieval rank score; null for pinned facts
             */
            score: number | null;
        };
        /**
         * WarningView
         * @description Something the caller should know about a request that succeeded.
         */
        WarningView: {
            /**
             * Code
             * @description MEMORY_LIMIT_REACHED: the free plan's cap (L10) archived other memories to make room (never deleted: restore brings one back). LLM_SUMMARY_FAILED: the model failed after retries and the raw text was stored instead (M4).
             * @enum {string}
             */
            code: "MEMORY_LIMIT_REACHED" | "LLM_SUMMARY_FAILED";
            /** Message */
            message: string;
            /**
             * Archived
             * @description MEMORY_LIMIT_REACHED: the ids archived
             */
            archived: string[];
        };
        /** AuditEntryView */
        AuditEntryView: {
            /** At */
            at: number;
            /**
             * Action
             * @description METHOD and route template, or a job's step (erasure.completed)
             */
            action: string;
            /**
             * Actor Kind
             * @description end_user, backend or system
             */
            actor_kind: string;
            /**
             * Actor
             * @description a backend's IAM principal, a job's name, or the user's own hash
             */
            actor: string;
            /**
             * Outcome
             * @description the HTTP status, or completed / failed
             */
            outcome: string;
            /** Reason */
            reason: string;
            /** Ip */
            ip: string;
            /** User Agent */
            user_agent: string;
            /** Request Id */
            request_id: string;
        };
        /** AuditListResponse */
        AuditListResponse: {
            /**
             * Subject
             * @description The user as the keyed hash receipts use
             */
            subject: string;
            /**
             * Entries
             * @description Newest first
             */
            entries: components["schemas"]["AuditEntryView"][];
            /** Next Cursor */
            next_cursor: string | null;
        };
        /**
         * GatewayErrorResponse
         * @description What API Gateway itself answers before the function runs
         */
        GatewayErrorResponse: {
            message: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    backend_list_sessions_v1_users__user_id__sessions_get: {
        parameters: {
            query?: {
                persona_id?: string | null;
                /** @description At most this many sessions */
                limit?: number;
            };
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionListResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    chat_v1_personas__persona_id__sessions__session_id__chat_post: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatRequest"];
            };
        };
        responses: {
            /** @description The answer (first copy, or the stored answer of a duplicate) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            /** @description A duplicate whose first copy is still running after a bounded wait (fetch the answer from .../requests/{request_id} after Retry-After seconds), or a buffered partial transcript */
            202: {
                headers: {
                    /** @description seconds to wait (processing only) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessingResponse"] | components["schemas"]["BufferedResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_chat_v1_users__user_id__personas__persona_id__sessions__session_id__chat_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatRequest"];
            };
        };
        responses: {
            /** @description The answer (first copy, or the stored answer of a duplicate) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            /** @description A duplicate whose first copy is still running after a bounded wait (fetch the answer from .../requests/{request_id} after Retry-After seconds), or a buffered partial transcript */
            202: {
                headers: {
                    /** @description seconds to wait (processing only) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessingResponse"] | components["schemas"]["BufferedResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    context_v1_personas__persona_id__sessions__session_id__context_post: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContextRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContextResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_context_v1_users__user_id__personas__persona_id__sessions__session_id__context_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContextRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContextResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    record_turn_v1_personas__persona_id__sessions__session_id__turns_post: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TurnRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TurnResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_record_turn_v1_users__user_id__personas__persona_id__sessions__session_id__turns_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TurnRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TurnResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    get_session_v1_personas__persona_id__sessions__session_id__get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_get_session_v1_users__user_id__personas__persona_id__sessions__session_id__get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    conversation_log_v1_personas__persona_id__sessions__session_id__log_get: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the last page */
                before?: string | null;
            };
            header?: never;
            path: {
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationLogResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_conversation_log_v1_users__user_id__personas__persona_id__sessions__session_id__log_get: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the last page */
                before?: string | null;
            };
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationLogResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    end_session_v1_personas__persona_id__sessions__session_id__end_post: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's session memory; for a run that had ended already, the first result (already_ended: true) without a second model call */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionEndResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: another request is making this run's session memory right now; retry shortly */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_end_session_v1_users__user_id__personas__persona_id__sessions__session_id__end_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's session memory; for a run that had ended already, the first result (already_ended: true) without a second model call */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionEndResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: another request is making this run's session memory right now; retry shortly */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    save_session_v1_personas__persona_id__sessions__session_id__save_post: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's session memory; for a run that had ended already, the first result (already_ended: true) without a second model call */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionEndResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: another request is making this run's session memory right now; retry shortly */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_save_session_v1_users__user_id__personas__persona_id__sessions__session_id__save_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's session memory; for a run that had ended already, the first result (already_ended: true) without a second model call */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionEndResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: another request is making this run's session memory right now; retry shortly */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    request_status_v1_personas__persona_id__sessions__session_id__requests__request_id__get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
                session_id: string;
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer (first copy, or the stored answer of a duplicate) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            /** @description A duplicate whose first copy is still running after a bounded wait (fetch the answer from .../requests/{request_id} after Retry-After seconds), or a buffered partial transcript */
            202: {
                headers: {
                    /** @description seconds to wait (processing only) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessingResponse"] | components["schemas"]["BufferedResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_request_status_v1_users__user_id__personas__persona_id__sessions__session_id__requests__request_id__get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
                session_id: string;
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer (first copy, or the stored answer of a duplicate) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponse"];
                };
            };
            /** @description A duplicate whose first copy is still running after a bounded wait (fetch the answer from .../requests/{request_id} after Retry-After seconds), or a buffered partial transcript */
            202: {
                headers: {
                    /** @description seconds to wait (processing only) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessingResponse"] | components["schemas"]["BufferedResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_list_memories_v1_users__user_id__memories_get: {
        parameters: {
            query?: {
                persona_id?: string | null;
                include_archived?: boolean;
                /** @description Default ENGRAM_LIST_DEFAULT_LIMIT (10) */
                limit?: number | null;
                offset?: number;
                /** @description One type or several, comma-separated */
                type?: string | null;
                /** @description active, archived, compressed or superseded (replaced by a newer fact; also when archived since); several comma-separated (archived, compressed and superseded imply include_archived). Without it: every memory not archived, superseded ones included */
                status?: string | null;
                /** @description Only pinned (true) or only unpinned (false) memories */
                pinned?: boolean | null;
                /** @description Only the memories made from this session */
                session_id?: string | null;
            };
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryListResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_create_memory_v1_users__user_id__memories_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMemoryRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateMemoryResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_load_memories_v1_users__user_id__memories_load_get: {
        parameters: {
            query: {
                persona_id: string;
                /** @description Default ENGRAM_LOAD_DEFAULT_COUNT (5) */
                n?: number | null;
            };
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryLoadResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_search_memories_v1_users__user_id__memories_search_get: {
        parameters: {
            query?: {
                q?: string | null;
                persona_id?: string | null;
                /** @description One type or several, comma-separated */
                type?: string | null;
                /** @description ISO-8601 / RFC 3339 date or date-time; created at or after */
                from?: string | null;
                /** @description ISO-8601 / RFC 3339 date or date-time; created at or before (a date: the whole day) */
                to?: string | null;
                include_archived?: boolean;
                include_kb?: boolean;
                limit?: number | null;
            };
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_memory_timeline_v1_users__user_id__memories_timeline_get: {
        parameters: {
            query?: {
                persona_id?: string | null;
            };
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimelineResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_summarize_messages_v1_users__user_id__memories_summarize_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SummarizeRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummarizeResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_list_archive_v1_users__user_id__memories_archive_get: {
        parameters: {
            query?: {
                persona_id?: string | null;
                /** @description Default ENGRAM_LIST_DEFAULT_LIMIT (10) */
                limit?: number | null;
                offset?: number;
            };
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveListResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    memory_lifecycle_v1_memories__memory_id__lifecycle_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LifecycleLogResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_memory_lifecycle_v1_users__user_id__memories__memory_id__lifecycle_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LifecycleLogResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    get_memory_v1_memories__memory_id__get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    delete_memory_v1_memories__memory_id__delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteMemoryResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    patch_memory_v1_memories__memory_id__patch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatchMemoryRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_get_memory_v1_users__user_id__memories__memory_id__get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_delete_memory_v1_users__user_id__memories__memory_id__delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteMemoryResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_patch_memory_v1_users__user_id__memories__memory_id__patch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatchMemoryRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    archive_memory_v1_memories__memory_id__archive_post: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_archive_memory_v1_users__user_id__memories__memory_id__archive_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    restore_memory_v1_memories__memory_id__restore_post: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestoreResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_restore_memory_v1_users__user_id__memories__memory_id__restore_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                memory_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestoreResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    get_profile_v1_personas__persona_id__profile_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    put_profile_v1_personas__persona_id__profile_put: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutProfileRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_get_profile_v1_users__user_id__personas__persona_id__profile_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_put_profile_v1_users__user_id__personas__persona_id__profile_put: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutProfileRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    delete_persona_v1_personas__persona_id__delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                persona_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletePersonaResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_delete_persona_v1_users__user_id__personas__persona_id__delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                persona_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletePersonaResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    delete_document_v1_kb_documents__doc_id__delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                doc_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KbDeleteResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_request_erasure_v1_users__user_id__erasure_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ErasureRequestBody"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasureCreatedView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    confirm_erasure_v1_me_erasure__request_id__confirm_post: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ErasureConfirmBody"];
            };
        };
        responses: {
            /** @description Confirmed: queued and started */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasureView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description CONFIRMATION_INVALID: wrong token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such request for this user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: confirmed already (a token works once) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFIRMATION_EXPIRED: the token's 24 h are over; request the erasure again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_confirm_erasure_v1_users__user_id__erasure__request_id__confirm_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                request_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ErasureConfirmBody"];
            };
        };
        responses: {
            /** @description Confirmed: queued and started */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasureView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description CONFIRMATION_INVALID: wrong token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such request for this user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: confirmed already (a token works once) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFIRMATION_EXPIRED: the token's 24 h are over; request the erasure again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    get_erasure_v1_me_erasure__request_id__get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasureView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_get_erasure_v1_users__user_id__erasure__request_id__get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasureView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_export_v1_users__user_id__export_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description EXPORT_TOO_LARGE: more than ENGRAM_EXPORT_MAX_ITEMS (20,000) items: ask for it with POST /v1/me/exports (a job makes it and a link fetches it) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_start_export_v1_users__user_id__exports_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportJobView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    get_export_me_v1_me_exports__export_id__get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                export_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export's state and, once completed, its link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportJobView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such export for this user (or expired) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_get_export_v1_users__user_id__exports__export_id__get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
                export_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export's state and, once completed, its link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportJobView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such export for this user (or expired) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    list_sessions_v1_sessions_get: {
        parameters: {
            query?: {
                persona_id?: string | null;
                /** @description At most this many sessions */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionListResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    list_memories_v1_memories_get: {
        parameters: {
            query?: {
                persona_id?: string | null;
                include_archived?: boolean;
                /** @description Default ENGRAM_LIST_DEFAULT_LIMIT (10) */
                limit?: number | null;
                offset?: number;
                /** @description One type or several, comma-separated */
                type?: string | null;
                /** @description active, archived, compressed or superseded (replaced by a newer fact; also when archived since); several comma-separated (archived, compressed and superseded imply include_archived). Without it: every memory not archived, superseded ones included */
                status?: string | null;
                /** @description Only pinned (true) or only unpinned (false) memories */
                pinned?: boolean | null;
                /** @description Only the memories made from this session */
                session_id?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryListResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    create_memory_v1_memories_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMemoryRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateMemoryResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    load_memories_v1_memories_load_get: {
        parameters: {
            query: {
                persona_id: string;
                /** @description Default ENGRAM_LOAD_DEFAULT_COUNT (5) */
                n?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemoryLoadResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    search_memories_v1_memories_search_get: {
        parameters: {
            query?: {
                q?: string | null;
                persona_id?: string | null;
                /** @description One type or several, comma-separated */
                type?: string | null;
                /** @description ISO-8601 / RFC 3339 date or date-time; created at or after */
                from?: string | null;
                /** @description ISO-8601 / RFC 3339 date or date-time; created at or before (a date: the whole day) */
                to?: string | null;
                include_archived?: boolean;
                include_kb?: boolean;
                limit?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    memory_timeline_v1_memories_timeline_get: {
        parameters: {
            query?: {
                persona_id?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimelineResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    summarize_messages_v1_memories_summarize_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SummarizeRequest"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SummarizeResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    list_archive_v1_memories_archive_get: {
        parameters: {
            query?: {
                persona_id?: string | null;
                /** @description Default ENGRAM_LIST_DEFAULT_LIMIT (10) */
                limit?: number | null;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveListResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    list_documents_v1_kb_documents_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KbDocumentListResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    upload_document_v1_kb_documents_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KbDocumentRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KbDocumentView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    request_erasure_v1_me_erasure_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ErasureRequestBody"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErasureCreatedView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    export_me_v1_me_export_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description EXPORT_TOO_LARGE: more than ENGRAM_EXPORT_MAX_ITEMS (20,000) items: ask for it with POST /v1/me/exports (a job makes it and a link fetches it) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    start_export_me_v1_me_exports_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportJobView"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    chat_completions_openai_v1_chat_completions_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The persona the rounds belong to (else metadata.engram_persona, else ENGRAM_OPENAI_DOOR_PERSONA) */
                "x-engram-persona"?: string | null;
                /** @description The session (else metadata.engram_session, else ENGRAM_OPENAI_DOOR_SESSION) */
                "x-engram-session"?: string | null;
                /** @description One round per key (D1); without it, /chat's dedup window */
                "idempotency-key"?: string | null;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatCompletionRequest"];
            };
        };
        responses: {
            /** @description A chat.completion; with stream: true, the same answer as chat.completion.chunk server-sent events ending with `data: [DONE]`, delivered in one response (API Gateway buffers it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatCompletion"];
                    "text/event-stream": {
                        data: string;
                    };
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description model_not_found: `model` is neither `engram` nor one GET .../models lists */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_chat_completions_openai_backend_v1_chat_completions_post: {
        parameters: {
            query?: never;
            header: {
                /** @description The user the backend acts for */
                "x-engram-user": string;
                /** @description The persona the rounds belong to (else metadata.engram_persona, else ENGRAM_OPENAI_DOOR_PERSONA) */
                "x-engram-persona"?: string | null;
                /** @description The session (else metadata.engram_session, else ENGRAM_OPENAI_DOOR_SESSION) */
                "x-engram-session"?: string | null;
                /** @description One round per key (D1); without it, /chat's dedup window */
                "idempotency-key"?: string | null;
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatCompletionRequest"];
            };
        };
        responses: {
            /** @description A chat.completion; with stream: true, the same answer as chat.completion.chunk server-sent events ending with `data: [DONE]`, delivered in one response (API Gateway buffers it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatCompletion"];
                    "text/event-stream": {
                        data: string;
                    };
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description model_not_found: `model` is neither `engram` nor one GET .../models lists */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    models_openai_v1_models_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models a request may name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelList"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    backend_models_openai_backend_v1_models_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models a request may name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelList"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"];
                };
            };
            /** @description OpenAI's error shape {error: {message, type, param, code}}, code in lower case; THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
    list_audit_v1_users__user_id__audit_get: {
        parameters: {
            query?: {
                limit?: number;
                /** @description next_cursor of the last page */
                before?: string | null;
            };
            header?: {
                /** @description The tenant the caller acts in: one its principal is bound to (EnvConfig.backend_principals, or audit_readers on the audit route); another is 403 TENANT_FORBIDDEN. Absent: the principal's only tenant (400 when it is bound to several). */
                "X-Engram-Tenant"?: string;
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditListResponse"];
                };
            };
            /** @description VALIDATION_ERROR: the body, a parameter or an id is invalid (details.errors names the fields); also malformed JSON, invalid UTF-8, JSON nested deeper than ENGRAM_MAX_JSON_DEPTH, a number of more than 4300 digits */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description UNAUTHORIZED: no valid credentials (missing, expired or foreign token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description FORBIDDEN: the caller may not act here (an end-user token on a backend route, an IAM principal not on the allow-list, a chatbot backend on the operators' audit route); TENANT_FORBIDDEN: X-Engram-Tenant names a tenant the principal is not bound to */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description NOT_FOUND: no such session, memory, document or request (or none of the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description CONFLICT: a stale version, or the resource is being changed by another request; read again and retry. REQUEST_IN_PROGRESS: the first request with this idempotency_key is still running (Retry-After); IDEMPOTENCY_KEY_REUSED: an idempotency_key sent again with a different body; ERASURE_IN_PROGRESS: the user's data is being erased, no write for them lands until it completes (Retry-After); a write after it starts an empty life */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: a text or the whole request is over its limit (details.limit) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: a body that is not application/json (parameters such as charset aside; suffix types such as application/vnd.x+json included) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description THROTTLED: the stage's or the route's rate limit (API Gateway) or a model's rate limit; retry later. QUOTA_EXCEEDED: the user's erasure requests or export jobs for the UTC day are spent (ENGRAM_ERASURE_REQUESTS_PER_DAY, ENGRAM_EXPORT_JOBS_PER_DAY; Retry-After: the next day) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["GatewayErrorResponse"];
                };
            };
        };
    };
}
