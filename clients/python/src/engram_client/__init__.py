"""Engram's Python client (placeholder until the client lands)."""
