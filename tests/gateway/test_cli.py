"""``packlight serve`` on the command line: what it needs, and what it says when it is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def serve(*args: str, tmp_path: Path, **variables: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PACKLIGHT_HOME": str(tmp_path),
        "PACKLIGHT_GATEWAY_UPSTREAM": "",
        **variables,
    }
    return subprocess.run(
        [sys.executable, "-m", "packlight", "serve", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )


def test_serve_without_an_upstream_says_so_and_exits_2(tmp_path: Path) -> None:
    result = serve(tmp_path=tmp_path)
    assert result.returncode == 2
    assert "--upstream is required" in result.stderr
    assert "Traceback" not in result.stderr


def test_serve_refuses_a_bad_port_naming_the_setting(tmp_path: Path) -> None:
    result = serve("--upstream", "http://127.0.0.1:1", "--port", "0", tmp_path=tmp_path)
    assert result.returncode == 2
    assert "gateway.port" in result.stderr


def test_serve_refuses_an_upstream_that_is_not_a_url(tmp_path: Path) -> None:
    result = serve("--upstream", "api.openai.com", tmp_path=tmp_path)
    assert result.returncode == 2
    assert "gateway.upstream" in result.stderr
    assert "http(s) URL" in result.stderr


def test_serve_refuses_a_negative_number_of_compaction_workers(tmp_path: Path) -> None:
    option = serve(
        "--upstream", "http://127.0.0.1:1", "--compaction-workers", "-1", tmp_path=tmp_path
    )
    assert option.returncode == 2
    assert "--compaction-workers" in option.stderr
    variable = serve(
        "--upstream",
        "http://127.0.0.1:1",
        tmp_path=tmp_path,
        PACKLIGHT_GATEWAY_COMPACTION_WORKERS="-2",
    )
    assert variable.returncode == 2
    assert "gateway.compaction_workers" in variable.stderr
