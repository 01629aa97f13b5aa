"""The dashboards' Streamlit server as a child process: its command line, starting it on a free port and
waiting until it answers, and stopping it (politely, then for good). Used by `sgs-replay dashboard` and by
whatever drives the dashboards in a browser (the browser tests, ``bench/pages.py``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any


def streamlit_command(app: Path, host: str, port: int, *, watch_files: bool = True) -> list[str]:
    """``python -m streamlit run APP`` headless on ``host:port``, usage statistics off."""
    cmd = [sys.executable, "-m", "streamlit", "run", str(app), "--server.address", host, "--server.port", str(port),
           "--server.headless", "true", "--browser.gatherUsageStats", "false"]
    return cmd if watch_files else [*cmd, "--server.fileWatcherType", "none"]


def free_port() -> int:
    """A TCP port of the loopback interface nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def stop(proc: subprocess.Popen[Any], timeout: float = 10) -> None:
    """End a child process: SIGTERM, then SIGKILL if it has not ended within ``timeout`` seconds."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def wait_healthy(url: str, proc: subprocess.Popen[Any], deadline: float) -> None:
    """Wait until the server at ``url`` answers its health check; RuntimeError if it exits first,
    TimeoutError at ``deadline`` (``time.monotonic()``)."""
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with status {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError("streamlit did not become healthy")


@contextmanager
def serving(app: Path, db: Path, log: IO[bytes], *, wait: float = 30, cwd: Path | None = None) -> Iterator[str]:
    """The dashboards ``app`` served on the store ``db`` on a free loopback port, its output to ``log``;
    yields the URL once the server answers and stops the server when the block ends."""
    port = free_port()
    proc = subprocess.Popen(streamlit_command(app, "127.0.0.1", port, watch_files=False),
                            env=dict(os.environ, SGS_REPLAY_DB=str(db)), stdout=log, stderr=subprocess.STDOUT,
                            cwd=cwd)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, proc, time.monotonic() + wait)
        yield url
    finally:
        stop(proc)
