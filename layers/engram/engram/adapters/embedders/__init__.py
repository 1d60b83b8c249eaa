"""Embedder adapters: text -> L2-normalised float32 vectors (see engram.memory.ports.Embedder)."""
