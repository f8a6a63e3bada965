"""A headless Chromium driven over the DevTools protocol, for the tests of the HTML report.

Chromium speaks the protocol on a pair of pipes (``--remote-debugging-pipe``: it reads
commands on descriptor 3 and writes replies and events on descriptor 4, each message a JSON
text ended by a NUL byte), so the tests need no WebSocket library and no driver: the
standard library and Debian's ``chromium`` package are enough.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from typing import Any

__all__ = ["Browser", "chromium_path", "MISSING", "png_size", "png_is_blank"]

MISSING = (
    "the browser tests need Chromium: install Debian's chromium package "
    "(apt-get install -y chromium), or put a chromium on the PATH"
)

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--remote-debugging-pipe",
)

_AT_3_AND_4 = (
    "import fcntl, os, sys\n"
    "high = [fcntl.fcntl(int(fd), fcntl.F_DUPFD, 10) for fd in sys.argv[1:3]]\n"
    "os.dup2(high[0], 3)\n"
    "os.dup2(high[1], 4)\n"
    "os.execv(sys.argv[3], sys.argv[3:])\n"
)
"""Run as ``python -c`` with the two pipe ends and Chromium's command line."""

TIMEOUT = 60.0
"""Seconds a whole browser session may take before it is stopped."""


def chromium_path() -> str | None:
    """The Chromium to run: ``/usr/bin/chromium`` (Debian), or one on the PATH."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium with one page, stopped on leaving the ``with`` block."""

    def __init__(self, executable: str) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="trufspec-chromium-")
        commands_read, self._commands = os.pipe()
        self._replies, replies_write = os.pipe()
        # A small Python step puts the pipe ends at 3 and 4, where Chromium looks, and then
        # becomes Chromium: no pre-exec hook, which a threaded test session must not use.
        self._process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                _AT_3_AND_4,
                str(commands_read),
                str(replies_write),
                executable,
                *FLAGS,
                f"--user-data-dir={self._profile.name}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(commands_read, replies_write),
        )
        os.close(commands_read)
        os.close(replies_write)
        self._deadline = time.monotonic() + TIMEOUT
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self._session = ""
        page = next(t for t in self.send("Target.getTargets")["targetInfos"] if t["type"] == "page")
        self._session = self.send("Target.attachToTarget", targetId=page["targetId"], flatten=True)[
            "sessionId"
        ]
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable")

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        for fd in (self._commands, self._replies):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._profile.cleanup()

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = self._deadline - time.monotonic()
            if left <= 0 or not select.select([self._replies], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._replies, 1 << 16)
            if not chunk:
                raise ConnectionError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command to the page (or the browser, before a page is attached) and wait
        for its answer; events that arrive meanwhile are kept in :attr:`events`."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if self._session:
            message["sessionId"] = self._session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str) -> dict[str, Any]:
        """The first event ``method`` not yet consumed, waiting for it if need be."""
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(self._read())

    def open(self, url: str, width: int, height: int = 900) -> None:
        """Show ``url`` in a viewport ``width`` pixels wide (a phone's below 500)."""
        self.resize(width, height)
        self.send("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")

    def resize(self, width: int, height: int = 900) -> None:
        self.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=width < 500,
        )

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def key(self, key: str, code: int) -> None:
        """Press and release a key (``ArrowRight``, 39) in the focused element."""
        for kind in ("rawKeyDown", "keyUp"):
            self.send(
                "Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code
            )

    def screenshot(self) -> bytes:
        """The viewport as a PNG image."""
        return base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"])

    def errors(self) -> list[str]:
        """The console errors and uncaught exceptions the page has reported so far."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(json.dumps(params["exceptionDetails"])[:300])
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                found.append(json.dumps(params.get("args"))[:300])
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(params["entry"].get("text", "")[:300])
        return found


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of a PNG image."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG image"
    return struct.unpack(">II", data[16:24])


def png_is_blank(data: bytes) -> bool:
    """True when a PNG image is one flat colour: its decompressed rows hold (next to) no
    variety of bytes."""
    chunks = []
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        if kind == b"IDAT":
            chunks.append(data[at + 8 : at + 8 + length])
        at += 12 + length
    pixels = zlib.decompress(b"".join(chunks))
    return len(set(pixels)) < 8
