"""Baselines: MemoryService implementations without storage, served in-process by the harness.

Both keep only what an agent host keeps, so the harness can evaluate them through the
exact code path (gRPC, the same RPCs) it uses for the real memory service.
"""

from services.harness.baselines.bm25_turns import Bm25TurnsServicer
from services.harness.baselines.rolling_summary import RollingSummaryServicer
from services.harness.baselines.skill_only import SkillOnlyServicer

BASELINE_SERVICERS = {
    "skill-only": SkillOnlyServicer,
    "rolling-summary": RollingSummaryServicer,
    "bm25-turns": Bm25TurnsServicer,
}

__all__ = ["BASELINE_SERVICERS", "Bm25TurnsServicer", "RollingSummaryServicer", "SkillOnlyServicer"]
