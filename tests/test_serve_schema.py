"""Schemathesis over the service's OpenAPI document, against a live server: generated requests
(bounded in number) never get a 5xx, and every answer follows the document."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.live_server import Server, running

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("schema")
    with running(folder / "games.sqlite", "--time-budget", "5") as live:
        yield live


@pytest.fixture(scope="module")
def api(server: Server) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_url(server.url + "/openapi.json")


EXAMPLES = 8
"""Generated requests per operation: enough to reach every kind of bad input, few enough that
the whole document is tried in under a minute."""


def test_no_answer_is_a_server_error_or_off_the_document(api: schemathesis.BaseSchema) -> None:
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) == 9
    statuses: list[int] = []
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def call(case: schemathesis.Case) -> None:
            statuses.append(case.call_and_validate(checks=CHECKS).status_code)

        call()
    # The generated requests reached the routes and their refusals, not only one of them.
    assert {200, 201} & set(statuses)
    assert {401, 422} <= set(statuses)
