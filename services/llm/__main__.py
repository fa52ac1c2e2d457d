"""`python -m services.llm`: the local model server in the foreground until SIGTERM/SIGINT.

Runs in .venv-llm (make llm-setup). `--verify` only checks the model file's SHA-256.
"""

import sys

from services.common.config import ConfigError
from services.common.settings_table import answer_arguments
from services.llm.model import MODEL, ModelError, locate, verify
from services.llm.settings import SETTINGS_TABLE, Settings

HELP_SUMMARY = (
    f"python -m services.llm: an OpenAI-compatible chat API on {MODEL.alias} ({MODEL.licence}), "
    "for the answerer's llm mode without a key; --verify checks the model file and exits."
)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    verify_only = argv[:1] == ["--verify"]
    if not verify_only:
        answered = answer_arguments("llm", HELP_SUMMARY, SETTINGS_TABLE, argv)
        if answered is not None:
            return answered
    try:
        settings = Settings.from_env()
        path = locate()
        verify(path)
    except (ConfigError, ModelError) as exc:
        print(f"llm: {exc}", file=sys.stderr)
        return 2
    if verify_only:
        print(f"llm: {path} has the pinned size ({MODEL.size} bytes) and SHA-256 ({MODEL.sha256})")
        return 0
    try:
        from services.llm.server import serve
    except ImportError as exc:
        print(f"llm: llama-cpp-python's server is not installed here ({exc}); run `make llm-setup` and use .venv-llm", file=sys.stderr)
        return 2
    print(
        f"llm: serving {MODEL.alias} on http://{settings.host}:{settings.port}/v1 ({settings.threads} threads)", file=sys.stderr, flush=True
    )
    serve(settings, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
