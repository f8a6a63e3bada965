"""``trufspec serve``: the checker and the live referee over HTTP (needs ``trufspec[serve]``)."""

from __future__ import annotations

import os
import sys

import click

from trufspec.cli.support import USAGE

__all__ = ["serve"]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="Server processes; they share the hosted games through the database.",
)
@click.option(
    "--database",
    default="trufspec-games.sqlite",
    show_default=True,
    metavar="FILE|URL",
    help="Where the hosted games are kept: a SQLite file (made if it does not exist), or a "
    "PostgreSQL database's postgresql:// URL, which several machines share.",
)
@click.option(
    "--max-body",
    default=1024 * 1024,
    show_default=True,
    type=click.IntRange(min=1),
    metavar="BYTES",
    help="The largest request body accepted; a larger one is refused with 413.",
)
@click.option(
    "--time-budget",
    default=10.0,
    show_default=True,
    type=click.FloatRange(min=0.01),
    metavar="SECONDS",
    help="How long one check or stateless referee action may take before it is stopped.",
)
@click.option(
    "--pool",
    default=2,
    show_default=True,
    type=click.IntRange(min=1),
    metavar="N",
    help="Processes in each worker's pool, which run the checks and the stateless referee.",
)
@click.option(
    "--judges",
    type=click.IntRange(min=1),
    hidden=True,
    help="The former name of --pool, accepted with a warning until it is removed.",
)
@click.option(
    "--rules-url",
    default="",
    metavar="URL",
    help="The published rules reference that the pages link findings and refusals to "
    "(by default the server's own /rules/ pages).",
)
@click.option(
    "--heartbeat",
    default=15.0,
    show_default=True,
    type=click.FloatRange(min=0.01),
    metavar="SECONDS",
    help="How often an event stream with nothing to send sends a comment line.",
)
def serve(
    host: str,
    port: int,
    workers: int,
    database: str,
    max_body: int,
    time_budget: float,
    pool: int,
    judges: int | None,
    rules_url: str,
    heartbeat: float,
) -> None:
    """Serve the checker and the referee over HTTP: the API of docs/service.rst under /v1,
    its OpenAPI document at /openapi.json and a docs page at /docs, and the pages of
    docs/browser.rst for people: check a record at /, play at /play.  It runs until stopped
    (Ctrl-C); for instance, with two workers reached from other machines:
    trufspec serve --host 0.0.0.0 --workers 2 --database /var/lib/trufspec/games.sqlite
    """
    try:
        import uvicorn

        from trufspec.serve.app import ServerSettings
    except ImportError:
        click.echo(
            "trufspec: error: serving needs the serve extra: pip install 'trufspec[serve]'",
            err=True,
        )
        sys.exit(USAGE)
    # A file's path is made absolute, since the workers may start elsewhere; a URL is kept.
    if "://" not in database:
        database = os.path.abspath(database)
    _check_database(database)
    if judges is not None:
        click.echo("trufspec: warning: --judges is deprecated; use --pool", err=True)
        pool = judges
    settings = ServerSettings(database, max_body, time_budget, pool, rules_url, heartbeat)
    os.environ.update(settings.environment())
    uvicorn.run(
        "trufspec.serve.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        access_log=False,
        # A server stopping waits for the requests in flight as long as one may take, then
        # cancels what is left; the event streams, which stay open until their game ends, it
        # ends at once (trufspec.serve.stopping), and their readers reconnect where they were.
        timeout_graceful_shutdown=max(1, round(time_budget + 5)),
    )


def _check_database(database: str) -> None:
    """Open the database once before any worker starts, so that a URL of a scheme the service
    does not know, or a database that cannot be reached, is a usage error that names it
    (without its password), not a worker failing to start; opening it makes its tables."""
    import sqlite3

    from trufspec.serve.database import open_store
    from trufspec.serve.store import StoreUnavailable, shown

    try:
        open_store(database).close()
    except (ValueError, StoreUnavailable) as error:
        click.echo(f"trufspec: error: {error}", err=True)
        sys.exit(USAGE)
    except sqlite3.Error as error:
        click.echo(
            f"trufspec: error: the database {shown(database)} cannot be opened: {error}", err=True
        )
        sys.exit(USAGE)
