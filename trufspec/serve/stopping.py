"""Told at once when the server is asked to stop, before it waits for the requests in flight.

An ASGI server tells an application that it stops only after the requests in flight have ended
(the lifespan's shutdown), and an event stream does not end by itself: a server stopped with a
table open would wait out its whole grace period, then cancel the stream, which uvicorn logs as
an error with a traceback.  The signal that stops the server is the earliest word of it, so the
handlers the server installed for it (uvicorn's, which go on running) are wrapped to call the
application back on its event loop, where the streams can end cleanly and at once.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Callable
from types import FrameType

__all__ = ["on_stop"]

_STOPPING = (signal.SIGINT, signal.SIGTERM)


def on_stop(callback: Callable[[], object]) -> None:
    """Call ``callback`` on the running event loop when the process is signalled to stop.

    Called from the application's start-up, on the loop.  Nothing is wrapped where the server
    installed no handler of its own (a signal that kills the process needs no warning) or off
    the main thread (an application run in a test client's thread), where Python cannot set
    handlers."""
    if threading.current_thread() is not threading.main_thread():
        return
    loop = asyncio.get_running_loop()
    for number in _STOPPING:
        installed = signal.getsignal(number)
        if callable(installed):
            signal.signal(number, _wrapped(installed, loop, callback))


def _wrapped(
    installed: Callable[[int, FrameType | None], object],
    loop: asyncio.AbstractEventLoop,
    callback: Callable[[], object],
) -> Callable[[int, FrameType | None], None]:
    def handler(number: int, frame: FrameType | None) -> None:
        if not loop.is_closed():
            loop.call_soon_threadsafe(callback)
        installed(number, frame)

    return handler
