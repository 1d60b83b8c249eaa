"""One Engram environment: table, queue, search domain, functions, API, jobs, alarms."""

from __future__ import annotations

import json
from pathlib import Path

from aws_cdk import Annotations, Aws, CfnOutput, Duration, RemovalPolicy, Stack, Tags
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_apigatewayv2_authorizers as authorizers
from aws_cdk import aws_apigatewayv2_integrations as integrations
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_secretsmanager as secretsmanager
from constructs import Construct

from infra.config import EnvConfig, principal_tenants
from infra.constructs.api import EngramApi
from infra.constructs.events import MemoryEvents
from infra.constructs.function import EngramFunction, SharedRuntime
from infra.constructs.jobs import Jobs
from infra.constructs.layers import EngramLayers
from infra.constructs.line import LineChannel
from infra.constructs.observability import Observability
from infra.constructs.outbox import OutboxPipe
from infra.constructs.queue import TurnQueue
from infra.constructs.search import INDEX_PREFIX, SearchDomain
from infra.constructs.tables import EngramTable
from infra.constructs.tracing import tracing_environment, tracing_layers
from infra.constructs.workers import Workers
from infra.deployable import check_deployable
from infra.nag import acknowledge


class EngramStack(Stack):
    def __init__(self, scope: Construct, cid: str, *, cfg: EnvConfig, dependencies_dir: Path, **kwargs: object) -> None:
        check_deployable(cfg)  # before anything exists: an unset issuer is the operator's to fix
        super().__init__(scope, cid, description=f"Engram conversation memory ({cfg.name})", **kwargs)  # type: ignore[arg-type]
        Tags.of(self).add("project", "engram")
        Tags.of(self).add("environment", cfg.name)

        data = EngramTable(self, "Data", cfg=cfg)
        turns = TurnQueue(self, "TurnQueue", cfg=cfg)
        search = SearchDomain(self, "Search", cfg=cfg)
        layers = EngramLayers(self, "Layers", cfg=cfg, dependencies_dir=dependencies_dir)
        if layers.dependencies_is_placeholder:
            Annotations.of(self).add_warning_v2(
                "engram:placeholder-dependencies-layer",
                "Dependencies layer is a placeholder: run `python -m infra.build_layers` before deploying.",
            )
        # Created out of band (docs/deploy.md) so the key never passes through CloudFormation.
        openai_secret = secretsmanager.Secret.from_secret_name_v2(self, "OpenAiKey", cfg.openai_secret_name)

        shared = SharedRuntime(
            layers=[*layers.all, *tracing_layers(self, cfg.tracing)],
            environment={
                "ENGRAM_ENVIRONMENT": cfg.name,
                "ENGRAM_SERVICE_NAME": cfg.service_name,
                "ENGRAM_PLAN": cfg.plan,
                "ENGRAM_AWS_REGION": Aws.REGION,
                "ENGRAM_TABLE_NAME": data.table.table_name,
                "ENGRAM_AUDIT_TABLE_NAME": data.audit_table.table_name,
                "ENGRAM_KEYS_TABLE_NAME": data.keys_table.table_name,
                "ENGRAM_TURN_QUEUE_URL": turns.queue.queue_url,
                "ENGRAM_OPENSEARCH_URL": search.url,
                "ENGRAM_OPENSEARCH_PREFIX": INDEX_PREFIX,  # the readers' grants name its read alias
                "ENGRAM_FIELD_KMS_KEY_ID": data.field_key.key_arn,
                # P3: the backup windows an erasure receipt names (DynamoDB keeps PITR 35 days by default)
                "ENGRAM_TABLE_PITR_DAYS": "35" if cfg.pitr else "0",
                "ENGRAM_KEY_RECOVERY_DAYS": str(cfg.key_recovery_days if cfg.pitr else 0),
                # Read once at cold start; a partial ARN (no random suffix) is a valid SecretId.
                "ENGRAM_OPENAI_SECRET_ARN": openai_secret.secret_arn,
                "ENGRAM_MODEL_MODE": cfg.model_mode,
                "ENGRAM_ALLOW_LOCAL_MODELS": "true" if cfg.allow_local_models else "false",
                "POWERTOOLS_SERVICE_NAME": cfg.service_name,
                "POWERTOOLS_METRICS_NAMESPACE": "Engram",
                "POWERTOOLS_LOG_LEVEL": cfg.log_level,
                # O3: where spans go; they carry ids and counts, never content (observability/spans.py)
                **tracing_environment(cfg.tracing),
                **cfg.settings_env,
            },
        )
        api = EngramApi(self, "Api", cfg=cfg, shared=shared)
        # P4: only the api authorizes backends; the other functions never see the list.
        api.handler.add_environment("ENGRAM_BACKEND_PRINCIPALS", json.dumps(principal_tenants(cfg.backend_principals)))
        workers = Workers(self, "Workers", cfg=cfg, shared=shared, turns=turns, table=data.table)
        jobs = Jobs(self, "Jobs", cfg=cfg, shared=shared)
        # Post-turn jobs: derived from stored rounds / closed runs, never sent by a function.
        outbox = OutboxPipe(self, "Outbox", cfg=cfg, table=data.table, table_key=data.table_key, queue=turns.queue)

        # --- permission matrix (P4: one role per function, nothing shared) -------------
        # api: conversations + memories (rw), enqueue access jobs (turns come from the
        # outbox pipe), query embeddings (OpenAI), search.
        data.grant_read_write(api.handler.role)
        data.grant_field_encrypt_decrypt(api.handler.role)
        data.grant_keys_use(api.handler.role)
        turns.queue.grant_send_messages(api.handler.role)
        openai_secret.grant_read(api.handler.role)
        search.grant_read(api.handler.role)
        # turn_worker: LLM turn, summary, extraction, merge with nearest memories.
        # (SQS consume permissions come with the event source mapping.)
        data.grant_read_write(workers.turn_worker.role)
        data.grant_field_encrypt_decrypt(workers.turn_worker.role)
        data.grant_keys_use(workers.turn_worker.role)
        openai_secret.grant_read(workers.turn_worker.role)
        search.grant_read(workers.turn_worker.role)
        # memory_indexer: stream read (from the mapping), the user's data key to
        # index plaintext for BM25, and the only write access to the index.
        data.grant_read(workers.indexer.role)
        data.grant_field_decrypt(workers.indexer.role)
        data.grant_keys_read(workers.indexer.role)
        search.grant_write(workers.indexer.role)
        # ... and its daily orphan pass (R6): the indexer stays the index's only writer.
        data.grant_index_reconcile_state(workers.indexer.role)
        jobs.schedule_function("index_reconcile", cfg.index_reconcile_schedule, workers.indexer.function)
        # memory change events (docs/events.md): the indexer publishes each change it reads from the
        # stream, the erasure job one user.erased per completed erasure; webhooks are EventBridge's
        memory_events = MemoryEvents(self, "MemoryEvents", cfg=cfg)
        for publisher in (workers.indexer, jobs.handler):
            memory_events.grant_publish(publisher.role)
            publisher.add_environment("ENGRAM_EVENT_BUS_NAME", memory_events.bus.event_bus_name)
        self.memory_events = memory_events
        # jobs: idle_sessions, lifecycle, retention and consolidation are registered
        # (functions/jobs/handler.py); the table access is exactly what they do, and each
        # further job adds its own. idle_sessions closes runs (their RUN# items reach the queue
        # through the outbox pipe, so no SendMessage) and makes the memory of runs whose maker
        # died (LLM summary, field key); lifecycle compresses with the small model when
        # configured (the same secret).
        data.grant_jobs(jobs.handler.role)
        data.grant_field_encrypt_decrypt(jobs.handler.role)
        data.grant_keys_use(jobs.handler.role)
        data.grant_keys_manage(jobs.handler.role)  # P3: erasure deletes keys; rewrap_keys after a rotation
        data.grant_erasure_log(jobs.handler.role)  # O4: log completed erasures; reerase_restored reads them
        jobs.handler.add_environment("ENGRAM_ERASURE_LOG_TABLE_NAME", data.erasure_log_table.table_name)
        openai_secret.grant_read(jobs.handler.role)
        search.grant_read(jobs.handler.role)
        # erasure (P1): deletes the user's documents (delete-by-query only) and signs the receipt
        # with the deployment's asymmetric key, whose private half never leaves KMS; the api
        # hashes user ids with a generated secret and starts the job at once after a confirmation.
        search.grant_delete_user_documents(jobs.handler.role)
        receipt_key = kms.Key(
            self,
            "ReceiptSigningKey",
            key_spec=kms.KeySpec.ECC_NIST_P256,
            key_usage=kms.KeyUsage.SIGN_VERIFY,
            description=f"{cfg.prefix}: signs erasure receipts (ECDSA_SHA_256)",
            removal_policy=RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY,
        )
        receipt_key.grant(jobs.handler.role, "kms:Sign", "kms:GetPublicKey")
        jobs.handler.add_environment("ENGRAM_RECEIPT_KMS_KEY_ID", receipt_key.key_arn)
        hash_key = secretsmanager.Secret(
            self,
            "ErasureHashKey",
            description=f"{cfg.prefix}: keys user ids into erasure receipts",
            generate_secret_string=secretsmanager.SecretStringGenerator(exclude_punctuation=True, password_length=64),
            removal_policy=RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY,
        )
        acknowledge(hash_key, "SMG4", "A keyed-hash salt for receipts: rotating it would orphan every issued receipt.")
        # the api names users in requests; the jobs in exports, the erasure log and the re-erasure
        for holder in (api.handler, jobs.handler):
            hash_key.grant_read(holder.role)
            holder.add_environment("ENGRAM_ERASURE_HASH_KEY_SECRET_ARN", hash_key.secret_arn)
        jobs.handler.function.grant_invoke_latest_version(api.handler.role)  # not its versions (:*)
        api.handler.add_environment("ENGRAM_ERASURE_FUNCTION_NAME", jobs.handler.function.function_name)
        self.receipt_key = receipt_key
        # exports (P2): a large export is written by the jobs function (which also deletes the
        # documents of a user it erases) and fetched through a presigned GET the api signs; kept a
        # day, never public, TLS only.
        exports = s3.Bucket(
            self,
            "Exports",
            encryption=s3.BucketEncryption.S3_MANAGED,
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            enforce_ssl=True,
            lifecycle_rules=[s3.LifecycleRule(expiration=Duration.days(1))],
            removal_policy=RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY,
        )
        acknowledge(
            exports,
            "S1",
            "Holds each export for one day; who asked for which export is in the API's audit log (P6), "
            "so server access logs would only duplicate it.",
        )
        objects = exports.arn_for_objects("*")
        exports_id = Stack.of(self).get_logical_id(exports.node.default_child)  # type: ignore[arg-type]
        for role, actions in (
            (jobs.handler.role, ["s3:PutObject", "s3:DeleteObject"]),
            (api.handler.role, ["s3:GetObject"]),  # the presigned GET is signed with the api's role
        ):
            iam.Grant.add_to_principal(grantee=role, actions=actions, resource_arns=[objects])
            acknowledge(
                role,
                f"IAM5[Resource::<{exports_id}.Arn>/*]",
                f"{', '.join(actions)} of export documents in this one bucket: their keys "
                "(tenant/export id) are data, not known when the policy is written.",
            )
        for holder in (api.handler, jobs.handler):
            holder.add_environment("ENGRAM_EXPORT_BUCKET", exports.bucket_name)
        self.exports_bucket = exports
        # audit (P6): one function writes the audit table (get and put: each entry with its chain
        # head, conditionally, in one transaction); api and jobs append through it by invoke and may
        # not touch the table; operators list a user's entries through their own function behind
        # GET /v1/users/{userId}/audit (IAM), which can only query them. No role may update or
        # delete an entry: every role that touches the table is denied that outright.
        audit_writer = EngramFunction(
            self,
            "AuditWriter",
            cfg=cfg,
            handler="audit.writer.lambda_handler",
            description="Appends audit entries (P6): the audit table's only writer, chained per user",
            sizing=cfg.audit_writer,
            shared=shared,
        )
        data.grant_audit_append(audit_writer.role)
        for appender in (api.handler, jobs.handler):
            audit_writer.function.grant_invoke_latest_version(appender.role)
            appender.add_environment("ENGRAM_AUDIT_WRITER_FUNCTION_NAME", audit_writer.function.function_name)
            data.deny_audit_changes(appender.role, put_too=True)
        data.deny_audit_changes(audit_writer.role, put_too=False)
        audit_reader = EngramFunction(
            self,
            "AuditReader",
            cfg=cfg,
            handler="audit.handler.lambda_handler",
            description="Lists a user's audit entries (P6): read-only on the audit table",
            sizing=cfg.jobs,
            shared=shared,
        )
        data.grant_audit_read(audit_reader.role)
        data.deny_audit_changes(audit_reader.role, put_too=True)
        # P2: an export includes the audit entries about the user; the writers get them from the
        # reader (a direct invoke for one subject), never from the table
        for exporter in (api.handler, jobs.handler):
            audit_reader.function.grant_invoke_latest_version(exporter.role)
            exporter.add_environment("ENGRAM_AUDIT_READER_FUNCTION_NAME", audit_reader.function.function_name)
        hash_key.grant_read(audit_reader.role)
        audit_reader.add_environment("ENGRAM_ERASURE_HASH_KEY_SECRET_ARN", hash_key.secret_arn)
        # P6: operators only (EnvConfig.audit_readers), a list apart from the chatbot backends'
        audit_reader.add_environment("ENGRAM_AUDIT_READERS", json.dumps(principal_tenants(cfg.audit_readers)))
        api.http_api.add_routes(
            path="/v1/users/{userId}/audit",
            methods=[apigw.HttpMethod.GET],
            integration=integrations.HttpLambdaIntegration("AuditReader", audit_reader.function),
            authorizer=authorizers.HttpIamAuthorizer(),
        )

        # LINE (W1–W3): the webhook keeps its dedup markers and queues; the worker runs turns like
        # the turn worker (table, field key, data keys, the OpenAI secret, search reads)
        line = LineChannel(self, "Line", cfg=cfg, shared=shared, http_api=api.http_api)
        data.grant_event_markers(line.webhook.role)
        data.grant_field_encrypt_decrypt(line.webhook.role)  # P3: it seals each event for the queue
        data.grant_keys_use(line.webhook.role)  # with the user's data key (made on a first event)
        turns.queue.grant_send_messages(line.worker.role)  # a turn's access counts, as the api sends them
        data.grant_read_write(line.worker.role)
        data.grant_field_encrypt_decrypt(line.worker.role)
        data.grant_keys_use(line.worker.role)
        openai_secret.grant_read(line.worker.role)
        search.grant_read(line.worker.role)
        # W4: "delete my data" in the chat requests and confirms the user's erasure (the request
        # names the user by the keyed hash) and starts the erasure job, like the api's confirm
        hash_key.grant_read(line.worker.role)
        line.worker.add_environment("ENGRAM_ERASURE_HASH_KEY_SECRET_ARN", hash_key.secret_arn)
        jobs.handler.function.grant_invoke_latest_version(line.worker.role)
        line.worker.add_environment("ENGRAM_ERASURE_FUNCTION_NAME", jobs.handler.function.function_name)
        # ... and the erasure function pushes the receipt's summary to the LINE user who asked
        for secret in line.secrets:
            secret.grant_read(jobs.handler.role)
        jobs.handler.add_environment("ENGRAM_LINE_CHANNELS", line.channels_json)
        self.line = line
        # Per-route buckets under the stage's: the anonymous routes cannot spend every user's (abuse)
        api.throttle_routes(cfg.route_throttles, [*api.anonymous_routes, *line.routes])

        functions = {
            "Api": api.handler,
            "LineWebhook": line.webhook,
            "LineWorker": line.worker,
            "TurnWorker": workers.turn_worker,
            "MemoryIndexer": workers.indexer,
            "Jobs": jobs.handler,
            "AuditReader": audit_reader,
            "AuditWriter": audit_writer,
        }
        Observability(
            self,
            "Observability",
            cfg=cfg,
            http_api=api.http_api,
            functions={name: f.function for name, f in functions.items()},
            dead_letter_queues={
                **workers.dead_letter_queues,
                "jobs": jobs.dlq,
                "outbox": outbox.dlq,
                "line": line.dlq,
                **memory_events.dead_letter_queues,
            },
            indexer=workers.indexer.function,
        )

        self.table = data.table
        self.api = api
        self.functions = functions
        self.outbox = outbox
        CfnOutput(self, "TableName", value=data.table.table_name)
        CfnOutput(self, "TurnQueueUrl", value=turns.queue.queue_url)
        CfnOutput(self, "OpenSearchUrl", value=search.url)
        # what `make smoke PUBLIC_KEY=…` and `engram erasure verify` check receipts with (docs/deploy.md)
        CfnOutput(self, "ReceiptKeyArn", value=self.receipt_key.key_arn)
