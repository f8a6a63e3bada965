"""Test-session set-up shared by every test: the tiers' markers, the Hypothesis budget, and
the check of every JSON document printed against its schema.

The fixtures of a kind of test live in the ``conftest.py`` of the folders that use them (a
browser, a PostgreSQL cluster), so that a test that needs neither imports neither; the helpers,
oracles and data the tests share are in ``tests/support/`` (its README says what each holds).
"""

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
from collections.abc import Callable, Iterator

import budgets  # noqa: F401  (loads the session's Hypothesis profile)
import jsonschema
import pytest

from trufspec.output import coverage, schemas, sheet, standings
from trufspec.output import json as json_report
from trufspec.readings import json as readings_json

_KINDS = {"browser": "browser", "postgres": "postgres", "live": "server"}
"""The fixtures that make a test of a costly kind, and the marker of the kind."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test of a costly kind is ``slow`` too, whether it says its kind or a fixture does
    (a test that asks for the ``browser`` is a browser test), so that ``-m "not slow"`` leaves
    out every test that starts a browser, a server or a database."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        for fixture, kind in _KINDS.items():
            if fixture in fixtures and item.get_closest_marker(kind) is None:
                item.add_marker(kind)
        if item.get_closest_marker("slow") is None and any(
            item.get_closest_marker(kind) for kind in ("browser", "server", "postgres")
        ):
            item.add_marker("slow")


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
def json_follows_its_schema() -> Iterator[None]:
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
