"""Engram CDK app: `python infra/app.py` (via cdk.json) or `infra.app.build_app()` in tests."""
