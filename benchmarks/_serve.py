"""Runs the local API (the real handler behind LocalGateway) in its own process for benchmarks."""

from __future__ import annotations

import argparse
import signal
import threading

from engram.local.stack import start_stack


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ddb-endpoint", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--no-long-term", action="store_true")
    args = parser.parse_args()
    stack = start_stack(port=args.port, ddb_endpoint=args.ddb_endpoint, long_term=not args.no_long_term)
    print("ready", flush=True)
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    done.wait()
    stack.stop()


if __name__ == "__main__":
    main()
