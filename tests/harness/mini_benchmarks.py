"""Tiny folders in the layouts of the public benchmarks, with sentences written for the tests (no benchmark data).

write_beam_dir: BEAM's layout (<id>/chat.json, <id>/chat_trunecated.json, <id>/probing_questions/...).
write_locomo_dir: one LoCoMo conversation file (26.json, which question ids call locomo_0) and a
corrections file in the locomo-audit errors.json format.
"""

import json
from pathlib import Path


def _user(message_id: int, text: str, **extra) -> dict:
    return {"role": "user", "id": message_id, "content": text, **extra}


def _assistant(message_id: int, text: str) -> dict:
    return {"role": "assistant", "id": message_id, "content": text}


def beam_chat() -> list[dict]:
    """Two batches: a deploy region that changes, an instrument said played and then never played."""
    first = [
        [
            _user(0, "The deploy target for the billing service is eu-west-1. ->-> 1,1", time_anchor="March-15-2024", index="1,1"),
            _assistant(1, "Noted: the billing service deploys to eu-west-1."),
        ],
        [
            _user(2, "I played the cello in a youth orchestra for five years. ->-> 1,2", index="1,2"),
            _assistant(3, "Five years of cello is a solid grounding."),
        ],
        [_user(4, "My sister Lena lives in Porto and teaches violin there. ->-> 1,3"), _assistant(5, "Porto is a lovely city.")],
    ]
    second = [
        [
            _user(
                6,
                "Actually the deploy target for the billing service is eu-central-1, not eu-west-1. ->-> 2,1",
                time_anchor="April-05-2024",
            ),
            _assistant(7, "Understood, eu-central-1 from now on."),
        ],
        [_user(8, "I have never played any musical instrument in my life. ->-> 2,2"), _assistant(9, "Never too late to start.")],
    ]
    return [{"batch_number": 1, "time_anchor": None, "turns": first}, {"batch_number": 2, "time_anchor": None, "turns": second}]


def beam_questions() -> dict:
    return {
        "abstention": [
            {"question": "What is the name of my dog?", "ideal_response": "No information.", "rubric": ["no information about a dog"]}
        ],
        "knowledge_update": [
            {
                "question": "Which region is the deploy target for the billing service?",
                "answer": "eu-central-1",
                "source_chat_ids": {"original_info": [0], "updated_info": [6]},
                "rubric": ["LLM response should state: eu-central-1"],
            }
        ],
        "contradiction_resolution": [
            {
                "question": "Have I ever played a musical instrument?",
                "ideal_answer": "You said both.",
                "source_chat_ids": {"first_statement": [2], "second_statement": [8]},
                "rubric": ["LLM response should state: both were said"],
            }
        ],
        "information_extraction": [
            {
                "question": "Which city does my sister Lena live in?",
                "answer": "Porto",
                "source_chat_ids": [4],
                "rubric": ["LLM response should state: Porto"],
            }
        ],
        "event_ordering": [
            {
                "question": "In what order did I mention the deploy region and the cello?",
                "source_chat_ids": [[0, 6], 2],
                "rubric": ["region", "cello"],
            }
        ],
    }


def write_beam_dir(root: Path, *, nested: bool = False) -> Path:
    """Chat 3 (chat.json only) and chat 12 (a truncated copy beside a longer chat.json); nested puts them under data/chats/100K."""
    chats = root / "data" / "chats" / "100K" if nested else root
    for name in ("3", "12"):
        folder = chats / name
        (folder / "probing_questions").mkdir(parents=True)
        (folder / "probing_questions" / "probing_questions.json").write_text(json.dumps(beam_questions()))
        (folder / "topic.json").write_text(json.dumps({"title": f"Test chat {name}"}))
        (folder / "chat.json").write_text(json.dumps(beam_chat()))
    longer = [*beam_chat(), {"batch_number": 3, "turns": [[_user(10, "This batch was cut off upstream."), _assistant(11, "Ok.")]]}]
    (chats / "12" / "chat.json").write_text(json.dumps(longer))
    (chats / "12" / "chat_trunecated.json").write_text(json.dumps(beam_chat()))
    return root


