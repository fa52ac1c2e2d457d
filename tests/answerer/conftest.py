"""Fixtures for the answerer tests: a real chat-completions server of our own on loopback."""

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


@dataclass
class Reply:
    """One scripted reply: status, body, extra headers, and a delay before answering."""

    status: int = 200
    content: str = "eu-central-1 [seq 18]"
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    body: bytes | None = None


@dataclass
class Seen:
    path: str
    headers: dict[str, str]
    payload: dict


class FakeChatApi:
    """Answers POST /v1/chat/completions from a script; the last reply repeats once it runs out."""

    def __init__(self):
        self.script: list[Reply] = [Reply()]
        self.requests: list[Seen] = []
        self._lock = threading.Lock()
        api = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                payload = json.loads(self.rfile.read(length) or b"{}")
                reply = api._next(Seen(self.path, dict(self.headers.items()), payload))
                if reply.delay:
                    time.sleep(reply.delay)
                if self.path != "/v1/chat/completions":
                    reply = Reply(status=404, body=b'{"error": {"message": "no such route"}}')
                body = reply.body
                if body is None:
                    if reply.status == 200:
                        body = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": reply.content}}]}).encode()
                    else:
                        body = json.dumps({"error": {"message": f"scripted {reply.status}"}}).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test); nothing left to tell it

            def log_message(self, *args):
                pass  # keep test output clean

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self._thread.start()

    def _next(self, seen: Seen) -> Reply:
        with self._lock:
            self.requests.append(seen)
            return self.script.pop(0) if len(self.script) > 1 else self.script[0]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def chat_api():
    api = FakeChatApi()
    yield api
    api.close()
