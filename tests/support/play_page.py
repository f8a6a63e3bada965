"""The play page driven as a person plays it: a move made by clicks."""

from __future__ import annotations

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def page_version(page: Page) -> int:
    """The version of the game the page shows (-1 before it shows one)."""
    return int(page.locator("body").get_attribute("data-version") or "-1")


def move(page: Page) -> str:
    """One action of the person, by clicks, as the page offers it; what was done ("waited"
    when the bots moved first and the page offers nothing to do yet)."""
    before = page_version(page)
    offered: list[str] = page.evaluate(
        """() => {
        const compose = document.getElementById("compose");
        if (!compose.hidden) {
            const pack = !document.getElementById("pack").hidden;
            return ["compose", compose.dataset.example, pack ? "#pack" : "#hand"];
        }
        const card = document.querySelector("#hand .card.legal");
        if (card) return ["card", card.dataset.card, "#hand"];
        const choice = document.querySelector("#choices > button");
        if (choice) return ["choice", choice.dataset.action, "#choices"];
        return ["none", "", ""];
        }"""
    )
    kind, what, where = offered
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
    try:
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    except PlaywrightTimeout:
        said = page.locator("#status").inner_text(), page.locator("#refusal").inner_text()
        raise AssertionError(f"{done}: nothing applied; the page says {said}") from None
    return done
