"""Hypothesis strategies that build any request of a gRPC service from its protobuf descriptors.

Every field type is covered (integers at their edges, floats with nan/inf, strings with NUL,
control characters and "²", bytes, enums with unknown numbers, nested messages, repeated
fields, maps). Fields named like the contract's own (session_id, seq, event_id, query,
up_to_seq) draw mostly from small pools, so consecutive cases meet the same sessions and the
stateful paths run: append, then compact, then retrieve, close, delete, append again.
Raw bodies (random bytes, truncated messages, invalid UTF-8 in a string field) test the
server's own parsing.
"""

from google.protobuf import descriptor as d
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from hypothesis import strategies as st

SESSIONS = ("fz-a", "fz-b", "fz-c", "fz-中文")
EVENT_IDS = tuple(f"e{n}" for n in range(1, 9))
WORDS = ("deploy", "target", "eu-west-1", "always", "never", "port", "8080", "blocked", "goal", "部署", "目标", "the", "is")
ODD_TEXT = ("", "\x00", "²", "٣", "\u202e", "a" * 5000, "\ud7ff", "😀", " ", "\n\t", "%s%n", "' OR 1=1 --", '"', "*", "NEAR(", "-1")
SENTENCES = (
    "The deploy target is eu-west-1.",
    "Always run the linter before committing.",
    "Actually, the port is 9090, not 8080.",
    "Goal for this shift: migrate the billing service.",
    "We're blocked on the security review.",
    "以后部署都用蓝绿发布。",
)


def weighted(*choices: tuple[int, st.SearchStrategy]) -> st.SearchStrategy:
    """One of the strategies, each drawn with its weight (st.one_of would merge repeated ones)."""
    slots = [strategy for weight, strategy in choices for _ in range(weight)]
    return st.sampled_from(range(len(slots))).flatmap(lambda index: slots[index])


_INT_RANGES = {
    d.FieldDescriptor.TYPE_INT32: (-(2**31), 2**31 - 1),
    d.FieldDescriptor.TYPE_SINT32: (-(2**31), 2**31 - 1),
    d.FieldDescriptor.TYPE_SFIXED32: (-(2**31), 2**31 - 1),
    d.FieldDescriptor.TYPE_INT64: (-(2**63), 2**63 - 1),
    d.FieldDescriptor.TYPE_SINT64: (-(2**63), 2**63 - 1),
    d.FieldDescriptor.TYPE_SFIXED64: (-(2**63), 2**63 - 1),
    d.FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1),
    d.FieldDescriptor.TYPE_FIXED32: (0, 2**32 - 1),
    d.FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1),
    d.FieldDescriptor.TYPE_FIXED64: (0, 2**64 - 1),
}


def _integers(low: int, high: int, name: str) -> st.SearchStrategy[int]:
    edges = [v for v in (0, 1, -1, 2, low, high, low + 1, high - 1, 2**31, 2**53 + 1) if low <= v <= high]
    small = st.integers(max(low, -3), min(high, 12))
    anything = st.integers(low, high)
    if name in ("seq", "up_to_seq"):
        # Mostly seqs a session may hold, so appends succeed and compactions find them.
        plausible = st.integers(max(low, 1), min(high, 12))
        return weighted((6, plausible), (1, small), (1, st.sampled_from(edges)), (1, anything))
    if name == "seconds":
        return weighted((3, st.integers(0, 2_000_000_000)), (1, st.sampled_from(edges)), (1, anything))
    return st.one_of(st.sampled_from(edges), small, anything)


def _text(name: str) -> st.SearchStrategy[str]:
    odd = st.sampled_from(ODD_TEXT)
    anything = st.text(max_size=40)
    if name in ("session_id",):
        pool = st.sampled_from(SESSIONS)
        return weighted((6, pool), (1, odd), (1, anything), (1, st.text(min_size=120, max_size=140)))
    if name in ("event_id",):
        return weighted((6, st.sampled_from(EVENT_IDS)), (1, odd), (1, anything))
    if name in ("query", "question"):
        phrase = st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join)
        many = st.lists(st.text(alphabet="abcdefghij", min_size=3, max_size=6), min_size=400, max_size=700).map(" ".join)
        return weighted((4, phrase), (1, odd), (1, anything), (1, many))
    if name in ("text", "summary", "context"):
        return weighted((4, st.sampled_from(SENTENCES)), (1, odd), (1, anything))
    if name in ("page_token",):
        return st.one_of(st.just(""), st.integers(0, 2**70).map(str), odd, anything)
    return st.one_of(odd, anything, st.sampled_from(WORDS))


