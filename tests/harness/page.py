"""A small reader of the harness's HTML pages for the tests: elements by tag, id and class (stdlib only)."""

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"meta", "br", "link", "img", "input", "hr", "col", "area", "base", "source", "wbr"}


@dataclass
class Node:
    tag: str
    attrs: dict
    children: list["Node"] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def find_all(self, tag: str = "", cls: str = "") -> list["Node"]:
        return [n for n in self.walk() if (not tag or n.tag == tag) and (not cls or cls in n.classes)]

    def by_id(self, ident: str) -> "Node | None":
        return next((n for n in self.walk() if n.attrs.get("id") == ident), None)

    def all_text(self) -> str:
        return "".join(t for n in self.walk() for t in n.text)


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, dict(attrs)))

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        self.stack[-1].text.append(data)


def parse(html: str) -> Node:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root
