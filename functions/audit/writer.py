"""P6: the audit table's only writer in AWS. The api and jobs invoke it with one entry (a
direct invoke their roles allow; API Gateway has no route to it); it chains the entry to the
subject's last (privacy/audit_chain.py) and puts both in one conditional transaction. Its role
may get and put items of the audit table and nothing else; the api's and the jobs' may not
touch the table (infra test), so no role they run as can overwrite or delete an entry."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram import runtime
from engram.observability.log_context import inject_invocation_context

logger = Logger()


@inject_invocation_context(logger)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    from engram.adapters.audit_writer import APPEND_EVENT, entry_from_request
    from engram.adapters.dynamodb.audit_log import DynamoAuditWriter
    from engram.adapters.dynamodb.connection import TableConfig
    from engram.adapters.dynamodb.tables import audit_table_name

    settings = runtime.current_settings()
    entry = entry_from_request(event.get(APPEND_EVENT))
    table = settings.audit_table_name or audit_table_name(settings.table_name)
    DynamoAuditWriter(TableConfig.from_settings(settings), table).append(entry)  # raises: a FunctionError
    return {"appended": entry.entry_id}
