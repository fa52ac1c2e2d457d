"""The least role each AnswererService RPC needs; an RPC missing here needs ADMIN."""

from services.common.principal import Role

REQUIRED_ROLE: dict[str, Role] = {
    "GetInfo": Role.READER,
    "Answer": Role.READER,
}
