"""DynamoDB adapters (PynamoDB): the system of record for sessions, dedup, locks and memories."""