def _attributes() -> st.SearchStrategy[dict[str, str]]:
    up_to = weighted((3, st.integers(-2, 12).map(str)), (1, st.sampled_from(["²", str(2**63), "9" * 30, "", "x"])))
    key = weighted((3, st.sampled_from(["up_to_seq", "speaker", "dia_id"])), (1, st.text(max_size=10)))
    value = st.one_of(up_to, st.text(max_size=20))
    return st.dictionaries(key, value, max_size=3)


def field_value(field: d.FieldDescriptor, depth: int) -> st.SearchStrategy:
    """One value of a singular field (a map entry or a list element for repeated ones)."""
    kind = field.type
    if kind in _INT_RANGES:
        return _integers(*_INT_RANGES[kind], field.name)
    if kind == d.FieldDescriptor.TYPE_BOOL:
        return st.booleans()
    if kind in (d.FieldDescriptor.TYPE_DOUBLE, d.FieldDescriptor.TYPE_FLOAT):
        return st.floats(allow_nan=True, allow_infinity=True, width=64 if kind == d.FieldDescriptor.TYPE_DOUBLE else 32)
    if kind == d.FieldDescriptor.TYPE_STRING:
        return _text(field.name)
    if kind == d.FieldDescriptor.TYPE_BYTES:
        return st.binary(max_size=64)
    if kind == d.FieldDescriptor.TYPE_ENUM:
        known = [value.number for value in field.enum_type.values]
        # Open enums keep unknown numbers on the wire: a client may send any int32.
        return weighted((6, st.sampled_from(known)), (1, st.integers(-(2**31), 2**31 - 1)))
    if kind == d.FieldDescriptor.TYPE_MESSAGE:
        return message(field.message_type, depth + 1)
    raise ValueError(f"field {field.full_name} has a type this strategy does not know: {kind}")


def _field(field: d.FieldDescriptor, depth: int) -> st.SearchStrategy:
    if field.message_type is not None and field.message_type.GetOptions().map_entry:
        if field.name == "attributes":
            return _attributes()
        key, value = field.message_type.fields_by_name["key"], field.message_type.fields_by_name["value"]
        return st.dictionaries(field_value(key, depth), field_value(value, depth), max_size=3)
    if field.is_repeated:
        return st.lists(field_value(field, depth), max_size=3 if depth == 0 else 2)
    return field_value(field, depth)


@st.composite
def _message(draw, descriptor: d.Descriptor, depth: int) -> Message:
    cls = GetMessageClass(descriptor)
    out = cls()
    for field in descriptor.fields:
        # Leave fields unset now and then, as real clients do; always, past a few levels.
        if depth > 3 or draw(st.integers(0, 19)) == 0:
            continue
        value = draw(_field(field, depth))
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            target = getattr(out, field.name)
            for key, item in value.items():
                if field.message_type.fields_by_name["value"].message_type is not None:
                    target[key].CopyFrom(item)
                else:
                    target[key] = item
        elif field.is_repeated:
            target = getattr(out, field.name)
            if field.message_type is not None:
                for item in value:
                    target.add().CopyFrom(item)
            else:
                target.extend(value)
        elif field.message_type is not None:
            getattr(out, field.name).CopyFrom(value)
        else:
            setattr(out, field.name, value)
    return out


def message(descriptor: d.Descriptor, depth: int = 0) -> st.SearchStrategy[Message]:
    """Any message of this type, built field by field from its descriptor."""
    return _message(descriptor, depth)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _invalid_utf8(descriptor: d.Descriptor) -> st.SearchStrategy[bytes]:
    """A body whose first string field holds bytes that are not UTF-8."""
    strings = [f for f in descriptor.fields if f.type == d.FieldDescriptor.TYPE_STRING]
    if not strings:
        return st.binary(max_size=32)
    bad = st.sampled_from([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"ok\x80ok", b"\xf8\x88\x80\x80\x80"])
    return st.builds(lambda field, raw: _varint(field.number << 3 | 2) + _varint(len(raw)) + raw, st.sampled_from(strings), bad)


def raw_body(descriptor: d.Descriptor) -> st.SearchStrategy[bytes]:
    """Bytes that are not a valid serialized message of this type (or, by chance, are)."""
    truncated = st.builds(
        lambda m, cut: m.SerializeToString()[: max(0, len(m.SerializeToString()) - cut)], message(descriptor), st.integers(1, 8)
    )
    return st.one_of(st.binary(min_size=1, max_size=80), truncated, _invalid_utf8(descriptor))


def request_body(descriptor: d.Descriptor) -> st.SearchStrategy[bytes]:
    """A serialized request: mostly well-formed messages, one case in six a raw body."""
    valid = message(descriptor).map(lambda m: m.SerializeToString())
    return weighted((5, valid), (1, raw_body(descriptor)))
