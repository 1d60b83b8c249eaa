"""What the pattern rules read of a long message: its head and its tail.

The gate, the slot and concept words, tense and time ranges are regular expressions over the
question; several are quadratic in its length (`.+?` tried from every start), and a 16 KB message of
"my my my …" took seconds on the request path. A question is said in its first or its last words
("<a pasted page> … what did I say about this?"), so the rules read both ends of a long message;
the prompt still carries the whole of it."""

from __future__ import annotations

_NEAR = 0.25  # look for a space to cut at within this share of each half's far end


def read_window(text: str, max_chars: int) -> str:
    """`text` when it holds at most `max_chars` characters; else its first and last halves of
    `max_chars`, each cut at a space near its inner end (no half word), on two lines."""
    if len(text) <= max_chars:
        return text
    half = max_chars // 2
    head, tail = text[:half], text[-half:]
    margin = int(half * _NEAR)
    cut = head.rfind(" ", half - margin)
    head = head[:cut] if cut > 0 else head
    cut = tail.find(" ", 0, margin)
    tail = tail[cut + 1 :] if cut >= 0 else tail
    return f"{head.rstrip()}\n{tail.lstrip()}"
