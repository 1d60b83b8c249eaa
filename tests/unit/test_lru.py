"""The bounded LRU a warm container keeps between requests (kernel/lru.py): the session META copies
and the retriever's query-side vectors."""

from __future__ import annotations

from engram.kernel.lru import Lru


def test_the_least_recently_used_goes_past_the_size() -> None:
    lru: Lru[str, int] = Lru(2)
    lru.put("a", 1)
    lru.put("b", 2)
    assert lru.get("a") == 1  # now the most recent
    lru.put("c", 3)
    assert (lru.get("a"), lru.get("b"), lru.get("c")) == (1, None, 3)


def test_none_forgets_and_a_size_of_zero_keeps_nothing() -> None:
    lru: Lru[str, int] = Lru(2)
    lru.put("a", 1)
    lru.put("a", None)
    assert lru.get("a") is None
    lru.put("b", 2)
    lru.drop("b")
    assert lru.get("b") is None
    none: Lru[str, int] = Lru(0)
    none.put("a", 1)
    assert none.get("a") is None


def test_an_entry_older_than_its_age_is_gone() -> None:
    now = [0.0]
    lru: Lru[str, int] = Lru(4, max_age_s=600, clock=lambda: now[0])
    lru.put("a", 1)
    now[0] = 600.0
    assert lru.get("a") == 1
    now[0] = 601.0
    assert lru.get("a") is None  # an erased user's copy does not stay in a warm container
    lru.put("a", 2)
    assert lru.get("a") == 2
