"""A language-server client for the tests: pygls's own client, talking to ``trufspec lsp`` over
a real stdio pipe, on an event loop of its own in a thread so that plain test functions can use
it.  Every wait is bounded: a server that stops answering fails the test, it does not hang it.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.client import LanguageClient

__all__ = ["COMMAND", "WAIT", "Session"]

T = TypeVar("T")

WAIT = 60.0
"""Seconds any one answer may take before the test fails (a loaded CI machine is slow)."""

COMMAND = (sys.executable, "-m", "trufspec", "lsp")
"""How the tests start the server."""


class Session:
    """A started server and a client that remembers what the server published."""

    def __init__(self, cwd: Path | None = None, encodings: list[str] | None = None) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client = LanguageClient("trufspec-tests", "1")
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.messages: list[str] = []
        self.versions: dict[str, int] = {}

        def published(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
            self.published.setdefault(params.uri, []).append(params)

        def message(client: LanguageClient, params: types.ShowMessageParams) -> None:
            self.messages.append(params.message)

        # Registered by calling pygls's decorator, whose result it leaves unannotated.
        self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(published)
        self.client.feature(types.WINDOW_SHOW_MESSAGE)(message)

        capabilities = types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=encodings)
            if encodings
            else None
        )
        self.run(self.client.start_io(*COMMAND, cwd=cwd))
        self.stderr: list[str] = []
        """What the server wrote on its standard error, read as it comes so that the pipe
        never fills (a server that logs a traceback must not block on it)."""
        self._stderr_read = asyncio.run_coroutine_threadsafe(self._read_stderr(), self.loop)
        self.initialized = self.run(
            self.client.initialize_async(
                types.InitializeParams(capabilities=capabilities, process_id=None)
            )
        )
        self.client.initialized(types.InitializedParams())

    async def _read_stderr(self) -> None:
        server = self.client._server
        stream = None if server is None else server.stderr
        while stream is not None and (line := await stream.readline()):
            self.stderr.append(line.decode("utf-8", "replace"))

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = WAIT) -> T:
        """Run a coroutine on the client's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(
            asyncio.wait_for(coroutine, timeout), self.loop
        ).result()

    def call(self, request: Callable[..., Awaitable[T]], params: Any) -> T:
        """Send a request and wait for its answer."""

        async def ask() -> T:
            return await request(params)

        return self.run(ask())

    def notify(self, send: Callable[[Any], None], params: Any) -> None:
        """Send a notification from the client's loop."""
        self.loop.call_soon_threadsafe(send, params)

    def open(self, uri: str, text: str) -> None:
        self.versions[uri] = 1
        item = types.TextDocumentItem(uri=uri, language_id="truf", version=1, text=text)
        self.notify(self.client.text_document_did_open, types.DidOpenTextDocumentParams(item))

    def change(self, uri: str, text: str, at: types.Range | None = None) -> int:
        """Replace the whole text, or the text of a range; the new version."""
        version = self.versions[uri] = self.versions[uri] + 1
        change: types.TextDocumentContentChangeEvent = (
            types.TextDocumentContentChangeWholeDocument(text=text)
            if at is None
            else types.TextDocumentContentChangePartial(range=at, text=text)
        )
        self.notify(
            self.client.text_document_did_change,
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=version), [change]
            ),
        )
        return version

    def close(self, uri: str) -> None:
        self.notify(
            self.client.text_document_did_close,
            types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)),
        )

    def diagnostics(self, uri: str, version: int | None = None) -> list[types.Diagnostic]:
        """The diagnostics published for ``uri``, for ``version`` (or any) once published."""

        async def wait() -> list[types.Diagnostic]:
            while True:
                for params in reversed(self.published.get(uri, [])):
                    if version is None or params.version == version:
                        return list(params.diagnostics)
                await asyncio.sleep(0.02)

        return self.run(wait())

    def cleared(self, uri: str) -> bool:
        """Whether the server has published that ``uri`` has no diagnostics (on close)."""

        async def wait() -> bool:
            while True:
                last = self.published.get(uri, [])[-1:]
                if last and last[0].version is None and not last[0].diagnostics:
                    return True
                await asyncio.sleep(0.02)

        return self.run(wait())

    def hover(self, uri: str, line: int, character: int) -> types.Hover | None:
        return self.call(
            self.client.text_document_hover_async,
            types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(line, character)),
        )

    def complete(self, uri: str, line: int, character: int) -> list[types.CompletionItem]:
        answer = self.call(
            self.client.text_document_completion_async,
            types.CompletionParams(
                types.TextDocumentIdentifier(uri), types.Position(line, character)
            ),
        )
        if answer is None:
            return []
        return list(answer.items if isinstance(answer, types.CompletionList) else answer)

    def format(self, uri: str) -> list[types.TextEdit] | None:
        answer = self.call(
            self.client.text_document_formatting_async,
            types.DocumentFormattingParams(
                types.TextDocumentIdentifier(uri),
                types.FormattingOptions(tab_size=2, insert_spaces=True),
            ),
        )
        return None if answer is None else list(answer)

    def fixes(
        self, uri: str, at: types.Range, only: list[str] | None = None
    ) -> list[types.CodeAction]:
        """The code actions for a range: the quick fixes, or the kinds ``only`` names."""
        answer = self.call(
            self.client.text_document_code_action_async,
            types.CodeActionParams(
                types.TextDocumentIdentifier(uri),
                at,
                types.CodeActionContext(diagnostics=[], only=only or ["quickfix"]),
            ),
        )
        return [a for a in answer or () if isinstance(a, types.CodeAction)]

    def symbols(self, uri: str) -> list[Any]:
        answer = self.call(
            self.client.text_document_document_symbol_async,
            types.DocumentSymbolParams(types.TextDocumentIdentifier(uri)),
        )
        return list(answer or ())

    def tokens(self, uri: str) -> list[int]:
        answer = self.call(
            self.client.text_document_semantic_tokens_full_async,
            types.SemanticTokensParams(types.TextDocumentIdentifier(uri)),
        )
        return [] if answer is None else list(answer.data)

    def stop(self) -> int | None:
        """Shut the server down as an editor does; its exit status."""
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())  # type: ignore[no-untyped-call]  # pygls leaves it bare
        server = self.client._server
        code = None if server is None else self.run(server.wait())
        self._stderr_read.result(timeout=WAIT)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=WAIT)
        self.loop.close()
        return code
