"""Privacy (P1–P6): erasure with a signed receipt."""
