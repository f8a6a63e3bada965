"""The language server: the protocol's requests and notifications, answered by the modules
beside this one.

Checks follow the text as it is typed: a change waits :data:`DELAY` for the next one (a burst
of keystrokes is checked once), a check runs in the checking process (:mod:`.worker`), and a
check whose text has changed since it started is abandoned.  Findings are published for the
version of the text they were made from, and kept for the hovers and quick fixes that ask
about them.  Requests read only the game around the cursor; the whole-text features (the
outline and the colours) answer nothing for a text above :data:`WHOLE_TEXT_LIMIT`, so that a
50 MB file is checked without holding the editor up.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from attrs import define, field, frozen
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method
from pygls.uris import to_fs_path

from trufspec import __version__
from trufspec.api import format_bytes
from trufspec.diagnostics import Diagnostic
from trufspec.jsonrecords import is_json
from trufspec.lsp.completion import complete
from trufspec.lsp.findings import fix_of, to_lsp
from trufspec.lsp.hover import hover
from trufspec.lsp.json_documents import format_json
from trufspec.lsp.outline import LEGEND, semantic_tokens, symbols
from trufspec.lsp.settings import DocumentSettings, settings_for
from trufspec.lsp.text import Document, apply_change
from trufspec.lsp.worker import Checker

__all__ = ["DELAY", "MAX_FINDINGS", "WHOLE_TEXT_LIMIT", "TrufProtocol", "TrufServer", "serve"]

logger = logging.getLogger(__name__)

DELAY = 0.25
"""Seconds a change waits for the next before it is checked (the debounce)."""

MAX_FINDINGS = 1000
"""Findings published per document at most, the first ones in the text: beyond that an
editor's list of problems is no longer read, and sending it costs the editor time."""

WHOLE_TEXT_LIMIT = 4_000_000
"""Characters above which the outline and the semantic tokens, which read the whole text in
the server, are not given (a check still runs, in its own process)."""

T = TypeVar("T")


@define
class Open:
    """What the server keeps of an open document: its latest findings and their version."""

    findings: tuple[Diagnostic, ...] = ()
    version: int | None = None
    settings: DocumentSettings = field(factory=DocumentSettings)
    waiting: asyncio.Task[None] | None = None
    document: tuple[Document, int | None] | None = None


@frozen
class Unreadable:
    """A message whose parameters do not follow the protocol, and the id of the request to
    answer with an error (None for a notification, which is left out)."""

    id: int | str | None


