"""The store a database URL names: a SQLite file, the embedded default, or a PostgreSQL database.

It stands apart from :mod:`.store`, on which both stores build, so that the stores import only
what they share and this module alone knows them all.
"""

from __future__ import annotations

from trufspec.serve.store import Store, shown

__all__ = ["POSTGRES", "open_store"]

POSTGRES = ("postgresql", "postgres")
"""The schemes of a PostgreSQL database's URL."""


def open_store(url: str) -> Store:
    """The store that ``url`` names: a SQLite file's path (no scheme) or a PostgreSQL database
    (``postgresql://`` or ``postgres://``).  ValueError names a scheme it does not know, or says
    what a PostgreSQL database needs; StoreUnavailable, a database that cannot be reached."""
    scheme, sep, _ = url.partition("://")
    if sep and scheme.lower() in POSTGRES:
        try:
            from trufspec.serve.store_postgres import PostgresStore
        except ImportError as error:
            raise ValueError(
                f"a PostgreSQL database needs the postgres extra ({error}): "
                "pip install 'trufspec[postgres]'"
            ) from None
        return PostgresStore(url)
    if sep:
        raise ValueError(
            f"the database '{shown(url)}' has the scheme '{scheme}': give a SQLite file's path "
            "or a PostgreSQL database's postgresql:// URL"
        )
    from trufspec.serve.store_sqlite import SqliteStore

    return SqliteStore(url)
