"""Test-session set-up shared by every test module."""

import contextlib
import warnings

# When a Hypothesis test fails, Hypothesis's pytest plugin imports hypothesis.extra._patching
# (and with it libcst, which warns about mypy_extensions.TypedDict).  With the project's
# filterwarnings = error, that warning would turn a plain test failure into an INTERNALERROR
# that stops the session; importing the module once here, warnings silenced, keeps failures
# reported as failures.  Without libcst Hypothesis does not import the module either.
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    with contextlib.suppress(ImportError):
        import hypothesis.extra._patching  # noqa: F401


import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import jsonschema
import pytest
from browser import CHROMIUM, MISSING, Tab, chromium
from playwright.sync_api import Browser
from postgres_cluster import MISSING as NO_POSTGRES
from postgres_cluster import Cluster, binaries, cluster

from trufspec.output import coverage, schemas, sheet, standings
from trufspec.output import json as json_report
from trufspec.readings import json as readings_json


def _validated(
    render: Callable[..., str], validator: jsonschema.Draft202012Validator
) -> Callable[..., str]:
    """``render``, checking each document it returns against ``validator``."""

    def validated(*args: object, **kwargs: object) -> str:
        text = render(*args, **kwargs)
        validator.validate(json.loads(text))
        return text

    return validated


@pytest.fixture(autouse=True, scope="session")
def json_follows_its_schema() -> object:
    """Validate every JSON document a renderer prints during the session against the schema
    shipped for it, whichever test (or command run in the test's process) prints it."""
    patch = pytest.MonkeyPatch()
    for module, name, document in (
        (json_report, "render", "check"),
        (sheet, "render_json", "score"),
        (standings, "render_json", "standings"),
        (coverage, "render_json", "coverage"),
        (readings_json, "render", "readings"),
    ):
        validator = jsonschema.Draft202012Validator(json.loads(schemas.shipped(document)))
        patch.setattr(module, name, _validated(getattr(module, name), validator))
    yield
    patch.undo()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for a module's browser tests.  Without it the tests fail, saying
    what to install: CI installs it, and a skipped browser test would let a broken page pass."""
    if not Path(CHROMIUM).is_file():
        pytest.fail(MISSING, pytrace=False)
    with chromium() as running:
        yield running


@pytest.fixture
def tab(browser: Browser) -> Iterator[Callable[..., Tab]]:
    """Opens pages (``tab(width)``, each in a context of its own), closed after the test."""
    opened: list[Tab] = []

    def open_tab(width: int, height: int = 900) -> Tab:
        opened.append(Tab.of(browser, width, height))
        return opened[-1]

    yield open_tab
    for each in opened:
        each.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A throw-away PostgreSQL cluster for the session (:mod:`postgres_cluster`), its
    ``url`` a database of its own.  Without PostgreSQL's binaries the tests that need it are
    skipped, saying what to install, but fail in CI (the environment variable CI set), which
    installs them: there a skipped test would let a broken store pass."""
    if binaries() is None:
        if os.environ.get("CI"):
            pytest.fail(NO_POSTGRES, pytrace=False)
        pytest.skip(NO_POSTGRES)
    with cluster() as running:
        yield running
