"""OpenSearch domain: the derived, rebuildable memory index (BM25 + k-NN).

Public endpoint + IAM (SigV4), not a VPC: the functions stay outside a VPC (no
NAT gateway, no ENI cold starts, no VPC endpoints for DynamoDB/SQS/KMS/Secrets
Manager), and the domain's resource policy names only this stack's function
roles. Fine-grained access control stays off: there is no human/dashboard
user, and the index holds nothing that is not rebuildable from DynamoDB.

Readers (api, turn worker, jobs) reach the index only through its read alias: GET/HEAD
of documents and POST to the read-only search endpoints. Only the memory indexer can
write (POST _bulk, PUT/DELETE indices, templates, aliases).
"""

from __future__ import annotations

from aws_cdk import RemovalPolicy, Stack
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_iam as iam
from aws_cdk import aws_logs as logs
from aws_cdk import aws_opensearchservice as opensearch
from constructs import Construct

from infra.config import EnvConfig
from infra.constructs.function import log_retention
from infra.nag import acknowledge

ENGINE_VERSION = opensearch.EngineVersion.OPENSEARCH_2_19  # latest 2.x in aws-cdk-lib 2.275
# Index names the functions use (ENGRAM_OPENSEARCH_PREFIX; engram.adapters.opensearch_template.IndexLayout).
INDEX_PREFIX = "engram-memory"
READ_ALIAS = f"{INDEX_PREFIX}-read"
# POST is how OpenSearch takes a query body, but POST also writes (_bulk, _doc, _update,
# _delete_by_query): readers get it only on these read-only endpoints of the read alias.
SEARCH_PATHS = tuple(f"{READ_ALIAS}/{endpoint}" for endpoint in ("_search", "_msearch", "_count"))
READ_ACTIONS = ["es:ESHttpGet", "es:ESHttpHead"]
WRITE_ACTIONS = [*READ_ACTIONS, "es:ESHttpPost", "es:ESHttpPut", "es:ESHttpDelete", "es:ESHttpPatch"]


