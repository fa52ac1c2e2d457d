"""What either answerer returns: the answer, what it rests on, and what it cost."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Answer:
    """An answer, the source labels it rests on and the line it came from; a model's answer also
    carries the tokens the API counted for it (prompt in, completion out), 0 when not counted."""

    text: str
    source_refs: tuple[str, ...] = ()
    supporting_line: str = ""
    mode: str = "deterministic"
    prompt_tokens: int = 0
    completion_tokens: int = 0
