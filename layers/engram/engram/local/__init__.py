"""The local stack: DynamoDB Local, the HTTP runner that plays API Gateway, the CLI."""
