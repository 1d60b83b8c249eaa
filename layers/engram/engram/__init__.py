"""Engram: conversation memory for LLM chatbots."""
