"""The examples of the page "trufspec as a service" run against a live server: the curl blocks
as one shell script, the JavaScript with Node."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docblocks import service_blocks as blocks
from live_server import Server

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTED = "http://127.0.0.1:8000"


@pytest.fixture
def server(live: Server) -> Server:
    """The session's server (each example starts games of its own)."""
    return live


@pytest.mark.slow
def test_the_curl_examples_run(server: Server, tmp_path: Path) -> None:
    script = "\n".join(blocks("bash", "Examples with curl")).replace(DOCUMENTED, server.url)
    assert script.count("curl ") >= 10
    # The trufspec of this session's environment, and a working folder of the test's own that
    # shows the repository's records, where the examples write their files.
    trufspec = Path(sys.executable).parent / "trufspec"
    (tmp_path / "records").symlink_to(ROOT / "records")
    result = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": f"{trufspec.parent}:/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr
    output = result.stdout
    assert "Follow suit" in output
    assert '"errors": 0' in output
    assert '{"applied":"8S","to_act":["Budi"]' in output
    assert '"code":"TB303"' in output
    assert '{"seat":"Ana","phase":"bids"' in output
    assert '"version":1}' in output
    assert '{"role":"watch","hand":[]' in output
    assert "\n304\n" in output
    assert "event: action\n" in output and "id: 1\n" in output
    assert output.count('{"status":401') == 1
    assert output.count('{"status":403') == 1


@pytest.mark.slow
def test_the_javascript_example_runs(server: Server, tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "the JavaScript example is run with Node (Debian's nodejs)"
    (example,) = blocks("javascript", "From JavaScript")
    script = example.replace(DOCUMENTED, server.url) + (
        "\nconst answer = await referee(\n"
        '  \'[Ruleset "truf-basics"]\\n[Players "Ana Budi Citra Dewi"]\\n\', null);\n'
        "console.log(answer.phase, answer.legal_actions.total);\n"
        "try { await referee('[Ruleset \"truf-basics\"]\\n', 'AS'); }\n"
        "catch (error) { console.log(error.message.split(':')[0]); }\n"
    )
    path = tmp_path / "example.mjs"
    path.write_text(script, encoding="utf-8")
    result = subprocess.run([node, str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    title, state, refused = result.stdout.splitlines()
    assert title == "Follow suit"
    assert re.fullmatch(r"bids \d+", state)
    assert refused == "REF003"
