"""`python -m services.harness.bench_bm25`: the bm25-turns baseline as a process of its own, for the bench.

The curve's clients and the 1M-turn session's generator run in the bench process; bm25-turns served
there would share their GIL and their core, which the memory service (a child process) does not.
Listens on BENCH_BM25_LISTEN (the bench passes a free loopback port), stops on SIGTERM or SIGINT.
"""

import os

from services.common.grpc_server import serve_until_signal
from services.harness.baselines.bm25_turns import Bm25TurnsServicer
from services.harness.baselines.host_window import serve_baseline

LISTEN_VAR = "BENCH_BM25_LISTEN"


def main() -> None:
    serve_until_signal(serve_baseline(Bm25TurnsServicer(), os.environ.get(LISTEN_VAR, "127.0.0.1:0")), grace=1.0)


if __name__ == "__main__":
    main()
