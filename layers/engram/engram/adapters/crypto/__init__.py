"""P3 field-level encryption: per-user data keys, wrapped by KMS (a local keyring file locally)."""
