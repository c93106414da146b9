"""The whole HTTP API fuzzed from its own OpenAPI schema (Schemathesis) against a real server: whatever is sent,
valid by the schema or not, the answer is never a 5xx, and every 4xx says why."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode

from ..e2e.support import Server, start_server

#: Cases per operation and kind (valid by the schema, or not).
EXAMPLES = 30


@pytest.fixture(scope="module")
def fuzzed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("fuzz") / "tables.sqlite3", bot_delay=0.0)
    yield running
    running.kill()


@pytest.fixture(scope="module")
def api_schema(fuzzed_server: Server) -> Any:
    return schemathesis.openapi.from_url(f"{fuzzed_server.url}/api/openapi.json")


def operations(api_schema: Any) -> list[Any]:
    return [result.ok() for result in api_schema.get_all_operations()]


def test_the_schema_names_every_operation(api_schema: Any) -> None:
    paths = {op.path for op in operations(api_schema)}
    assert {"/api/tables", "/api/tables/{table_id}/moves", "/api/tables/{table_id}/close"} <= paths
    assert "/api/tables/{table_id}/seats/{seat}/bot" in paths


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["valid", "invalid"])
def test_no_request_gives_a_server_error_and_every_refusal_says_why(
    api_schema: Any, fuzzed_server: Server, mode: GenerationMode
) -> None:
    # A real table, so that requests naming its id reach the code behind the lookup too.
    table = fuzzed_server.api(
        "/api/tables", {"game": "tricks-together", "seats": [{"kind": "bot", "bot": "random"}] * 4, "seat": None}
    )["table"]["id"]
    failures: list[str] = []
    for operation in operations(api_schema):
        ids = {"table_id": table} if "{table_id}" in operation.path else None
        strategies = [operation.as_strategy(mode)]
        if ids is not None:
            strategies.append(operation.as_strategy(mode, path_parameters=ids))
        for strategy in strategies:

            @given(case=strategy)
            @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
            def run(case: Any) -> None:
                response = case.call(base_url=fuzzed_server.url)
                where = f"{case.method} {case.formatted_path}"
                if response.status_code >= 500:
                    failures.append(f"{where}: {response.status_code} {response.text[:200]}")
                elif response.status_code >= 400:
                    try:
                        detail = response.json().get("detail")
                    except ValueError:
                        detail = None
                    if not detail:
                        failures.append(f"{where}: {response.status_code} without a reason")

            try:
                run()
            except Unsatisfiable:
                # Nothing in this operation can be made invalid (e.g. a GET without parameters): nothing to send.
                assert mode is GenerationMode.NEGATIVE
    assert not failures, "\n".join(sorted(set(failures))[:20])


#: The project's Schemathesis settings: which answers a schema-valid request may get (``schemathesis.toml``).
CONFIG = Path(__file__).parents[2] / "schemathesis.toml"


def test_every_check_of_schemathesis_passes(fuzzed_server: Server, tmp_path: Path) -> None:
    """``st run --checks all``: beyond "no 5xx", the answers agree with the schema (statuses, bodies, headers),
    schema-valid requests are not refused as malformed, malformed ones are, and unknown methods get 405 with
    an Allow header that lists exactly the methods the schema names."""
    st = Path(sys.executable).with_name("st")
    command = [str(st), "--config-file", str(CONFIG), "--no-color", "run", f"{fuzzed_server.url}/api/openapi.json"]
    command += ["--checks", "all", "--max-examples", str(EXAMPLES // 3), "--seed", "1", "--workers", "1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=tmp_path)
    summary = done.stdout[done.stdout.find("=== FAILURES") :] if "=== FAILURES" in done.stdout else done.stdout
    assert done.returncode == 0, summary[-6000:]
