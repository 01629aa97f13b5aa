"""`sgs-replay dashboard`: serves on loopback by default and never leaves a server behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from sgs_replay.cli.server import free_port

pytest.importorskip("streamlit")

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "tests" / "fixtures" / "freekill" / "paths" / "guojia_xiahoudun.sgs.jsonl"


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def _listening(port: int) -> set[str]:
    """The local addresses (hex, as in /proc/net/tcp*) listening on ``port``."""
    out = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            f = row.split()
            addr, hexport = f[1].rsplit(":", 1)
            if int(hexport, 16) == port and f[3] == "0A":  # 0A: LISTEN
                out.add(addr)
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs Linux /proc")
def test_dashboard_binds_loopback_and_sigterm_stops_the_server(tmp_path: Path) -> None:
    db = tmp_path / "d.duckdb"
    r = subprocess.run([sys.executable, "-m", "sgs_replay", "load", str(LOG), "--db", str(db)], capture_output=True,
                       text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    port = free_port()
    cli = subprocess.Popen([sys.executable, "-m", "sgs_replay", "dashboard", "--db", str(db), "--port", str(port)],
                           cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           env=dict(os.environ, STREAMLIT_BROWSER_GATHER_USAGE_STATS="false"))
    servers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        answered = False
        while time.monotonic() < deadline and cli.poll() is None:
            servers = servers or _children(cli.pid)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as resp:
                    answered = resp.status == 200
                    break
            except OSError:
                time.sleep(0.3)
        assert answered, "the dashboard did not answer on 127.0.0.1"
        servers = servers or _children(cli.pid)
        assert servers, "no server process found"
        listening = _listening(port)
        assert listening and listening <= {"0100007F"}, listening  # 127.0.0.1 only: not 0.0.0.0, not ::
        cli.send_signal(signal.SIGTERM)
        cli.wait(timeout=30)
        assert cli.returncode == 128 + signal.SIGTERM, cli.returncode
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in servers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(p) for p in servers), "the server outlived the command"
        assert not _listening(port)
    finally:
        if cli.poll() is None:
            cli.kill()
            cli.wait()
        for p in servers:
            if _alive(p):
                os.kill(p, signal.SIGKILL)
