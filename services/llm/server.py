"""The OpenAI-compatible HTTP API around the model: llama-cpp-python's server, set up from Settings."""

from pathlib import Path
from typing import Any

import uvicorn
from llama_cpp.server.app import create_app
from llama_cpp.server.settings import ModelSettings, ServerSettings

from services.llm.model import MODEL
from services.llm.settings import Settings


def build_app(settings: Settings, model_path: Path) -> Any:
    """The ASGI app; the model is loaded here, before the server listens, so any answer means ready.

    GET /health answers at once even while a completion runs: llama-cpp-python's own routes,
    /v1/models included, wait for the model's lock, so a busy server would look dead to a probe."""
    model = ModelSettings(
        model=str(model_path),
        model_alias=MODEL.alias,
        n_ctx=settings.context_tokens,
        n_threads=settings.threads,
        n_threads_batch=settings.threads,
        verbose=settings.log_level == "debug",
    )
    app = create_app(server_settings=ServerSettings(host=settings.host, port=settings.port), model_settings=[model])

    def health() -> dict[str, str]:
        return {"status": "ok", "model": MODEL.alias}

    app.add_api_route("/health", health, methods=["GET"], include_in_schema=False)

    return app


def serve(settings: Settings, model_path: Path) -> None:
    """Serve until SIGTERM/SIGINT (uvicorn finishes the requests in flight, then exits)."""
    uvicorn.run(
        build_app(settings, model_path),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        access_log=settings.log_level in ("debug", "info"),
    )
