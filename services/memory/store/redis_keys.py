"""The names of a Redis session's keys, all under one hash tag so a session lives in one Cluster slot."""

import hashlib

from services.memory.domain.model import ItemKind


class Keys:
    """The names of one session's keys: `<prefix>:{<tag>}:<part>`, tag = sha256(session_id)[:32]."""

    def __init__(self, prefix: str, session_id: str):
        tag = hashlib.sha256(session_id.encode()).hexdigest()[:32]
        self.base = f"{prefix}:{{{tag}}}:"
        self.session, self.version = self.base + "s", self.base + "v"
        self.events, self.seqs = self.base + "ev", self.base + "sq"
        self.items, self.ids, self.order = self.base + "it", self.base + "id", self.base + "o"
        self.by_key, self.active_key, self.values = self.base + "kl", self.base + "ak", self.base + "av"
        self.superseded, self.compactions, self.terms = self.base + "sup", self.base + "cp", self.base + "terms"

    def kind(self, kind: ItemKind) -> str:
        return self.base + "k:" + kind.value

    def active(self, kind: ItemKind) -> str:
        return self.base + "a:" + kind.value

    def postings(self, term: str) -> str:
        return self.base + "p:" + term

    def fixed(self) -> list[str]:
        parts = ("s", "v", "ev", "sq", "it", "id", "o", "kl", "ak", "av", "sup", "cp", "terms")
        return [self.base + p for p in parts] + [k for kind in ItemKind for k in (self.kind(kind), self.active(kind))]
