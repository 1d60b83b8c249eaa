"""LINE Messaging API channel (W1–W3): webhook, events, replies."""
