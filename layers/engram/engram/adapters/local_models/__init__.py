"""Deterministic local stand-ins for the model-backed ports (no key, no network).

Every result they produce is labelled with the model name "local-heuristic".
"""

LOCAL_MODEL = "local-heuristic"
