"""The single DynamoDB table (system of record) and its KMS keys.

Keys (ARCHITECTURE §4): PK/SK strings; every item may carry `expires_at`
(epoch seconds) for TTL. Sparse GSIs let each schedule read only what is due.
"""

from __future__ import annotations

from aws_cdk import Duration, RemovalPolicy, Stack
from aws_cdk import aws_dynamodb as ddb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from constructs import Construct

from infra.config import EnvConfig

TTL_ATTRIBUTE = "expires_at"
S = ddb.AttributeType.STRING
N = ddb.AttributeType.NUMBER

# name -> (partition key, sort key, projection). Sparse ones: the attributes exist only while due.
GSIS: dict[str, tuple[tuple[str, ddb.AttributeType], tuple[str, ddb.AttributeType], ddb.ProjectionType]] = {
    # Erasure (P1) and export (P2) enumerate every item of a user; keys are enough to Get/Delete.
    "by_user": (("user_key", S), ("SK", S), ddb.ProjectionType.KEYS_ONLY),
    # S6 idle sessions: sharded partition, query last_activity_at < now - idle.
    "active_sessions": (("active_shard", S), ("last_activity_at", N), ddb.ProjectionType.KEYS_ONLY),
    # R2/R4: sort key = when the effective score crosses the compression threshold.
    "compression_due": (("due_shard", S), ("compress_due_at", N), ddb.ProjectionType.KEYS_ONLY),
    # P1: pending / confirmed requests; tiny, so project everything the job needs.
    "erasure_requests": (("erasure_status", S), ("requested_at", N), ddb.ProjectionType.ALL),
}

_TABLE_DATA_ACTIONS = [
    "dynamodb:GetItem",
    "dynamodb:BatchGetItem",
    "dynamodb:Query",
    "dynamodb:ConditionCheckItem",
    "dynamodb:DescribeTable",
]
_TABLE_WRITE_ACTIONS = [
    "dynamodb:PutItem",
    "dynamodb:UpdateItem",
    "dynamodb:DeleteItem",
    "dynamodb:BatchWriteItem",
]
# The scheduled jobs (TransactWriteItems has no IAM action of its own: it needs the Put,
# Update and Delete inside it). idle_sessions (S6): read meta and rounds, close a run, lease
# and complete it (conditional UpdateItem), store its session memory (conditional PutItem).
# lifecycle (R1–R5): read what is due, compress / archive (UpdateItem with its log lines,
# PutItem), delete archives past their grace period (DeleteItem), reschedule (UpdateItem).
# retention (R6): one bounded page of the table a run (Scan: the only one, with a cursor kept
# in the job's state item), expired records deleted, lost ones touched for the indexer.
_JOBS_TABLE_ACTIONS = [
    "dynamodb:GetItem",
    "dynamodb:Query",
    "dynamodb:Scan",
    "dynamodb:PutItem",
    "dynamodb:UpdateItem",
    "dynamodb:DeleteItem",
    "dynamodb:BatchWriteItem",  # the erasure deletes a user's items 25 at a time
    "dynamodb:ConditionCheckItem",  # P1: the erasure fence's check in every write that creates an item
]
INDEX_RECONCILE_STATE_PK = "_JOB#index_reconcile"  # engram.adapters.dynamodb.job_state
# what the jobs read: the sparse indexes, and by_user for the erasure's enumeration
JOB_INDEXES = ("active_sessions", "compression_due", "by_user", "erasure_requests")
# What DynamoDB needs from a caller to use a customer-managed table key (CDK's
# table grants, spelled out so no wildcard action is needed).
_TABLE_KEY_ACTIONS = [
    "kms:Decrypt",
    "kms:Encrypt",
    "kms:ReEncryptFrom",
    "kms:ReEncryptTo",
    "kms:GenerateDataKey",
    "kms:GenerateDataKeyWithoutPlaintext",
    "kms:DescribeKey",
]


