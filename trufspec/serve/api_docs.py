"""The service's docs page: the OpenAPI document as a page a person reads, with no script.

A rendering plugin (Swagger UI, Redoc) would load its scripts from a CDN; a server on a club's
tablet or behind a firewall may have no way out, so the page is plain HTML written here from
the OpenAPI document itself, and links to that document for the tools that read it.
"""

from __future__ import annotations

from html import escape
from typing import Any

__all__ = ["docs_page"]

_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;"
    "line-height:1.5}code{background:#f3f3f3;padding:0 .2em}h2{margin-top:2rem}"
    ".op{border-left:4px solid #3a6;padding:.2rem .8rem;margin:1rem 0}"
    ".method{font-weight:bold;margin-right:.5em}"
)


def docs_page(openapi: dict[str, Any]) -> str:
    """The page: each operation with its summary, parameters, body and answers."""
    info = openapi.get("info", {})
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width,initial-scale=1'>",
        f"<title>{escape(info.get('title', ''))} API</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(info.get('title', ''))} {escape(info.get('version', ''))}</h1>",
        f"<p>{escape(info.get('description', ''))}</p>",
        "<p>The machine-readable description: <a href='/openapi.json'>/openapi.json</a>"
        " (OpenAPI 3.1). Every error is an RFC 9457 problem"
        " (<code>application/problem+json</code>).</p>",
    ]
    for path, operations in openapi.get("paths", {}).items():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            parts.append("<div class='op'>")
            parts.append(
                f"<h2><span class='method'>{escape(method.upper())}</span>"
                f"<code>{escape(path)}</code></h2>"
            )
            parts.append(f"<p>{escape(operation.get('summary', ''))}</p>")
            parameters = operation.get("parameters", [])
            if parameters:
                items = "".join(
                    f"<li><code>{escape(p['name'])}</code> ({escape(p.get('in', ''))})"
                    f"{' - ' + escape(p['description']) if p.get('description') else ''}</li>"
                    for p in parameters
                )
                parts.append(f"<p>Parameters:</p><ul>{items}</ul>")
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                ref = body.get("schema", {}).get("$ref", "")
                parts.append(f"<p>Body: <code>{escape(ref.rpartition('/')[2])}</code></p>")
            answers = ", ".join(escape(code) for code in operation["responses"])
            parts.append(f"<p>Answers: {answers}</p></div>")
    parts.append("</body></html>")
    return "".join(parts)