class TrufProtocol(LanguageServerProtocol):
    """pygls's protocol, with the editor's changes made by :func:`.text.apply_change`, and an
    answer to every request.

    pygls splits a text into lines as Python does, at form feeds and U+2028 too, and moves a
    position past the end of the last line one character back: a change would then land
    elsewhere than the editor meant, and the findings would be those of a text the editor
    does not show.  A change to a document that is not open is left out.  pygls leaves a
    request whose parameters it cannot read unanswered, so that the editor waits for ever:
    here it is answered with the protocol's "invalid params" error."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException:
            request = "method" in data and isinstance(data.get("id"), (int, str))
            return Unreadable(data["id"] if request else None)

    def handle_message(self, message: Any) -> None:
        if isinstance(message, Unreadable):
            if message.id is not None:
                self._send_response(message.id, error=JsonRpcInvalidParams().to_response_error())
            return
        if not hasattr(message, "jsonrpc"):
            logger.warning("left out a message that is no JSON-RPC message: %.100r", message)
            return
        super().handle_message(message)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: types.DidChangeTextDocumentParams
    ) -> Iterator[tuple[Callable[..., Any], tuple[Any, ...], None]]:
        uri = params.text_document.uri
        server = self._server
        if isinstance(server, TrufServer) and uri in server.open:
            document = self.workspace.get_text_document(uri)
            encoding = self.workspace.position_encoding or types.PositionEncodingKind.Utf16
            text = document.source
            for change in params.content_changes:
                text = apply_change(text, change, getattr(encoding, "value", encoding))
            self.workspace.put_text_document(
                types.TextDocumentItem(
                    uri=uri,
                    language_id=document.language_id or "",
                    version=params.text_document.version,
                    text=text,
                )
            )
        handler = self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)
        if handler is not None:
            yield handler, (params,), None


class TrufServer(LanguageServer):
    """``trufspec lsp``: findings, hovers, completions, formatting and fixes for records."""

    def __init__(self) -> None:
        super().__init__("trufspec", __version__, protocol_cls=TrufProtocol)
        self.checker = Checker()
        self.open: dict[str, Open] = {}
        self.said: set[str] = set()
        """The configuration problems already shown to the user."""

    def document(self, uri: str) -> tuple[Document, int | None] | None:
        """The text of an open document as a :class:`Document`, with its version."""
        if uri not in self.open:
            return None
        text = self.workspace.get_text_document(uri)
        state = self.open[uri]
        if state.document is None or state.document[1] != text.version:
            # Made once per version: splitting a large text into lines is not free.
            agreed = self.workspace.position_encoding or types.PositionEncodingKind.Utf16
            made = Document(text.source, getattr(agreed, "value", agreed))
            state.document = (made, text.version)
        return state.document

    def schedule(self, uri: str, delay: float) -> None:
        """Check a document after ``delay``, in place of any check it was waiting for or
        is having."""
        state = self.open.setdefault(uri, Open())
        if state.waiting is not None:
            state.waiting.cancel()
        state.waiting = asyncio.get_running_loop().create_task(self._check(uri, delay))

    async def _check(self, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        current = self.document(uri)
        if current is None:
            return
        document, version = current
        path = to_fs_path(uri) or uri
        settings = settings_for(path if uri.startswith("file:") else None)
        self._say(settings.problems)
        found = await self.checker.check(document.text, path, settings.options or None)
        state = self.open.get(uri)
        latest = self.document(uri)
        if found is None or state is None or latest is None or latest[1] != version:
            return  # abandoned, closed, or out of date: a newer check follows
        kept = tuple(d for d in found if settings.wanted(d))[:MAX_FINDINGS]
        state.findings, state.version, state.settings = kept, version, settings
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=uri,
                version=version,
                diagnostics=to_lsp(kept, document, uri, settings.rules_url),
            )
        )

    def _say(self, problems: tuple[str, ...]) -> None:
        for problem in problems:
            if problem not in self.said:
                self.said.add(problem)
                self.window_show_message(
                    types.ShowMessageParams(types.MessageType.Warning, f"trufspec: {problem}")
                )

    def close(self, uri: str) -> None:
        state = self.open.pop(uri, None)
        if state is not None and state.waiting is not None:
            state.waiting.cancel()
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )

    def at(
        self, uri: str, position: types.Position, answer: Callable[[Document, int, int], T]
    ) -> T | None:
        """``answer`` at a client's position, or None when it is not in the document."""
        current = self.document(uri)
        if current is None:
            return None
        place = current[0].position(position)
        return None if place is None else answer(current[0], *place)


server = TrufServer()


@server.feature(types.INITIALIZED)
def initialized(ls: TrufServer, params: types.InitializedParams) -> None:
    ls.checker.start()


@server.feature(types.SHUTDOWN)
def shutdown(ls: TrufServer, params: None) -> None:
    ls.checker.close()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: TrufServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: TrufServer, params: types.DidChangeTextDocumentParams) -> None:
    if params.text_document.uri in ls.open:
        ls.schedule(params.text_document.uri, DELAY)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: TrufServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.close(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_HOVER)
