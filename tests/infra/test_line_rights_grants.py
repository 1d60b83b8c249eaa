"""W4 in the synthesized stack: the LINE worker requests and confirms a chat's erasure (the hash
key's secret, an invoke of the erasure function, as the api's confirm) and never runs the job
itself; the erasure function, which completes it, reads the channel secrets to push the
receipt's summary; a channel's unfollow grace reaches the functions' channel list."""

from __future__ import annotations

import json
from typing import Any

from tests.infra.cfn import as_list, policy_statements, resources


def _function(template: dict[str, Any], handler: str) -> dict[str, Any]:
    (fn,) = [f for f in resources(template, "AWS::Lambda::Function").values() if f["Properties"]["Handler"] == handler]
    return fn


def test_the_line_worker_confirms_and_the_erasure_function_answers(templates: dict[str, dict[str, Any]]) -> None:
    template = templates["dev"]
    worker_env = _function(template, "line_worker.handler.lambda_handler")["Properties"]["Environment"]["Variables"]
    jobs_env = _function(template, "jobs.handler.lambda_handler")["Properties"]["Environment"]["Variables"]
    (hash_key,) = [k for k in resources(template, "AWS::SecretsManager::Secret") if "ErasureHashKey" in k]
    assert hash_key in json.dumps(worker_env["ENGRAM_ERASURE_HASH_KEY_SECRET_ARN"])
    assert "ENGRAM_ERASURE_FUNCTION_NAME" in worker_env
    statements = policy_statements(template)
    (worker,) = [s for p, s in statements.items() if "LineWorker" in p]
    actions = {a for s in worker for a in as_list(s["Action"])}
    assert "lambda:InvokeFunction" in actions
    assert any("secretsmanager:GetSecretValue" in as_list(s["Action"]) and hash_key in json.dumps(s) for s in worker)
    assert not any(a.startswith(("kms:Sign", "s3:")) for a in actions)  # the job's grants stay the job's
    (jobs,) = [s for p, s in statements.items() if "JobsFunction" in p]
    assert any(
        "secretsmanager:GetSecretValue" in as_list(s["Action"]) and "engram/dev/line/respira" in json.dumps(s)
        for s in jobs
    )
    channels = json.dumps(jobs_env["ENGRAM_LINE_CHANNELS"])  # a Fn::Join: the secrets' ARNs are tokens
    assert "respira" in channels and "erase_after_unfollow_s" in channels