def _turn(speaker: str, dia_id: str, text: str) -> dict:
    return {"speaker": speaker, "dia_id": dia_id, "text": text}


def locomo_conversation() -> dict:
    """Three sessions; session 3 shares no word with the kayak question, so no retrieval finds it for that question."""
    return {
        "speaker_a": "Ana",
        "speaker_b": "Ben",
        "session_1_date_time": "4:05 pm on 17 March, 2024",
        "session_1": [
            _turn("Ana", "D1:1", "I adopted a grey cat called Miso last week."),
            _turn("Ben", "D1:2", "Does Miso like the balcony?"),
            _turn("Ana", "D1:3", "Miso sleeps on the balcony all afternoon."),
        ],
        "session_2_date_time": "9:05 am on 2 June, 2024",
        "session_2": [
            _turn("Ben", "D2:1", "Any plans for the summer?"),
            _turn("Ana", "D2:2", "I bought a red kayak at the harbour shop in Bergen."),
            _turn("Ben", "D2:3", "Paddling the fjord sounds great."),
        ],
        "session_3_date_time": "7:30 pm on 9 July, 2024",
        "session_3": [
            _turn("Ben", "D3:1", "The weather stayed grey all week."),
            _turn("Ben", "D3:2", "Thunderstorms again tonight."),
        ],
        "qa": [
            {"question": "What is the name of Ana's cat?", "answer": "Miso", "evidence": ["D1:1"], "category": 4},
            # The published evidence names the wrong session; the corrections file gives the right turn.
            {"question": "Where did Ana buy the red kayak?", "answer": "Oslo", "evidence": ["D3:1"], "category": 4},
            # Published evidence that holds no dialog id: scored only with the correction.
            {"question": "Which shop sold the kayak?", "answer": "the harbour shop", "evidence": ["D"], "category": 1},
            {"question": "Who sleeps on the balcony?", "answer": "Miso", "evidence": ["D1:3"], "category": 2},
        ],
    }


def corrections(**changes) -> list[dict]:
    """The locomo-audit errors.json entries for locomo_conversation() (26.json, so locomo_0)."""
    entries = [
        {
            "question_id": "locomo_0_qa1",
            "question": "Where did Ana buy the red kayak?",
            "golden_answer": "Oslo",
            "category": 4,
            "error_type": "HALLUCINATION",
            "cited_evidence": ["D3:1"],
            "correct_evidence": ["D2:2"],
            "reasoning": "D2:2 names the harbour shop in Bergen.",
            "correct_answer": "At the harbour shop in Bergen",
        },
        {
            "question_id": "locomo_0_qa2",
            "question": "Which shop sold the kayak?",
            "golden_answer": "the harbour shop",
            "category": 1,
            "error_type": "WRONG_CITATION",
            "cited_evidence": ["D"],
            "correct_evidence": ["D2:2", "D7:7"],
            "reasoning": "The id is malformed; D7:7 is a slip of the auditor's, kept to test dropping.",
            "correct_answer": "the harbour shop",
        },
        {
            "question_id": "locomo_4_qa0",
            "question": "A question of another conversation",
            "correct_evidence": ["D1:1"],
            "error_type": "WRONG_CITATION",
        },
    ]
    for index, change in changes.items():
        entries[int(index.lstrip("e"))].update(change)
    return entries


def write_locomo_dir(root: Path, entries: list | None = None) -> tuple[Path, Path]:
    """(the conversations folder, the corrections file)."""
    data = root / "locomo"
    data.mkdir(parents=True)
    (data / "26.json").write_text(json.dumps(locomo_conversation()))
    fixes = root / "errors.json"
    fixes.write_text(json.dumps(corrections() if entries is None else entries))
    return data, fixes