class EngramTable(Construct):
    def __init__(self, scope: Construct, cid: str, *, cfg: EnvConfig) -> None:
        super().__init__(scope, cid)
        removal = RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY
        self.table_key = kms.Key(
            self,
            "TableKey",
            description=f"{cfg.prefix}: DynamoDB table encryption at rest",
            enable_key_rotation=True,
            removal_policy=removal,
            pending_window=Duration.days(30 if cfg.retain_data else 7),
        )
        # P3 / ARCHITECTURE §9: wraps the per-user data keys used for field-level
        # encryption (crypto-shredding). Separate from the table key so that a role
        # able to read the table is not automatically able to read content.
        self.field_key = kms.Key(
            self,
            "FieldKey",
            description=f"{cfg.prefix}: wraps per-user data keys (field-level encryption)",
            enable_key_rotation=True,
            removal_policy=removal,
            pending_window=Duration.days(30 if cfg.retain_data else 7),
        )
        self.table = ddb.Table(
            self,
            "Table",
            partition_key=ddb.Attribute(name="PK", type=S),
            sort_key=ddb.Attribute(name="SK", type=S),
            billing_mode=ddb.BillingMode.PAY_PER_REQUEST,
            time_to_live_attribute=TTL_ATTRIBUTE,
            stream=ddb.StreamViewType.NEW_AND_OLD_IMAGES,  # indexer needs OLD for deletes, NEW for upserts
            point_in_time_recovery_specification=ddb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=cfg.pitr
            ),
            encryption=ddb.TableEncryption.CUSTOMER_MANAGED,
            encryption_key=self.table_key,
            deletion_protection=cfg.retain_data,
            removal_policy=removal,
        )
        for name, (pk, sk, projection) in GSIS.items():
            self.table.add_global_secondary_index(
                index_name=name,
                partition_key=ddb.Attribute(name=pk[0], type=pk[1]),
                sort_key=ddb.Attribute(name=sk[0], type=sk[1]),
                projection_type=projection,
            )

        # P6: the audit log, its own table: writers may only put new entries, the reader only query.
        self.audit_table = ddb.Table(
            self,
            "AuditTable",
            partition_key=ddb.Attribute(name="subject", type=S),
            sort_key=ddb.Attribute(name="entry", type=S),
            billing_mode=ddb.BillingMode.PAY_PER_REQUEST,
            point_in_time_recovery_specification=ddb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=cfg.pitr
            ),
            encryption=ddb.TableEncryption.CUSTOMER_MANAGED,
            encryption_key=self.table_key,
            deletion_protection=cfg.retain_data,
            removal_policy=removal,
        )
        # O4: completed erasures (tenant, keyed user hash, scope, times), apart from the single
        # table so that restoring it does not take the log back: the re-erasure reads it.
        self.erasure_log_table = ddb.Table(
            self,
            "ErasureLogTable",
            partition_key=ddb.Attribute(name="tenant", type=S),
            sort_key=ddb.Attribute(name="entry", type=S),
            billing_mode=ddb.BillingMode.PAY_PER_REQUEST,
            point_in_time_recovery_specification=ddb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=cfg.pitr
            ),
            encryption=ddb.TableEncryption.CUSTOMER_MANAGED,
            encryption_key=self.table_key,
            deletion_protection=cfg.retain_data,
            removal_policy=removal,
        )
        # P3: the wrapped per-user data keys, apart from the single table so that no backup of
        # it holds a key: once an erasure deletes a user's key, no copy of the table decrypts
        # that user's content. Its own recovery window is short (key_recovery_days).
        self.keys_table = ddb.Table(
            self,
            "KeysTable",
            partition_key=ddb.Attribute(name="owner", type=S),
            billing_mode=ddb.BillingMode.PAY_PER_REQUEST,
            point_in_time_recovery_specification=ddb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=cfg.pitr,
                recovery_period_in_days=cfg.key_recovery_days if cfg.pitr else None,
            ),
            encryption=ddb.TableEncryption.CUSTOMER_MANAGED,
            encryption_key=self.table_key,
            deletion_protection=cfg.retain_data,
            removal_policy=removal,
        )

    def grant_erasure_log(self, grantee: iam.IGrantable) -> None:
        """O4: the erasure job logs each completed erasure (PutItem); after a restore the
        re-erasure reads the log (Scan: one item per erasure) and walks the restored table's
        users through the by_user index (Scan of that keys-only index, a bounded page a run)."""
        self._grant(grantee, ["dynamodb:PutItem", "dynamodb:Scan"], resource_arns=[self.erasure_log_table.table_arn])
        self._grant(grantee, ["dynamodb:Scan"], resource_arns=[f"{self.table.table_arn}/index/by_user"])

    def grant_event_markers(self, grantee: iam.IGrantable) -> None:
        """D3: the LINE webhook keeps one marker per webhookEventId (conditional put, read on a
        duplicate, dropped when the event could not be queued) and nothing else; P1: each put
        carries the erasure fence's check (ConditionCheckItem) in its transaction."""
        self._grant(
            grantee,
            ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:DeleteItem", "dynamodb:ConditionCheckItem"],
            resource_arns=[self.table.table_arn],
        )

    def grant_keys_use(self, grantee: iam.IGrantable) -> None:
        """P3: read a user's wrapped data key, create one for a new user (conditional put)."""
        self._grant(grantee, ["dynamodb:GetItem", "dynamodb:PutItem"], resource_arns=[self.keys_table.table_arn])

    def grant_keys_read(self, grantee: iam.IGrantable) -> None:
        self._grant(grantee, ["dynamodb:GetItem"], resource_arns=[self.keys_table.table_arn])

    def grant_keys_manage(self, grantee: iam.IGrantable) -> None:
        """P3: the erasure deletes a user's key (crypto-shredding); rewrap_keys walks the key
        table (Scan: one item per user, never content) and rewrites each wrapping under the
        current wrapping key (Encrypt)."""
        self._grant(
            grantee,
            ["dynamodb:DeleteItem", "dynamodb:Scan", "dynamodb:UpdateItem"],
            resource_arns=[self.keys_table.table_arn],
        )
        self.field_key.grant(grantee, "kms:Encrypt")

    def grant_audit_append(self, grantee: iam.IGrantable) -> None:
        """P6: the audit writer: GetItem (a subject's chain head) and PutItem (the entry, absent,
        and the head moved from n to n+1, in one transaction); no query, change or delete."""
        self._grant(grantee, ["dynamodb:GetItem", "dynamodb:PutItem"], resource_arns=[self.audit_table.table_arn])

    def deny_audit_changes(self, grantee: iam.IGrantable, *, put_too: bool) -> None:
        """P6: an explicit Deny, so no later grant can let this role update or delete an audit
        entry (nor, `put_too`, put one: every role but the writer's). IAM has no condition on a
        request's ConditionExpression, so an allowed PutItem could overwrite; only the writer's
        code puts, always conditionally, and the hash chain shows any other change."""
        actions = [
            "dynamodb:UpdateItem",
            "dynamodb:DeleteItem",
            "dynamodb:BatchWriteItem",
            "dynamodb:PartiQLUpdate",
            "dynamodb:PartiQLDelete",
            *(["dynamodb:PutItem", "dynamodb:PartiQLInsert"] if put_too else []),
        ]
        grantee.grant_principal.add_to_principal_policy(
            iam.PolicyStatement(effect=iam.Effect.DENY, actions=actions, resources=[self.audit_table.table_arn])
        )

    def grant_audit_read(self, grantee: iam.IGrantable) -> None:
        self._grant(grantee, ["dynamodb:Query"], resource_arns=[self.audit_table.table_arn])

    def _index_arns(self) -> list[str]:
        return [f"{self.table.table_arn}/index/{name}" for name in GSIS]

    def grant_read(self, grantee: iam.IGrantable) -> None:
        self._grant(grantee, _TABLE_DATA_ACTIONS)

    def grant_read_write(self, grantee: iam.IGrantable) -> None:
        # No Scan anywhere: every job reads a sparse GSI, never the whole table.
        self._grant(grantee, _TABLE_DATA_ACTIONS + _TABLE_WRITE_ACTIONS)

    def grant_jobs(self, grantee: iam.IGrantable) -> None:
        """The registered jobs only: the table, and Query on the sparse indexes they read."""
        self._grant(grantee, _JOBS_TABLE_ACTIONS, resource_arns=[self.table.table_arn])
        iam.Grant.add_to_principal(
            grantee=grantee,
            actions=["dynamodb:Query"],
            resource_arns=[f"{self.table.table_arn}/index/{name}" for name in JOB_INDEXES],
        )

    def _grant(self, grantee: iam.IGrantable, actions: list[str], resource_arns: list[str] | None = None) -> None:
        iam.Grant.add_to_principal(
            grantee=grantee,
            actions=actions,
            resource_arns=resource_arns or [self.table.table_arn, *self._index_arns()],
        )
        iam.Grant.add_to_principal(
            grantee=grantee,
            actions=_TABLE_KEY_ACTIONS,
            resource_arns=[self.table_key.key_arn],
            conditions={"StringEquals": {"kms:ViaService": f"dynamodb.{Stack.of(self).region}.amazonaws.com"}},
        )

    def grant_index_reconcile_state(self, grantee: iam.IGrantable) -> None:
        """The indexer's daily orphan pass keeps its cursor in one item and may write nothing else
        (PutItem only where the partition key is that item's; reads come with grant_read)."""
        iam.Grant.add_to_principal(
            grantee=grantee,
            actions=["dynamodb:PutItem"],
            resource_arns=[self.table.table_arn],
            conditions={"ForAllValues:StringEquals": {"dynamodb:LeadingKeys": [INDEX_RECONCILE_STATE_PK]}},
        )

    def grant_field_encrypt_decrypt(self, grantee: iam.IGrantable) -> None:
        """Create per-user data keys and unwrap them."""
        self.field_key.grant(grantee, "kms:GenerateDataKey", "kms:Decrypt")

    def grant_field_decrypt(self, grantee: iam.IGrantable) -> None:
        self.field_key.grant(grantee, "kms:Decrypt")
