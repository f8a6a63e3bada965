"""How quickly ``trufspec lsp`` answers: findings after opening a record, hovers and completions
while a large record is being checked, findings after a burst of changes.

An editor is judged by its slowest answer, so each figure is the median and the worst of
several.  The server runs as an editor runs it, a process on the other side of a stdio pipe.
Run from the repository root::

    python benchmarks/lsp.py [--games 200] [--requests 20]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "records" / "truf-basics" / "club-night-2027-03-20.truf"


def figures(name: str, seconds: list[float]) -> None:
    print(
        f"{name:48} median {statistics.median(seconds) * 1000:8.1f} ms"
        f"   worst {max(seconds) * 1000:8.1f} ms   ({len(seconds)} runs)"
    )


async def main(games: int, requests: int) -> None:
    client = LanguageClient("benchmark", "1")
    published: dict[str, asyncio.Event] = {}

    # pygls's client decorator is not annotated.
    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator]
    def on_published(ls: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        published.setdefault(params.uri, asyncio.Event()).set()

    await client.start_io(sys.executable, "-m", "trufspec", "lsp")
    await client.initialize_async(
        types.InitializeParams(capabilities=types.ClientCapabilities(), process_id=None)
    )
    client.initialized(types.InitializedParams())
    game = RECORD.read_text(encoding="utf-8")
    lines = game.split("\n")
    trick = next(n for n, line in enumerate(lines) if line.strip().startswith("5."))
    column = lines[trick].index(":") + 5

    async def opened(uri: str, text: str) -> float:
        published[uri] = asyncio.Event()
        start = time.perf_counter()
        item = types.TextDocumentItem(uri=uri, language_id="truf", version=1, text=text)
        client.text_document_did_open(types.DidOpenTextDocumentParams(item))
        await published[uri].wait()
        return time.perf_counter() - start

    await opened("file:///bench/warm.truf", game)
    figures(
        "findings after opening one game",
        [await opened(f"file:///bench/one-{n}.truf", game) for n in range(requests)],
    )

    large = "file:///bench/large.truf"
    text = (game + "\n") * games
    published[large] = asyncio.Event()
    item = types.TextDocumentItem(uri=large, language_id="truf", version=1, text=text)
    start = time.perf_counter()
    client.text_document_did_open(types.DidOpenTextDocumentParams(item))
    document = types.TextDocumentIdentifier(large)
    hovers, completions = [], []
    for _ in range(requests):
        began = time.perf_counter()
        await client.text_document_hover_async(
            types.HoverParams(document, types.Position(trick, column - 2))
        )
        hovers.append(time.perf_counter() - began)
        began = time.perf_counter()
        await client.text_document_completion_async(
            types.CompletionParams(document, types.Position(trick, column))
        )
        completions.append(time.perf_counter() - began)
    during = not published[large].is_set()
    await published[large].wait()
    print(
        f"findings after opening {games} games ({len(text) / 1e6:.1f} MB): "
        f"{time.perf_counter() - start:.2f} s"
    )
    figures(f"hover {'during' if during else 'after'} that check", hovers)
    figures(f"completion in a trick {'during' if during else 'after'} that check", completions)

    burst = "file:///bench/burst.truf"
    await opened(burst, game)
    seconds = []
    for round in range(requests):
        published[burst] = asyncio.Event()
        start = time.perf_counter()
        for version in range(2, 32):
            client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    types.VersionedTextDocumentIdentifier(uri=burst, version=round * 100 + version),
                    [types.TextDocumentContentChangeWholeDocument(text=game[:-version])],
                )
            )
        await published[burst].wait()
        seconds.append(time.perf_counter() - start)
    figures("findings after a burst of 30 changes", seconds)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()  # type: ignore[no-untyped-call]  # pygls leaves stop() unannotated


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--requests", type=int, default=20)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.requests))
