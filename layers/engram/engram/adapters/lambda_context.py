"""A Lambda context for invoking the real handlers outside Lambda (the local stack, its stream
poller, tools): the parts of LambdaContext that Powertools reads."""

from __future__ import annotations

import uuid


class LocalContext:
    """The parts of LambdaContext that Powertools reads."""

    function_name = "engram-local"
    function_version = "$LATEST"
    invoked_function_arn = "arn:aws:lambda:us-east-1:000000000000:function:engram-local"
    memory_limit_in_mb = 512
    log_group_name = "/aws/lambda/engram-local"
    log_stream_name = "local"

    def __init__(self) -> None:
        self.aws_request_id = uuid.uuid4().hex

    def get_remaining_time_in_millis(self) -> int:
        return 30_000
