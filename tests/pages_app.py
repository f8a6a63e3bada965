"""The pages under uvicorn for the browser tests, until ``trufspec serve`` registers them."""

from pathlib import Path

from litestar import Litestar

from trufspec.serve.pages import pages_router


def app() -> Litestar:
    return Litestar(route_handlers=[pages_router(samples=Path(__file__).parent.parent / "records")])
