"""The dev stack as CloudFormation sees it, and the part of it the AWS tests build in moto.

`dev_template()` synthesizes infra/ (asset bundling skipped: the template's resources and
environment variables are what matter here, not the code zips), once per change of infra/. `StackInMoto`
creates its SQS queues and its exports bucket in moto from the template's own properties, the
way CloudFormation would, and resolves a function's environment variables against them — so
an adapter under test is built from the settings the deployed function would get.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
ACCOUNT = "123456789012"  # moto's default account
REGION = "us-east-1"
# The properties CloudFormation passes to SQS as queue attributes of the same name.
QUEUE_ATTRIBUTES = (
    "ContentBasedDeduplication",
    "DeduplicationScope",
    "FifoQueue",
    "FifoThroughputLimit",
    "MessageRetentionPeriod",
    "SqsManagedSseEnabled",
    "VisibilityTimeout",
)


def _cache_path() -> Path:
    """Synthesis takes 10-30 s; its result depends on infra/, cdk.json and the CDK version only
    (asset hashes aside, which these tests do not read), so it is kept under a key of those."""
    key = hashlib.sha256(importlib.metadata.version("aws-cdk-lib").encode())
    for path in sorted([REPO / "cdk.json", REPO / "tests" / "infra" / "cfn.py", *(REPO / "infra").rglob("*.py")]):
        key.update(str(path.relative_to(REPO)).encode() + b"\0" + path.read_bytes())
    return Path(tempfile.gettempdir()) / f"engram-aws-tests-dev-template-{key.hexdigest()[:24]}.json"


@functools.cache
def dev_template() -> dict[str, Any]:
    cached = _cache_path()
    if cached.exists():
        kept: dict[str, Any] = json.loads(cached.read_text())
        return kept
    template = _synthesize()
    partial = cached.with_suffix(f".{os.getpid()}.tmp")
    partial.write_text(json.dumps(template))
    partial.replace(cached)  # atomic: a parallel run reads the whole file or none
    return template


def _synthesize() -> dict[str, Any]:
    from aws_cdk import App

    from infra.app import build_stack, cdk_json_context
    from infra.config import DEV
    from infra.constructs.layers import PLACEHOLDER_DEPENDENCIES
    from tests.infra.cfn import OPERATOR_CONTEXT

    context = {**cdk_json_context(), **OPERATOR_CONTEXT, "aws:cdk:bundling-stacks": []}
    app = App(outdir=tempfile.mkdtemp(prefix="engram-aws-cdk-"), context=context)
    stack = build_stack(app, DEV, dependencies_dir=PLACEHOLDER_DEPENDENCIES)
    template: dict[str, Any] = app.synth().get_stack_by_name(stack.stack_name).template
    return template


def resources_of(template: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    return {name: r["Properties"] for name, r in template["Resources"].items() if r["Type"] == kind}


def logical_id(template: dict[str, Any], kind: str, prefix: str) -> str:
    (found,) = [name for name in resources_of(template, kind) if name.startswith(prefix)]
    return found


def _attribute(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def encryption_from_cfn(bucket: dict[str, Any]) -> dict[str, Any]:
    """AWS::S3::Bucket BucketEncryption -> the PutBucketEncryption shape."""
    rules = bucket["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    return {"Rules": [{"ApplyServerSideEncryptionByDefault": r["ServerSideEncryptionByDefault"]} for r in rules]}


def lifecycle_from_cfn(configuration: dict[str, Any]) -> dict[str, Any]:
    """AWS::S3::Bucket LifecycleConfiguration -> the PutBucketLifecycleConfiguration shape. Only
    what the stack uses; anything else fails here instead of being dropped in silence."""
    rules = []
    for n, rule in enumerate(configuration["Rules"]):
        unknown = set(rule) - {"Id", "Status", "ExpirationInDays", "Prefix"}
        if unknown:
            raise NotImplementedError(f"lifecycle rule fields not translated: {sorted(unknown)}")
        rules.append(
            {
                "ID": rule.get("Id", f"rule-{n}"),
                "Status": rule["Status"],
                "Filter": {"Prefix": rule.get("Prefix", "")},
                "Expiration": {"Days": int(rule["ExpirationInDays"])},
            }
        )
    return {"Rules": rules}


@dataclass
class StackInMoto:
    template: dict[str, Any]
    refs: dict[str, str] = field(default_factory=dict)  # logical id -> Ref (queue URL, bucket name)
    arns: dict[str, str] = field(default_factory=dict)  # logical id -> Fn::GetAtt Arn

    @classmethod
    def build(cls, template: dict[str, Any], clients: Any) -> StackInMoto:
        built = cls(template)
        built._queues(clients("sqs"))
        built._buckets(clients("s3"))
        return built

    def _queues(self, sqs: Any) -> None:
        queues = resources_of(self.template, "AWS::SQS::Queue")
        # dead-letter queues first: a redrive policy names its target's ARN
        for name, props in sorted(queues.items(), key=lambda item: "RedrivePolicy" in item[1]):
            attributes = {k: _attribute(props[k]) for k in QUEUE_ATTRIBUTES if k in props}
            if "RedrivePolicy" in props:
                policy = dict(props["RedrivePolicy"])
                policy["deadLetterTargetArn"] = self.resolve(policy["deadLetterTargetArn"])
                attributes["RedrivePolicy"] = json.dumps(policy)
            queue_name = props.get("QueueName", name + (".fifo" if props.get("FifoQueue") else ""))
            url = sqs.create_queue(QueueName=queue_name, Attributes=attributes)["QueueUrl"]
            self.refs[name] = url
            self.arns[name] = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"][
                "QueueArn"
            ]

    def _buckets(self, s3: Any) -> None:
        for name, props in resources_of(self.template, "AWS::S3::Bucket").items():
            bucket = props.get("BucketName", name.lower())
            s3.create_bucket(Bucket=bucket)
            if "BucketEncryption" in props:
                s3.put_bucket_encryption(Bucket=bucket, ServerSideEncryptionConfiguration=encryption_from_cfn(props))
            if "PublicAccessBlockConfiguration" in props:
                s3.put_public_access_block(
                    Bucket=bucket, PublicAccessBlockConfiguration=props["PublicAccessBlockConfiguration"]
                )
            if "LifecycleConfiguration" in props:
                s3.put_bucket_lifecycle_configuration(
                    Bucket=bucket, LifecycleConfiguration=lifecycle_from_cfn(props["LifecycleConfiguration"])
                )
            self.refs[name] = bucket
            self.arns[name] = f"arn:aws:s3:::{bucket}"

    def resolve(self, value: Any) -> str:
        if isinstance(value, str):
            return value
        ((fn, arg),) = value.items()
        if fn == "Ref":
            return {"AWS::AccountId": ACCOUNT, "AWS::Region": REGION}.get(arg) or self.refs[arg]
        if fn == "Fn::GetAtt" and arg[1] == "Arn":
            return self.arns[arg[0]]
        if fn == "Fn::Join":
            return str(arg[0]).join(self.resolve(v) for v in arg[1])
        raise NotImplementedError(f"{fn} is not resolved here")

    def environment(self, function_prefix: str, *names: str) -> dict[str, str]:
        """The named environment variables of a function, resolved against what was built."""
        function = resources_of(self.template, "AWS::Lambda::Function")[
            logical_id(self.template, "AWS::Lambda::Function", function_prefix)
        ]
        variables = function["Environment"]["Variables"]
        return {name: self.resolve(variables[name]) for name in names}
