"""``trufspec serve``: the checker and the live referee over HTTP, for game servers in any
language.

:mod:`.app` holds the ASGI application (Litestar, served by uvicorn), :mod:`.models` the JSON
bodies of ``/v1``, :mod:`.work` the work done in the processes of :mod:`.pool` (checks,
readings, the stateless referee), :mod:`.games` and :mod:`.store` the hosted games kept in
SQLite, and :mod:`.problems` the RFC 9457 problems of every error.  The page "trufspec as a
service" of the documentation describes the API.
"""
