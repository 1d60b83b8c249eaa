"""LINE channels of a deployment (W1): each mapped to a tenant and a persona in configuration
(`ENGRAM_LINE_CHANNELS`), its secret and access token read from Secrets Manager (a JSON secret
`{"channel_secret": …, "channel_access_token": …}`) through Powertools Parameters, cached per
warm container — never from code or a plain environment variable. The local stack has one demo
channel, `local`, whose secret is the local stand-in's."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from engram.settings import LineChannelConfig

LOCAL_SECRET = "engram-local-line-channel-secret"  # noqa: S105 - the local stand-in's, never a real one
LOCAL_TOKEN = "engram-local-line-access-token"  # noqa: S105


@dataclass(frozen=True, slots=True)
class LineChannel:
    id: str
    tenant: str
    persona: str
    language: str
    channel_secret: str
    access_token: str
    erase_after_unfollow_s: int | None = None  # W4: an unfollow's erasure after this grace; None: none


class Channels:
    def __init__(self, configs: tuple[LineChannelConfig, ...], fetch: Callable[[str], str], local: bool) -> None:
        self._configs = {c.id: c for c in configs}
        if local:  # the local stack's demo channel (`engram line send` talks to it)
            self._configs.setdefault("local", LineChannelConfig(id="local", tenant="default", persona="line"))
        self._fetch = fetch
        self._local = local

    def get(self, channel_id: str) -> LineChannel | None:
        config = self._configs.get(channel_id)
        if config is None:
            return None
        if config.secret_arn:
            secret = json.loads(self._fetch(config.secret_arn))
            return LineChannel(
                config.id,
                config.tenant,
                config.persona,
                config.language,
                str(secret["channel_secret"]),
                str(secret["channel_access_token"]),
                config.erase_after_unfollow_s,
            )
        if not self._local:  # a deployed channel without a secret answers like an unknown one
            return None
        return LineChannel(
            config.id,
            config.tenant,
            config.persona,
            config.language,
            LOCAL_SECRET,
            LOCAL_TOKEN,
            config.erase_after_unfollow_s,
        )
