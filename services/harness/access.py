"""The least role each HarnessService RPC needs; an RPC missing here needs ADMIN."""

from services.common.principal import Role

REQUIRED_ROLE: dict[str, Role] = {
    # An evaluation writes sessions into the memory service and a report to disk.
    "RunEval": Role.WRITER,
}
