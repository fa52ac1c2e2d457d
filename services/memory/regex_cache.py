"""Regular expressions compiled once per installation, not once per process.

The language tables are several hundred regular expressions, and Python's regex compiler, written
in Python, took most of the memory service's start-up to build them (about 0.5 s of 0.8 s). This
module keeps what that compiler produced, keyed by pattern and flags, in a file beside the
bytecode cache, and makes the pattern object from it with `_sre.compile`, the step `re` itself
ends with. A pattern made so equals the one `re.compile` makes (same flags and code), which the
tests check. The file is read only by the same Python build and regex engine; any other file,
or a damaged one, is ignored and everything compiles as usual.

Like Python's .pyc files, the file is written when the service has compiled patterns that it did
not hold, and quietly not at all where the code is read-only (an image writes it as it is built).
PYTHONDONTWRITEBYTECODE does not stop it: environments set that to keep .pyc files out of
layers and checkouts, and this file is ignored by git as they are, but without it every start
pays the full compilation again.
"""

import _sre
import marshal
import os
import re
import sys
import tempfile
from pathlib import Path
from re import _compiler, _parser  # type: ignore[attr-defined]  # the compiler's own steps, see above
from typing import Any

CACHE_FILE = Path(__file__).parent / "__pycache__" / f"regex.{sys.implementation.cache_tag}.marshal"
# What the stored code depends on: the interpreter build and the regex engine's code format.
_STAMP = (sys.version, int(_sre.MAGIC), int(_sre.CODESIZE), int(_sre.MAXREPEAT), int(_sre.MAXGROUPS))

# (pattern, flags) -> (flags as compiled, code, groups, groupindex, indexgroup), _sre.compile's arguments.
_Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
_stored: dict[tuple[str, int], _Entry] = {}
_new: dict[tuple[str, int], _Entry] = {}
_used: set[tuple[str, int]] = set()


def _load(path: Path) -> dict[tuple[str, int], _Entry]:
    try:
        stamp, entries = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return entries if stamp == _STAMP and isinstance(entries, dict) else {}


def compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """re.compile(pattern, flags), from the stored compilation when there is one."""
    key = (pattern, int(flags))
    _used.add(key)
    entry = _stored.get(key) or _new.get(key)
    if entry is not None:
        try:
            return _sre.compile(pattern, *entry)  # type: ignore[no-any-return]
        except (RuntimeError, TypeError, ValueError):
            _stored.pop(key, None)  # a stored entry the engine refuses: compile it afresh below
    compiled = re.compile(pattern, flags)
    if key not in _new:
        _new[key] = _compiled_entry(pattern, int(flags))
    return compiled


def _compiled_entry(pattern: str, flags: int) -> _Entry:
    # re/_compiler.py's compile(), up to the call of _sre.compile.
    parsed: Any = _parser.parse(pattern, flags)
    # Opcodes are int subclasses, which marshal does not store.
    code = [int(op) for op in _compiler._code(parsed, flags)]
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return int(flags | parsed.state.flags), code, int(parsed.state.groups) - 1, groupindex, tuple(indexgroup)


def save(path: Path | None = None) -> bool:
    """Store the compilations this process made that the file lacks; True when it was written.

    Entries of patterns that no longer exist are dropped once they outnumber the ones in use.
    """
    if not _new:
        return False
    entries = {**_stored, **_new}
    if len(entries) > 2 * len(_used):
        entries = {key: entry for key, entry in entries.items() if key in _used}
    if not store(path or CACHE_FILE, (_STAMP, entries)):
        return False
    _stored.update(_new)
    _new.clear()
    return True


def store(path: Path, value: object) -> bool:
    """Write value, marshalled, to path beside the bytecode; False where the installation is read-only."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    except OSError:
        return False
    try:
        # Written whole under another name, then renamed: a reader sees the old file or the new one.
        with os.fdopen(fd, "wb") as out:
            marshal.dump(value, out)
        # Readable by every user, as bytecode is: an image writes it as root and serves as another user.
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except (OSError, ValueError):
        Path(temporary).unlink(missing_ok=True)
        return False
    return True


_stored.update(_load(CACHE_FILE))
