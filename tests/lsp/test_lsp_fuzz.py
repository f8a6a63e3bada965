"""The language server under random editing, over a real stdio pipe.

Hypothesis draws sequences of edits (insertions and deletions at places in and out of the text,
pasted binary and lone surrogates, a huge line, the whole text replaced by a record, by its JSON
form or by nothing, the document reopened under the other extension) with requests between
them at random positions.  The server must answer every request, never end, and publish at the
end the findings ``trufspec check`` gives the final text.  The final text is worked out here,
by the rule the protocol states for a change: a position past the end of a line stands for
its end, a line past the last for the end of the text; lines end at ``\\n``.

The campaign is bounded: so many documents, so many edits each, and every wait of the session
is bounded (:data:`lsp_session.WAIT`).
"""

from __future__ import annotations

import itertools
import json
import queue
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from budgets import examples
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from lsp_session import COMMAND, WAIT, Session
from lsprotocol import types

from trufspec.api import check_bytes
from trufspec.jsonrecords import write_json
from trufspec.lsp.findings import to_lsp
from trufspec.lsp.json_documents import json_findings
from trufspec.lsp.text import Document

pytestmark = pytest.mark.slow

RECORDS = Path(__file__).resolve().parents[2] / "records"
SAMPLES = [
    RECORDS / "truf-jb" / "notation-example.truf",
    RECORDS / "truf-basics" / "club-night-2027-03-20.truf",
    RECORDS / "tromplemond" / "clauses" / "TM001-player-count.bad.truf",
]
DOCUMENTS = examples(20)
"""Documents edited per run (Hypothesis examples)."""
EDITS = 12
"""Edits per document at most."""

_names = itertools.count()


def _texts() -> list[str]:
    from trufspec import loads

    texts = [p.read_text("utf-8") for p in SAMPLES if p.is_file()]
    return [*texts, *(write_json(loads(t).games).decode("utf-8") for t in texts), ""]


WHOLE_TEXTS = _texts()

WORDS = st.sampled_from(
    [
        "\n",
        " ",
        "  ",
        "deal 1\n",
        "hands\n  Ana: ",
        "qs Kh 10d tC ",
        "AS AS ",
        "play\n 1. Ana: ",
        "=",
        "!",
        ":",
        "{",
        "}",
        ";! JB305",
        '"',
        "[Ruleset ",
        '"truf-jb"]',
        '[Players "Ana Budi Citra Dewi"]\n',
        '{"version": 1, "games": [',
        "]}",
        "\r\n",
        "\r",
        "\t",
        "\ufeff",
        "🂡♠",
        "\ud800",
        "\x00",
        "\x0c\x1c\x85\u2028",
    ]
)
PASTE = st.one_of(
    WORDS,
    st.text(max_size=40),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    st.just("AS " * 30_000),
    st.just("10♥ 🂡 " * 10_000),
    st.just("x" * 200_000 + "\n"),
)
POSITION = st.tuples(
    st.one_of(st.integers(0, 60), st.integers(0, 2**31 - 1)),
    st.one_of(st.integers(0, 120), st.integers(0, 2**31 - 1)),
)

EDIT = st.one_of(
    st.tuples(st.just("insert"), POSITION, PASTE),
    st.tuples(st.just("delete"), POSITION, POSITION),
    st.tuples(st.just("replace"), st.sampled_from(WHOLE_TEXTS)),
    st.tuples(st.just("reopen")),
    st.tuples(st.just("ask"), POSITION),
)


def offset(text: str, line: int, units: int) -> int:
    """The offset in ``text`` of a position in UTF-16 units, clamped as the protocol says."""
    lines = text.split("\n")
    if line >= len(lines):
        return len(text)
    start = sum(len(one) + 1 for one in lines[:line])
    counted = 0
    for index, char in enumerate(lines[line]):
        width = 2 if ord(char) >= 0x10000 else 1
        if counted + width > units:
            return start + index
        counted += width
    return start + len(lines[line])


def edited(text: str, start: tuple[int, int], end: tuple[int, int], new: str) -> str:
    first, last = sorted((offset(text, *start), offset(text, *end)))
    return text[:first] + new + text[last:]