def on_hover(ls: TrufServer, params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    state = ls.open.get(uri)
    if state is None:
        return None
    return ls.at(
        uri,
        params.position,
        lambda document, line, column: hover(
            document, line, column, state.findings, state.settings.rules_url
        ),
    )


@server.feature(
    types.TEXT_DOCUMENT_COMPLETION,
    types.CompletionOptions(trigger_characters=["[", '"', "=", ",", " ", ":"]),
)
async def on_completion(
    ls: TrufServer, params: types.CompletionParams
) -> types.CompletionList | None:
    current = ls.document(params.text_document.uri)
    if current is None:
        return None
    document = current[0]
    place = document.position(params.position)
    if place is None:
        return None
    # The referee replays the game to say which cards are legal: off the event loop.
    items = await asyncio.to_thread(complete, document, *place)
    return types.CompletionList(is_incomplete=False, items=items)


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
async def on_formatting(
    ls: TrufServer, params: types.DocumentFormattingParams
) -> list[types.TextEdit] | None:
    current = ls.document(params.text_document.uri)
    if current is None:
        return None
    document = current[0]
    data = document.text.encode("utf-8", "surrogatepass")
    uri = params.text_document.uri
    reformat = format_json if is_json(uri) else format_bytes
    formatted = await asyncio.to_thread(reformat, data, uri)
    if formatted.output is None:
        reason = formatted.diagnostics[0].message if formatted.diagnostics else "it cannot be read"
        ls.window_show_message(
            types.ShowMessageParams(types.MessageType.Warning, f"trufspec: not formatted: {reason}")
        )
        return None
    if formatted.output == document.text:
        return []
    return [types.TextEdit(range=document.whole(), new_text=formatted.output)]


FIX_ALL = f"{types.CodeActionKind.SourceFixAll.value}.trufspec"
"""The kind of the action that makes every fix of a document at once (an editor may run it on
save, as it runs ruff's ``source.fixAll.ruff``)."""


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]),
)
def on_code_action(ls: TrufServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """The fixes of the findings in the range, and one action that makes every fix of the
    document whose finding is a first cause: a finding that follows from an earlier fault is
    fixed by fixing that fault, not by writing down what the fault led to."""
    uri = params.text_document.uri
    state = ls.open.get(uri)
    current = ls.document(uri)
    if state is None or current is None or current[1] != state.version:
        return []
    document = current[0]
    wanted = params.range
    actions = []
    every: dict[tuple[int, int, int, int], types.TextEdit] = {}
    for diagnostic, shown in zip(
        state.findings, to_lsp(state.findings, document, uri, None), strict=True
    ):
        fix = fix_of(diagnostic, document)
        if fix is None:
            continue
        edit = types.TextEdit(range=fix.range, new_text=fix.new_text)
        if not diagnostic.consequential:
            start, end = fix.range.start, fix.range.end
            every[start.line, start.character, end.line, end.character] = edit
        if _before(shown.range.end, wanted.start) or _before(wanted.end, shown.range.start):
            continue
        actions.append(
            types.CodeAction(
                title=fix.title,
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[shown],
                is_preferred=True,
                edit=types.WorkspaceEdit(changes={uri: [edit]}),
            )
        )
    if every:
        actions.append(
            types.CodeAction(
                title="Fix every finding trufspec can fix",
                kind=FIX_ALL,
                edit=types.WorkspaceEdit(changes={uri: list(every.values())}),
            )
        )
    only = params.context.only
    if only:
        asked = tuple(str(getattr(kind, "value", kind)) for kind in only)
        actions = [a for a in actions if str(getattr(a.kind, "value", a.kind)).startswith(asked)]
    return actions


def _before(one: types.Position, other: types.Position) -> bool:
    return (one.line, one.character) < (other.line, other.character)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def on_symbols(
    ls: TrufServer, params: types.DocumentSymbolParams
) -> list[types.DocumentSymbol] | None:
    current = ls.document(params.text_document.uri)
    if current is None or len(current[0].text) > WHOLE_TEXT_LIMIT:
        return None
    return symbols(current[0])


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
def on_tokens(ls: TrufServer, params: types.SemanticTokensParams) -> types.SemanticTokens | None:
    current = ls.document(params.text_document.uri)
    if current is None or len(current[0].text) > WHOLE_TEXT_LIMIT:
        return None
    return types.SemanticTokens(data=semantic_tokens(current[0]))


class OneLine(logging.Filter):
    """pygls logs a message it cannot read with a traceback, as if the server had failed: here
    it is one line that says what was wrong with the message, on standard error."""

    def filter(self, record: logging.LogRecord) -> bool:
        said = record.getMessage()
        if said.startswith(("Unable to deserialize message", "Unable to handle message")):
            error = record.exc_info[1] if record.exc_info else None
            # The first error the logged traceback names: which field could not be read.
            named = [line.strip(" |") for line in said.splitlines() if "Error: " in line]
            reason = str(error) if error is not None else (named or ["unreadable"])[0]
            record.msg, record.args = (
                "left out a message that does not follow the protocol: %s",
                (reason,),
            )
            record.exc_info = record.exc_text = None
        return True


def serve() -> None:
    """Serve on standard input and output until the client says exit."""
    for name in ("pygls.io_", "pygls.server", "pygls.protocol.json_rpc"):
        logging.getLogger(name).addFilter(OneLine())
    server.start_io()
