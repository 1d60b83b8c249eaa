"""The shared kernel every layer may use: ids, the clock, domain errors, the ports all features share."""
