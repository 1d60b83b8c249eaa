"""The Lambda handler modules wired to a test's container, as the local stack wires them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engram import runtime
from engram.adapters.local_index import LocalIndex
from engram.wiring import Container


@contextmanager
def wired_handlers(container: Container) -> Iterator[Container]:
    """Every handler uses `container`; the memory indexer writes a 4-d index (the sample
    stream event's vectors)."""
    from functions.memory_indexer import handler as indexer

    index = LocalIndex.in_memory(4)
    runtime.set_container(container)
    indexer.use_index(index, container.cipher)
    try:
        yield container
    finally:
        indexer.use_index(None)
        runtime.set_container(None)
        index.close()
