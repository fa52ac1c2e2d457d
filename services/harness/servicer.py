"""HarnessService: RunEval streams the runner's progress and ends with the report."""

import contextvars
import json
import queue
import threading
from dataclasses import replace

from dsh.harness.v1 import harness_pb2, harness_pb2_grpc

from services.common.auth import presented_key
from services.common.errors import FailedPrecondition, InvalidArgument
from services.harness.confinement import confine
from services.harness.runner import BASELINES, EvalRequest, PrerequisiteError, run_eval
from services.harness.settings import DEFAULT_SEED, Settings

_DONE = object()


class PreconditionFailed(FailedPrecondition):
    """The run cannot start: missing key, module, fixtures or service (the CLI's exit 2)."""


def to_eval_request(request: harness_pb2.RunEvalRequest) -> EvalRequest:
    if any(size <= 0 for size in request.turns):
        raise InvalidArgument("turns must be positive")
    return EvalRequest(
        profile=request.profile or "smoke",
        sizes=tuple(request.turns),
        seed=request.seed or DEFAULT_SEED,
        fixtures_dir=request.fixtures_dir,
        baselines=tuple(request.baselines) or BASELINES,
        answerer=request.answerer or "deterministic",
        regenerate=request.regenerate,
        memory_addr=request.memory_addr,
        locomo=request.locomo_path,
        locomo_corrections=request.locomo_corrections,
        beam_dir=request.beam_dir,
    )


class HarnessServicer(harness_pb2_grpc.HarnessServiceServicer):
    def __init__(self, settings: Settings):
        self._settings = settings

    def RunEval(self, request, context):
        eval_request = confine(to_eval_request(request), self._settings)
        # Downstream calls carry the caller's own key, so the harness never lends its rights to anyone;
        # without one (auth off here) they carry the harness's configured key.
        forwarded = presented_key() or self._settings.client.api_key
        settings = replace(self._settings, client=self._settings.client.with_key(forwarded))
        events: queue.Queue = queue.Queue()
        outcome: dict = {}

        def progress(phase: str, baseline: str, session_id: str, done: int, total: int) -> None:
            events.put(harness_pb2.Progress(phase=phase, baseline=baseline, session_id=session_id, done=done, total=total))

        def work() -> None:
            # The runner blocks; it runs beside the stream so progress flows while it works.
            try:
                outcome["result"] = run_eval(eval_request, settings, progress)
            except BaseException as exc:  # noqa: BLE001  handed to the RPC thread, which maps it to a status or re-raises it
                outcome["error"] = exc
            finally:
                events.put(_DONE)

        # In a copy of this RPC's context: downstream calls then carry its request id and trace.
        worker = threading.Thread(target=contextvars.copy_context().run, args=(work,), name="run-eval", daemon=True)
        worker.start()
        while (event := events.get()) is not _DONE:
            yield harness_pb2.RunEvalResponse(progress=event)
        worker.join()
        if "error" in outcome:
            error = outcome["error"]
            if isinstance(error, PrerequisiteError):
                raise PreconditionFailed(str(error)) from error
            raise error
        result = outcome["result"]
        yield harness_pb2.RunEvalResponse(report_json=json.dumps(result.report, ensure_ascii=False), exit_code=result.exit_code)
