"""One construct per concern; each takes the environment's `EnvConfig` explicitly."""
