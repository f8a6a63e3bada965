"""The play page driven as a person plays it: a move made by clicks."""

from __future__ import annotations

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

WAIT_MS = 30_000
"""The longest :func:`shows_after` waits for a version (the tabs' default timeout)."""

SHOWS_AFTER = """([above, ms]) => new Promise((resolve) => {
    const body = document.body;
    const now = () => Number(body.dataset.version ?? -1);
    if (now() > above) { resolve(now()); return; }
    const seen = new MutationObserver(() => {
        if (now() > above) { seen.disconnect(); clearTimeout(late); resolve(now()); }
    });
    const late = setTimeout(() => { seen.disconnect(); resolve(null); }, ms);
    seen.observe(body, {attributes: true, attributeFilter: ["data-version"]});
})"""
"""The version the page shows once it is past ``above`` (``null`` after ``ms``): told as the
page sets it, when the view it draws is whole, rather than at the next frame."""


def page_version(page: Page) -> int:
    """The version of the game the page shows (-1 before it shows one)."""
    return int(page.locator("body").get_attribute("data-version") or "-1")


def shows_after(page: Page, version: int, ms: int = WAIT_MS) -> int | None:
    """The version the page shows once it shows one later than ``version`` (None when it
    shows none within ``ms`` milliseconds)."""
    shown: int | None = page.evaluate(SHOWS_AFTER, [version, ms])
    return shown


def move(page: Page) -> str:
    """One action of the person, by clicks, as the page offers it; what was done ("waited"
    when the bots moved first and the page offers nothing to do yet)."""
    before: int
    kind: str
    what: str
    where: str
    before, kind, what, where = page.evaluate(
        """() => {
        const version = Number(document.body.dataset.version ?? -1);
        const compose = document.getElementById("compose");
        if (!compose.hidden) {
            const pack = !document.getElementById("pack").hidden;
            return [version, "compose", compose.dataset.example, pack ? "#pack" : "#hand"];
        }
        const card = document.querySelector("#hand .card.legal");
        if (card) return [version, "card", card.dataset.card, "#hand"];
        const choice = document.querySelector("#choices > button");
        if (choice) return [version, "choice", choice.dataset.action, "#choices"];
        return [version, "none", "", ""];
        }"""
    )
    if kind == "none":
        return "waited"
    try:
        with page.expect_response(lambda r: r.url.endswith("/actions")) as sent:
            if kind == "compose":
                for card in what.split():
                    page.locator(f'{where} [data-card="{card}"]').click(timeout=5000)
                page.get_by_role("button", name="Send the chosen cards").click(timeout=5000)
            elif kind == "card":
                page.locator(f'#hand [data-card="{what}"]').click(timeout=5000)
            else:
                page.locator(f'#choices [data-action="{what}"]').click(timeout=5000)
    except PlaywrightTimeout:
        return "waited"  # the view changed under the click: look again
    if sent.value.status == 409 and "code" not in sent.value.json():
        return "waited"  # a bot acted first where the order matters: the page looks again
    done = ("played " if kind == "card" else "chose ") + what
    if shows_after(page, before) is None:
        said = page.locator("#status").inner_text(), page.locator("#refusal").inner_text()
        raise AssertionError(f"{done}: nothing applied; the page says {said}")
    return done
