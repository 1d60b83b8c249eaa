"""P3 key rotation: rewrap every user's data key under the current wrapping key.

KMS rotates its own key material yearly (enable_key_rotation): old wrappings keep opening and
nothing needs doing. Moving to another KMS key (or rotating the local keyring) leaves data
keys wrapped by the old one; this job walks the key table — one item per user, never the
content — and wraps each data key again, so the old wrapping key can then be disabled. The
data keys themselves do not change: no content is re-encrypted. Bounded pages, a cursor kept
between runs, a conditional update (a key erased or replaced meanwhile is left alone).
"""

from __future__ import annotations

from dataclasses import dataclass

from engram.adapters.crypto.cipher import FieldCipher
from engram.adapters.crypto.key_store import StoredKey
from engram.kernel.ports import JobState

JOB = "rewrap_keys"


@dataclass
class KeyRewrapJob:
    cipher: FieldCipher
    state: JobState
    page_keys: int = 1_000

    def run(self, max_pages: int = 1_000_000) -> dict[str, int]:
        store, wrapper = self.cipher.store, self.cipher.wrapper
        target = wrapper.current_key_id
        cursor = self.state.load(JOB).get("cursor")
        seen = rewrapped = 0
        for _ in range(max_pages):
            page, cursor = store.page(cursor, self.page_keys)
            for key in page:
                seen += 1
                if key.wrapped_by == target:
                    continue
                plaintext = wrapper.unwrap(key.wrapped, key.owner)
                again = wrapper.wrap(plaintext, key.owner)
                # KMS names the wrapping key by its ARN whether the setting gives the ARN, the key
                # id or an alias: what it answers is the current key's name from here on
                target = again.wrapped_by
                if key.wrapped_by == target:
                    continue  # already under the current key (the setting named it otherwise)
                if store.rewrapped(StoredKey(key.owner, key.key_id, again.wrapped, again.wrapped_by)):
                    rewrapped += 1
            self.state.save(JOB, {"cursor": cursor})
            if cursor is None:
                return {"keys_seen": seen, "keys_rewrapped": rewrapped, "complete": 1}
        return {"keys_seen": seen, "keys_rewrapped": rewrapped, "complete": 0}