class SearchDomain(Construct):
    def __init__(self, scope: Construct, cid: str, *, cfg: EnvConfig) -> None:
        super().__init__(scope, cid)
        sizing = cfg.search
        removal = RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY
        self.domain_name = f"{cfg.prefix}-memory"  # explicit: the resource policy needs the ARN up front
        log_groups = {
            kind: logs.LogGroup(
                self, f"{kind}Logs", retention=log_retention(cfg.log_retention_days), removal_policy=removal
            )
            for kind in ("SlowSearch", "SlowIndex", "App")
        }
        zone_awareness = (
            opensearch.ZoneAwarenessConfig(enabled=True, availability_zone_count=sizing.zone_awareness_azs)
            if sizing.zone_awareness_azs
            else opensearch.ZoneAwarenessConfig(enabled=False)
        )
        self.domain = opensearch.Domain(
            self,
            "Domain",
            domain_name=self.domain_name,
            version=ENGINE_VERSION,
            capacity=opensearch.CapacityConfig(
                data_node_instance_type=sizing.data_node_instance_type,
                data_nodes=sizing.data_nodes,
                master_node_instance_type=sizing.master_node_instance_type,
                master_nodes=sizing.master_nodes or None,
                multi_az_with_standby_enabled=False,  # needs 3 AZs + dedicated masters; opt in per env later
            ),
            ebs=opensearch.EbsOptions(
                enabled=True, volume_size=sizing.volume_size_gib, volume_type=ec2.EbsDeviceVolumeType.GP3
            ),
            zone_awareness=zone_awareness,
            node_to_node_encryption=True,
            encryption_at_rest=opensearch.EncryptionAtRestOptions(enabled=True),
            enforce_https=True,
            tls_security_policy=opensearch.TLSSecurityPolicy.TLS_1_2,
            # O4. OpenSearch 2.x also takes hourly automated snapshots (kept 14 days);
            # the index is derived, so the real backup is DynamoDB PITR + a reindex.
            automated_snapshot_start_hour=cfg.snapshot_hour_utc,
            logging=opensearch.LoggingOptions(
                slow_search_log_enabled=True,
                slow_search_log_group=log_groups["SlowSearch"],
                slow_index_log_enabled=True,
                slow_index_log_group=log_groups["SlowIndex"],
                app_log_enabled=True,
                app_log_group=log_groups["App"],
            ),
            # CDK would otherwise add a custom-resource Lambda to write the policy below.
            suppress_logs_resource_policy=True,
            removal_policy=removal,
        )
        stack = Stack.of(self)
        logs.CfnResourcePolicy(
            self,
            "LogsPolicy",
            policy_name=f"{cfg.prefix}-opensearch-logs",
            policy_document=stack.to_json_string(
                {
                    "Version": "2012-10-17",
                    "Statement": [
                        {
                            "Effect": "Allow",
                            "Principal": {"Service": "es.amazonaws.com"},
                            "Action": ["logs:PutLogEvents", "logs:CreateLogStream"],
                            "Resource": [g.log_group_arn for g in log_groups.values()],
                            "Condition": {"StringEquals": {"aws:SourceAccount": stack.account}},
                        }
                    ],
                }
            ),
        )
        # Written on the L1 resource instead of Domain(access_policies=...), which
        # would add a custom-resource Lambda; the document resolves at synth, so
        # grants added later by the stack still land in it.
        self.domain_arn = stack.format_arn(service="es", resource="domain", resource_name=self.domain_name)
        self._access_policy = iam.PolicyDocument()
        cfn = self.domain.node.default_child
        assert isinstance(cfn, opensearch.CfnDomain)
        cfn.access_policies = self._access_policy
        self._logical_id = Stack.of(self).get_logical_id(cfn)
        self.url = f"https://{self.domain.domain_endpoint}"

        acknowledge(
            self.domain,
            "OS1",
            "Public endpoint on purpose: functions run outside a VPC; access needs SigV4 by a role "
            "named in the resource policy, over HTTPS (TLS 1.2).",
        )
        acknowledge(
            self.domain,
            "OS3",
            "Access is restricted by IAM principal, not IP: Lambda has no fixed source addresses.",
        )
        if not sizing.master_node_instance_type:
            acknowledge(
                self.domain,
                "OS4",
                f"{cfg.name}: sized without dedicated masters (config.search); the index is rebuildable.",
            )
        if not sizing.zone_awareness_azs:
            acknowledge(
                self.domain,
                "OS7",
                f"{cfg.name}: single-AZ sizing (config.search); the index is rebuildable from DynamoDB.",
            )

    def _allow(self, role: iam.IRole, actions: list[str], paths: list[str]) -> None:
        # Identity side uses the domain's GetAtt Arn (a dependency on the domain), the
        # resource side the name-based ARN (the domain cannot reference itself).
        iam.Grant.add_to_principal(
            grantee=role, actions=actions, resource_arns=[f"{self.domain.domain_arn}/{p}" for p in paths]
        )
        self._access_policy.add_statements(
            iam.PolicyStatement(
                principals=[iam.ArnPrincipal(role.role_arn)],
                actions=actions,
                resources=[f"{self.domain_arn}/{p}" for p in paths],
            )
        )

    def grant_read(self, role: iam.IRole) -> None:
        """Documents and searches through the read alias; nothing that writes."""
        self._allow(role, READ_ACTIONS, [f"{READ_ALIAS}/*"])
        self._allow(role, ["es:ESHttpPost"], list(SEARCH_PATHS))
        acknowledge(
            role,
            f"IAM5[Resource::<{self._logical_id}.Arn>/{READ_ALIAS}/*]",
            f"GET/HEAD only, of documents of the read alias ({READ_ALIAS}/_doc/<id>): document ids "
            "are data, not known when the policy is written.",
        )

    def grant_delete_user_documents(self, role: iam.IRole) -> None:
        """P1: the erasure removes a user's documents itself (verified to zero before the receipt),
        through the write alias's delete endpoints only; it cannot create or change a document
        (no PUT; `_bulk` could, so erasure deletes by query)."""
        self._allow(role, ["es:ESHttpPost"], [f"{INDEX_PREFIX}-write/_delete_by_query"])

    def grant_write(self, role: iam.IRole) -> None:
        """Only the memory indexer writes the index (ARCHITECTURE §1)."""
        self._allow(role, WRITE_ACTIONS, ["*"])
        acknowledge(
            role,
            f"IAM5[Resource::<{self._logical_id}.Arn>/*]",
            "The memory indexer is the index's only writer: it creates the template, versioned indices "
            "and aliases and bulk-writes documents, so its paths span this one domain (no other).",
        )
