"""Local reply generator: deterministic, labelled, and visibly built from the context.

It lets the whole turn run with no key (local stack, tests); it is not a language model.
"""

from __future__ import annotations

from collections.abc import Sequence

from engram.adapters.local_models import LOCAL_MODEL
from engram.domain.models import Completion


class LocalResponder:
    name = LOCAL_MODEL

    def reply(self, messages: Sequence[dict[str, str]]) -> Completion:
        user = messages[-1]["content"] if messages else ""
        system = messages[0]["content"] if messages and messages[0]["role"] == "system" else ""
        remembered = [line[2:] for line in system.splitlines() if line.startswith("- ")]
        earlier = len([m for m in messages[1:-1] if m["role"] == "user"])
        parts = [f"You said: {user.strip()[:200]}"]
        if remembered:
            parts.append("I remember: " + "; ".join(remembered[:3]))
        if earlier:
            parts.append(f"({earlier} earlier rounds in view)")
        return Completion(text=" ".join(parts), model=self.name)
