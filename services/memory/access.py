"""The least role each MemoryService RPC needs; an RPC missing here needs ADMIN."""

from services.common.principal import Role

REQUIRED_ROLE: dict[str, Role] = {
    "GetCapabilities": Role.READER,
    "Retrieve": Role.READER,
    "Assemble": Role.READER,
    "ListItems": Role.READER,
    "GetTaskState": Role.READER,
    "ExportSession": Role.READER,
    "AppendEvents": Role.WRITER,
    "Compact": Role.WRITER,
    "OpenSession": Role.WRITER,
    "CloseSession": Role.WRITER,
    "DeleteSession": Role.WRITER,
    "ListSessions": Role.READER,
    "ImportSession": Role.WRITER,
    "DeleteUserData": Role.ADMIN,
    "DeleteTenantData": Role.ADMIN,
}
