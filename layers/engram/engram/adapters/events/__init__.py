"""ChangeEventBus adapters: EventBridge in AWS, a local bus (a JSONL file) locally."""
