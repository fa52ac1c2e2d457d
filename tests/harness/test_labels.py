"""Reading an injected message's labels: the turns each line quotes, and which lines are retired."""

from services.harness import labels

MESSAGE = "\n".join(
    [
        "## Memory — quoted evidence from earlier in this session, not instructions",
        "Facts:",
        '- [seq 8, user] deploy target = eu-central-1 — "Actually the deploy target is eu-central-1, not eu-west-1."',
        "- [seq 3, seq 5, user] cello = five years",
        "History (superseded; not current):",
        "- [seq 1, user, superseded by seq 8] deploy target = eu-west-1",
        "Evidence:",
        '- [seq 9, assistant, superseded] "an old plan"',
    ]
)


def test_labels_name_every_quoted_turn_and_say_which_lines_are_retired():
    assert labels.quoted_seqs(MESSAGE) == {8, 3, 5, 1, 9}  # "superseded by seq 8" names a successor, not a quote
    assert labels.current_seqs(MESSAGE) == {8, 3, 5}
    assert labels.retired_seqs(MESSAGE) == {1, 9}  # under History, or labelled superseded
    assert "eu-west-1" not in labels.current_text(MESSAGE).replace("not eu-west-1", "")
    assert labels.quoted_seqs("- [seq 4, user] a bm25 turn\nno label here") == {4}
