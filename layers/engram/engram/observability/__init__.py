"""Logs and traces: the invocation context every handler logs with, and the tracer."""
