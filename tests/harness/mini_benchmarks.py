"""Tiny folders in the layouts of the public benchmarks, with sentences written for the tests (no benchmark data).

write_locomo_dir: one LoCoMo conversation file (26.json, which question ids call locomo_0) and a
corrections file in the locomo-audit errors.json format.
"""

import json
from pathlib import Path


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
