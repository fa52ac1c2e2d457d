"""What a RunEval caller may make the harness touch: fixture folders under its roots, memory addresses it was given.

The CLI is the local user's own tool and may name any path; a caller over gRPC is someone else,
who must not make the harness read arbitrary files, write fixture folders anywhere, or dial
arbitrary hosts on its behalf.
"""

from dataclasses import replace
from pathlib import Path

from services.common.errors import InvalidArgument, PermissionDenied
from services.harness.benchmarks import BEAM_PART, CORRECTIONS_PART, LOCOMO_PART, NO_CORRECTIONS
from services.harness.runner import EvalRequest
from services.harness.settings import Settings


class OutsideConfinement(PermissionDenied):
    """The request names a path or address this harness does not serve."""


def _inside(raw: str, roots: tuple[str, ...], field: str) -> str:
    """raw resolved (symlinks and `..` followed, relative to the working directory) when it lies under a root."""
    try:
        resolved = Path(raw).resolve()
    except (ValueError, OSError) as exc:  # a NUL byte, a symlink loop
        raise InvalidArgument(f"{field} {raw!r} is not a usable path: {exc}") from exc
    for root in roots:
        if resolved.is_relative_to(Path(root).resolve()):
            return str(resolved)
    raise OutsideConfinement(
        f"{field} {raw!r} is outside the folders this harness may use ({', '.join(roots)}; HARNESS_FIXTURES_DIRS): name a folder inside one"
    )


def confine(request: EvalRequest, settings: Settings) -> EvalRequest:
    """The request with its paths resolved inside settings' roots; OutsideConfinement (PERMISSION_DENIED) otherwise."""
    changes = {}
    if request.fixtures_dir:
        changes["fixtures_dir"] = _inside(request.fixtures_dir, settings.fixtures_roots, "fixtures_dir")
    # A benchmark's default lies beside the project, outside the roots unless the operator added it:
    # it is confined like a path the caller named.
    benchmarks = Path(settings.benchmarks_dir)
    if request.profile == "locomo":
        changes["locomo"] = _inside(request.locomo or str(benchmarks / LOCOMO_PART), settings.fixtures_roots, "locomo_path")
        if request.locomo_corrections != NO_CORRECTIONS:
            corrections = request.locomo_corrections or str(benchmarks / CORRECTIONS_PART)
            changes["locomo_corrections"] = _inside(corrections, settings.fixtures_roots, "locomo_corrections")
    if request.profile == "beam":
        changes["beam_dir"] = _inside(request.beam_dir or str(benchmarks / BEAM_PART), settings.fixtures_roots, "beam_dir")
    if request.out_dir:
        raise OutsideConfinement("the report directory is the harness's own (HARNESS_RESULTS_DIR); do not name one")
    allowed = {address for address in (settings.memory_addr, *settings.allowed_memory_addrs) if address}
    if request.memory_addr and request.memory_addr not in allowed:
        raise OutsideConfinement(
            f"memory_addr {request.memory_addr!r} is not an address this harness may dial: "
            f"leave it empty or use one of HARNESS_MEMORY_ADDR / HARNESS_ALLOWED_MEMORY_ADDRS ({', '.join(sorted(allowed)) or 'none set'})"
        )
    return replace(request, **changes)
