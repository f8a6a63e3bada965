"""The pages ``trufspec serve`` shows to people: check a record (``/``), play (``/play``), the
rules (``/rules/``).

They are rendered on the server from templates and style sheets shipped in the package
(``trufspec/serve/web/``) and fetch nothing from elsewhere, so they work offline.  The check page
is a plain form that posts the record back to ``/``: it works without JavaScript, and its script
only adds dropping a file and refusing, before sending, a file too large or not UTF-8.  Its result
is the HTML report's body (:func:`trufspec.pictures.html.render_files`): the same deal diagrams,
trick replays, score charts and findings as ``trufspec report``.

The play page (``/play``, its script ``web/static/play.js``) is a client of the hosted-game API
holding one seat's token (or the watch token): it starts a game whose seats are people, each
invited by a link, or bots (:mod:`trufspec.serve.bots`), draws the table and follows the game's
event stream.

The rules pages lay the clauses out at the paths of the published reference
(``rulesets/<id>.html#<code>``, ``notation.html``, ``ambiguities.html``), so the report's links
lead to them, or to the published reference itself when the server is given its address.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anyio.to_thread
import attrs
import jinja2
from litestar import Request, Response, Router, get, post
from litestar.datastructures import UploadFile
from litestar.exceptions import HTTPException
from litestar.params import FromPath
from litestar.response import Redirect
from litestar.static_files import create_static_files_router
from markupsafe import Markup

from trufspec import __version__
from trufspec.cards import Suit
from trufspec.diagnostics import Severity
from trufspec.games import GAMES
from trufspec.output.rules import how_it_ends
from trufspec.pictures.html import (
    Source,
    read_source,
    render_files,
    report_script,
    report_style,
)
from trufspec.pictures.svg import suit_class
from trufspec.rulesets import RULESETS
from trufspec.spec.registry import default_registry
from trufspec.spec.sources import SOURCES

__all__ = ["UPLOAD_LIMIT", "pages_router", "sample_records"]

WEB = Path(__file__).parent / "web"
"""The templates and, under ``static/``, the style sheet and scripts of the pages."""

UPLOAD_LIMIT = 2 * 1024 * 1024
"""The most a record sent to the check page may weigh, in bytes: a season of club nights fits,
and a larger file is better checked with the command, which streams it."""

PASTED = "pasted record"
"""The name the page gives a record pasted into it."""


@attrs.frozen
class OptionField:
    """A reading as the check page offers it: one control per key, whichever rulesets have it."""

    key: str
    rulesets: tuple[str, ...]
    choices: tuple[str, ...] | None
    default: str
    doc: str
    minimum: int | None
    maximum: int | None


_SUITS = json.dumps(
    {s.letter: [s.symbol, s.name.lower(), suit_class(s)] for s in Suit}, ensure_ascii=False
)
"""Each suit's symbol, name and colour class as the report draws its cards: the table draws
them the same way, so a card looks alike in a report and at the table."""


_GAMES = json.dumps(
    {
        game.id: {
            "deal": game.deal_word,
            "declarations": game.declarations,
            "stages": dict(game.stages),
        }
        for game in GAMES
    },
    ensure_ascii=False,
)
"""What the table page needs of each game, as its descriptor says (``play.js`` names no game):
what its rules call a deal, whether its bids are declarations, and what a game without tricks is
at in each phase."""


def _option_fields() -> tuple[OptionField, ...]:
    registry = default_registry()
    fields: dict[str, OptionField] = {}
    for ruleset in RULESETS:
        for key, option in registry.options_of(ruleset).items():
            known = fields.get(key)
            if known is None:
                fields[key] = OptionField(
                    key,
                    (ruleset,),
                    option.choices,
                    option.default,
                    option.doc,
                    option.minimum,
                    option.maximum,
                )
                continue
            choices = None
            if known.choices is not None and option.choices is not None:
                choices = known.choices + tuple(c for c in option.choices if c not in known.choices)
            default = known.default if known.default == option.default else "the ruleset's"
            fields[key] = attrs.evolve(
                known, rulesets=(*known.rulesets, ruleset), choices=choices, default=default
            )
    return tuple(sorted(fields.values(), key=lambda f: f.key))


@attrs.frozen
class Pages:
    """What the pages need to know: where samples and the published reference are, if any."""

    samples: Path | None
    rules_url: str | None
    environment: jinja2.Environment
    options: tuple[OptionField, ...]
    sample_names: tuple[str, ...]
    """The records under ``samples``, by their path in it, read once when the server starts."""

    @property
    def rules_base(self) -> str:
        return self.rules_url.rstrip("/") + "/" if self.rules_url else "/rules/"

    def render(self, template: str, here: str, **values: Any) -> str:
        return self.environment.get_template(template).render(
            here=here, rules_base=self.rules_base, version=__version__, **values
        )

    def check_page(
        self,
        *,
        sources: Sequence[Source] = (),
        text: str = "",
        sample: str = "",
        options: Mapping[str, str] | None = None,
        message: str = "",
    ) -> str:
        diagnostics = [d for s in sources for d in s.report.diagnostics]
        return self.render(
            "check.html.j2",
            "check",
            files=sources,
            report=render_files(sources, base_url=self.rules_base) if sources else "",
            report_style=Markup(report_style()),
            report_script=Markup(report_script()),
            games=sum(len(s.report.games) for s in sources),
            errors=sum(d.severity is Severity.ERROR for d in diagnostics),
            warnings=sum(d.severity is Severity.WARNING for d in diagnostics),
            codes=sorted({d.code for d in diagnostics}),
            text=text,
            samples=self.sample_names,
            chosen_sample=sample,
            options=self.options,
            chosen_options=dict(options or {}),
            limit=UPLOAD_LIMIT,
            message=message,
        )


async def _form_posted(request: Request[Any, Any, Any]) -> None:
    """The check page posts a form, not the JSON the API asks for: nothing to refuse here."""
    return None


def sample_records() -> Path | None:
    """The sample records of a checkout: its ``records/`` folder, beside the package when
    trufspec runs from the checkout, or in the folder the server is started in.  The package
    ships none."""
    for records in (Path(__file__).resolve().parents[2] / "records", Path.cwd() / "records"):
        if records.is_dir():
            return records
    return None


def _html(body: str, status: int = 200) -> Response[str]:
    return Response(body, status_code=status, media_type="text/html; charset=utf-8")


def _message(sources: Sequence[Source]) -> str:
    """A sentence above the findings when what was sent is no record at all."""
    if len(sources) != 1 or sources[0].report.games:
        return ""
    codes = [d.code for d in sources[0].report.diagnostics]
    if codes[:1] == ["REC002"]:
        return (
            "This file is not UTF-8 text, so it is not a record: save it as UTF-8 text and send "
            "it again. The finding below names the first byte that is not."
        )
    if sources[0].report.diagnostics:
        return (
            "This does not read as a record: no game was found in it. The findings below say "
            "where the reading stopped."
        )
    return 'There is no game in this text: a record starts with its tags, such as [Event "..."].'


def _check(pages: Pages, form: Mapping[str, Any]) -> str:
    """The check page for a posted form: its file, else its text, else its sample."""
    options = {
        key.removeprefix("option:"): str(value).strip()
        for key, value in form.items()
        if key.startswith("option:") and str(value).strip()
    }
    text = str(form.get("text", ""))
    sample = str(form.get("sample", ""))
    upload = form.get("file")
    named: tuple[str, bytes] | None = None
    if isinstance(upload, tuple):
        named = upload
    elif text.strip():
        # Pasted JSON is read as a JSON record, as a file named .json is.
        named = (PASTED + (".json" if text.lstrip().startswith("{") else ""), text.encode())
    elif sample:
        if sample not in pages.sample_names or pages.samples is None:
            return pages.check_page(message="There is no sample of that name.", options=options)
        named = (sample, (pages.samples / sample).read_bytes())
    if named is None:
        return pages.check_page(
            message="Paste a record, choose a file or pick a sample, then press Check.",
            options=options,
        )
    sources = [read_source(named[0], named[1], options)]
    return pages.check_page(
        sources=sources, text=text, sample=sample, options=options, message=_message(sources)
    )


def pages_router(*, samples: Path | None = None, rules_url: str | None = None) -> Router:
    """The routes of the pages, to be registered with the server's application.

    ``samples`` is a folder of records the check page offers to pick from (the repository's
    ``records/`` when trufspec runs from a checkout); ``rules_url`` is the published rules
    reference that findings link to instead of the server's own ``/rules/`` pages."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(WEB),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    names: tuple[str, ...] = ()
    if samples is not None and samples.is_dir():
        names = tuple(sorted(p.relative_to(samples).as_posix() for p in samples.rglob("*.truf")))
    pages = Pages(samples, rules_url, environment, _option_fields(), names)
    registry = default_registry()
    titles = {key: source.title for key, source in SOURCES.items()}

    @get("/", sync_to_thread=False)
    def check_form() -> Response[str]:
        return _html(pages.check_page())

    @post("/", request_max_body_size=UPLOAD_LIMIT + 64 * 1024, before_request=_form_posted)
    async def check(request: Request[Any, Any, Any]) -> Response[str]:
        form = await request.form()
        fields: dict[str, Any] = {}
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                data = await value.read()
                await value.close()
                if value.filename or data:
                    fields[key] = (value.filename or "uploaded file", data)
            else:
                fields[key] = value
        # The check runs on a worker thread: a long record never holds up the other requests.
        body = await anyio.to_thread.run_sync(_check, pages, fields)
        return _html(body)

    @get("/play", sync_to_thread=False)
    def play() -> Response[str]:
        rulesets = [
            {"id": r.id, "title": r.title, "ending": how_it_ends(r.id, registry)}
            for r in RULESETS.values()
        ]
        return _html(
            pages.render("play.html.j2", "play", rulesets=rulesets, suits=_SUITS, games=_GAMES)
        )

    @get("/rules/clause/{code:str}", sync_to_thread=False)
    def clause(code: FromPath[str]) -> Redirect:
        """A clause by its code alone (a refusal knows no more), at its place in its page."""
        try:
            found = registry.clause(code)
        except KeyError:
            raise HTTPException(status_code=404, detail=f"There is no rule {code!r}.") from None
        page = "notation.html" if found.ruleset == "record" else f"rulesets/{found.ruleset}.html"
        return Redirect(f"{pages.rules_base}{page}#{found.code}")

    @get(["/rules", "/rules/"], sync_to_thread=False)
    def rules_index() -> Response[str]:
        rulesets = [
            {"id": r.id, "title": r.title, "count": len(registry.clauses_of(r.id))}
            for r in RULESETS.values()
        ]
        return _html(pages.render("rules_index.html.j2", "rules", rulesets=rulesets))

    @get("/rules/rulesets/{page:str}", sync_to_thread=False)
    def ruleset_page(page: FromPath[str]) -> Response[str]:
        ruleset = RULESETS.get(page.removesuffix(".html"))
        if ruleset is None:
            raise HTTPException(status_code=404, detail=f"There is no ruleset {page!r}.")
        return _html(
            pages.render(
                "rules.html.j2",
                "rules",
                title=f"{ruleset.title} ({ruleset.id})",
                clauses=registry.clauses_of(ruleset.id),
                ambiguities=(),
                source_titles=titles,
            )
        )

    @get("/rules/notation.html", sync_to_thread=False)
    def notation_page() -> Response[str]:
        return _html(
            pages.render(
                "rules.html.j2",
                "rules",
                title="The notation: how a record is written",
                clauses=registry.clauses_of("record"),
                ambiguities=(),
                source_titles=titles,
            )
        )

    @get("/rules/ambiguities.html", sync_to_thread=False)
    def ambiguities_page() -> Response[str]:
        ambiguities = [a for r in RULESETS for a in registry.ambiguities_of(r)]
        return _html(
            pages.render(
                "rules.html.j2",
                "rules",
                title="Readings: where a source can be read two ways",
                clauses=(),
                ambiguities=ambiguities,
                source_titles=titles,
            )
        )

    def refused(request: Request[Any, Any, Any], error: HTTPException) -> Response[str]:
        """A page, not a bare error, for a person who sent too much or asked for no page."""
        if error.status_code == 413:
            limit = UPLOAD_LIMIT / 1048576
            message = (
                f"That is more than the {limit:.1f} MB a record sent here may weigh. "
                "Check it with the trufspec command instead."
            )
            return _html(pages.check_page(message=message), 413)
        return _html(
            pages.render(
                "error.html.j2", "", title="Not found", message=str(error.detail or "No page here.")
            ),
            error.status_code,
        )

    return Router(
        path="/",
        route_handlers=[
            check_form,
            check,
            play,
            clause,
            rules_index,
            ruleset_page,
            notation_page,
            ambiguities_page,
            create_static_files_router("/static", directories=[WEB / "static"]),
        ],
        exception_handlers={413: refused, 404: refused},
        include_in_schema=False,
    )
