"""Kick a scheduled job now (P1: the erasure after a confirmation) with an asynchronous Lambda
invoke of the jobs function, in the shape of its scheduled events. Best effort: the schedule
runs the job anyway, so a failed kick is logged, never an error for the caller."""

from __future__ import annotations

import json
import logging
import time
import uuid

logger = logging.getLogger(__name__)


def invoke_job(function_name: str, job: str, region: str) -> bool:
    import boto3
    from botocore.exceptions import BotoCoreError, ClientError

    event = {
        "version": "0",
        "id": str(uuid.uuid4()),
        "detail-type": "Scheduled Event",
        "source": "engram.jobs",
        "account": "000000000000",
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "region": region,
        "resources": [],
        "detail": {"job": job},
    }
    try:
        boto3.client("lambda", region_name=region).invoke(
            FunctionName=function_name, InvocationType="Event", Payload=json.dumps(event).encode()
        )
    except (BotoCoreError, ClientError) as exc:
        logger.warning(
            "could not start the job now; the schedule will", extra={"job": job, "cause": type(exc).__name__}
        )
        return False
    return True
