"""Mode selection: which answerer runs a request, and what this server can offer."""

from dataclasses import dataclass

from services.answerer import deterministic, llm
from services.answerer.answer import Answer
from services.answerer.settings import Settings
from services.common.errors import Conflict, InvalidArgument

LLM_KEY_MISSING = (
    "llm mode needs DSH_EVAL_LLM_API_KEY for a provider (and optionally DSH_EVAL_LLM_BASE_URL, DSH_EVAL_LLM_MODEL), "
    "or DSH_EVAL_LLM_BASE_URL on a local model server, which takes no key (make serve-llm: http://127.0.0.1:8088/v1)"
)
MAX_QUESTION_CHARS = 4000


@dataclass(frozen=True)
class Info:
    """The modes available now, the default one, the model behind llm ("" when llm is unavailable),
    and whether llm spends a key (a provider's) rather than a local server's CPU."""

    modes: tuple[str, ...]
    default_mode: str
    llm_model: str
    llm_keyed: bool = False


class Answerer:
    """Answers with the deterministic extractor or the LLM client, per request."""

    def __init__(self, settings: Settings, client: llm.LlmClient | None = None):
        self._default_mode = settings.default_mode
        self._keyed = bool(settings.llm_api_key)
        if client is None and settings.llm_available:
            client = llm.LlmClient(
                llm.LlmConfig(
                    api_key=settings.llm_api_key,
                    base_url=settings.llm_base_url,
                    model=settings.llm_model,
                    timeout_seconds=settings.llm_timeout_seconds,
                    max_retries=settings.llm_max_retries,
                    backoff_seconds=settings.llm_backoff_seconds,
                    backoff_max_seconds=settings.llm_backoff_max_seconds,
                    max_tokens=settings.llm_max_tokens,
                )
            )
        self._client = client

    def info(self) -> Info:
        modes = ("deterministic", "llm") if self._client else ("deterministic",)
        return Info(
            modes=modes,
            default_mode=self._default_mode,
            llm_model=self._client.model if self._client else "",
            llm_keyed=self._keyed and self._client is not None,
        )

    def answer(self, question: str, context: str, *, kind: str = "", lang: str = "", mode: str = "") -> Answer:
        """Answer in mode ("" = the default). InvalidArgument for an empty or oversized
        question; Conflict (FAILED_PRECONDITION) for llm when it cannot run (no key, no local server)."""
        if not question.strip():
            raise InvalidArgument("question is empty; send the question text")
        if len(question) > MAX_QUESTION_CHARS:
            raise InvalidArgument(f"question has {len(question)} characters; the limit is {MAX_QUESTION_CHARS}")
        chosen = mode or self._default_mode
        if chosen == "llm":
            if self._client is None:
                raise Conflict(LLM_KEY_MISSING)
            return llm.answer(self._client, question, context, kind=kind, lang=lang)
        return deterministic.answer(question, context, kind=kind, lang=lang)
