"""OpenAI-backed adapters (any OpenAI-compatible server via OPENAI_BASE_URL)."""