def expected(text: str, uri: str, path: Path) -> list[tuple[object, ...]]:
    data = text.encode("utf-8", "surrogatepass")
    if uri.endswith(".json"):
        found = json_findings(data, str(path), None)
    else:
        found = check_bytes(data, str(path)).diagnostics
    return shown(to_lsp(found[:1000], Document(text), uri, None))


def shown(diagnostics: list[types.Diagnostic]) -> list[tuple[object, ...]]:
    return [
        (
            d.code,
            d.message,
            (d.range.start.line, d.range.start.character),
            (d.range.end.line, d.range.end.character),
        )
        for d in diagnostics
    ]


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    started = Session()
    yield started
    assert started.stop() == 0


def point(at: tuple[int, int]) -> types.Position:
    return types.Position(*at)


def ask_everything(session: Session, uri: str, at: tuple[int, int]) -> None:
    """Every request the server offers, at ``at``: each must be answered."""
    line, character = at
    session.hover(uri, line, character)
    session.complete(uri, line, character)
    session.symbols(uri)
    session.tokens(uri)
    session.fixes(uri, types.Range(point(at), point(at)))
    session.format(uri)


@settings(
    max_examples=DOCUMENTS,
    deadline=None,
    database=None,
    # A failure is reported as drawn: shrinking one where the server stopped answering waits
    # out a timeout at every step, and the run must stay bounded in time.
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# Found by this test: pygls moved a position past the end of the last line one character
# back, and counted a form feed as a line end, so the change landed elsewhere.
@example(first='[Ruleset "truf-jb"]\nab', json=False, edits=[("insert", (1, 10), "X")])
@example(first="a\x0cb\nc", json=False, edits=[("insert", (1, 0), "X")])
# The colours of a line of ten thousand cards took minutes: each column was counted anew.
@example(
    first="",
    json=False,
    edits=[("insert", (0, 0), "hands Ana: " + "AS " * 10_000), ("ask", (0, 5))],
)
# A change to a document that is not open is left out; a reversed range is read in order.
@example(first="", json=True, edits=[("reopen",), ("delete", (0, 5), (0, 0))])
@given(
    first=st.sampled_from(WHOLE_TEXTS),
    json=st.booleans(),
    edits=st.lists(EDIT, max_size=EDITS),
)
def test_random_editing_leaves_the_server_answering_and_right(
    session: Session,
    tmp_path_factory: pytest.TempPathFactory,
    first: str,
    json: bool,
    edits: list[tuple[object, ...]],
) -> None:
    folder = tmp_path_factory.getbasetemp() / "fuzz"
    folder.mkdir(exist_ok=True)
    name = f"doc{next(_names)}"
    path = folder / (name + (".json" if json else ".truf"))
    uri = path.as_uri()
    text = first
    session.open(uri, text)
    version = 1
    for edit in edits:
        kind = edit[0]
        if kind == "insert":
            at, new = edit[1], edit[2]
            assert isinstance(at, tuple) and isinstance(new, str)
            version = session.change(uri, new, types.Range(point(at), point(at)))
            text = edited(text, at, at, new)
        elif kind == "delete":
            start, end = edit[1], edit[2]
            assert isinstance(start, tuple) and isinstance(end, tuple)
            ordered = sorted((start, end))
            version = session.change(uri, "", types.Range(point(ordered[0]), point(ordered[1])))
            text = edited(text, start, end, "")
        elif kind == "replace":
            assert isinstance(edit[1], str)
            text = edit[1]
            version = session.change(uri, text)
        elif kind == "reopen":
            # The same text under the other extension: notation read as JSON, or back.
            session.close(uri)
            assert session.cleared(uri)
            json = not json
            path = path.with_suffix(".json" if json else ".truf")
            uri = path.as_uri()
            session.published.pop(uri, None)
            session.open(uri, text)
            version = 1
        else:
            at = edit[1]
            assert isinstance(at, tuple)
            ask_everything(session, uri, at)
    # A change to a document the editor never opened is left out, not checked from the disk.
    never = (folder / f"never-{name}.truf").as_uri()
    session.versions[never] = 1
    session.change(never, "x", types.Range(point((0, 0)), point((0, 0))))
    server = session.client._server
    assert server is not None and server.returncode is None
    assert shown(session.diagnostics(uri, version)) == expected(text, uri, path)
    assert never not in session.published
    assert not [line for line in session.stderr if "Traceback" in line], "".join(session.stderr)
    session.close(uri)
    assert session.cleared(uri)


class RawServer:
    """``trufspec lsp`` spoken to in raw JSON-RPC frames, for messages no client library
    would send; its standard output and error are read by threads as they come."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.answers: queue.Queue[Any] = queue.Queue()
        self.stderr: list[bytes] = []
        self.readers = [
            threading.Thread(target=self._read, daemon=True),
            threading.Thread(target=self._drain, daemon=True),
        ]
        for reader in self.readers:
            reader.start()
        self.ids = itertools.count(1)

    def close(self) -> int:
        """Wait for the server to end (after ``exit``) and read what is left; its status."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        status = self.process.wait(timeout=WAIT)
        for reader in self.readers:
            reader.join(timeout=WAIT)
        for stream in (self.process.stdout, self.process.stderr):
            assert stream is not None
            stream.close()
        return status

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = 0
            while (line := stream.readline()).strip():
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if not line:
                return
            self.answers.put(json.loads(stream.read(length)))

    def _drain(self) -> None:
        assert self.process.stderr is not None
        self.stderr.extend(self.process.stderr)

    def send(self, body: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method: str, params: Any) -> Any:
        """Send a request and wait for its answer (a result or an error)."""
        number = next(self.ids)
        self.send(
            json.dumps(
                {"jsonrpc": "2.0", "id": number, "method": method, "params": params}
            ).encode()
        )
        deadline = time.monotonic() + WAIT
        while True:
            answer = self.answers.get(timeout=max(deadline - time.monotonic(), 0.01))
            if answer.get("id") == number:
                return answer

    def notify(self, method: str, params: Any) -> None:
        self.send(json.dumps({"jsonrpc": "2.0", "method": method, "params": params}).encode())


@pytest.fixture(scope="module")
def raw() -> Iterator[RawServer]:
    server = RawServer()
    assert "result" in server.request("initialize", {"processId": None, "capabilities": {}})
    server.notify("initialized", {})
    yield server
    assert server.request("shutdown", None)["result"] is None
    server.notify("exit", None)
    assert server.close() == 0
    said = b"".join(server.stderr).decode("utf-8", "replace")
    assert "Traceback" not in said, said


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)
PARAMS = st.one_of(
    JSON_VALUES,
    st.fixed_dictionaries(
        {"textDocument": st.fixed_dictionaries({"uri": JSON_VALUES}), "position": JSON_VALUES}
    ),
)
REQUESTS = [
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/formatting",
    "textDocument/codeAction",
    "textDocument/documentSymbol",
    "textDocument/semanticTokens/full",
    "trufspec/unknown",
]
NOTIFICATIONS = ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"]


@settings(
    max_examples=examples(40), deadline=None, database=None, phases=[Phase.explicit, Phase.generate]
)
@given(
    notices=st.lists(st.tuples(st.sampled_from(NOTIFICATIONS), PARAMS), max_size=3),
    method=st.sampled_from(REQUESTS),
    params=PARAMS,
    garbage=st.sampled_from([b"", b"{not json", b'"a string"', b"[1, 2]", b"{}"]),
)
def test_every_request_is_answered_whatever_its_parameters(
    raw: RawServer, notices: list[tuple[str, Any]], method: str, params: Any, garbage: bytes
) -> None:
    """A request the server cannot read is answered with the protocol's error; a notification
    or a message it cannot read is left out; the server stays up and logs no traceback."""
    for notice, value in notices:
        raw.notify(notice, value)
    if garbage:
        raw.send(garbage)
    answer = raw.request(method, params)
    assert "result" in answer or answer["error"]["code"] in (-32602, -32601)
    assert raw.process.poll() is None
