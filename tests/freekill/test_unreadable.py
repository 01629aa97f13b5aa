"""Broken FreeKill recordings on the command line: exit status 3 and one located error line, never a traceback.

Each broken file is made from a sample recording: cut in half (truncated), bytes flipped inside the
zlib stream (corrupted stream), one entry's CBOR payload replaced by junk (corrupted entry: located by
its entry index), and the engine version changed (wrong version: entry 0). ``validate``, ``audit``,
``load`` and ``convert`` all read them.
"""

from __future__ import annotations

import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import cbor2
import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLE_DIR = REPO.parent / "shared" / "peer" / "freekill" / "samples"
SAMPLES = sorted(SAMPLE_DIR.glob("*.fk.rep")) if SAMPLE_DIR.is_dir() else []
pytestmark = pytest.mark.skipif(not SAMPLES, reason="../shared/peer/freekill/samples is not available")


def _pack(top: list[object]) -> bytes:
    raw = cbor2.dumps(top)
    return len(raw).to_bytes(4, "big") + zlib.compress(raw)


def _truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _corrupted_stream(data: bytes) -> bytes:
    b = bytearray(data)
    for i in range(len(b) // 3, len(b) // 3 + 8):
        b[i] ^= 0x5A
    return bytes(b)


def _corrupted_entry(data: bytes) -> bytes:
    top = cbor2.loads(zlib.decompress(data[4:]))
    top[12][3] = b"\xff\xff\x1f"
    return _pack(top)


def _wrong_version(data: bytes) -> bytes:
    top = cbor2.loads(zlib.decompress(data[4:]))
    top[0] = b"0.4.9"
    return _pack(top)


BROKEN: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    # kind: (how, what the error line says after the file name)
    "truncated": (_truncated, r": truncated or corrupted zlib stream"),
    "corrupted-stream": (_corrupted_stream, r": truncated or corrupted zlib stream"),
    "corrupted-entry": (_corrupted_entry, r": entry 12 \(\w+\): "),
    "wrong-version": (_wrong_version, r": entry 0 \(version\): unsupported FreeKill version '0\.4\.9'"),
}


def _run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sgs_replay", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("broken")
    data = SAMPLES[0].read_bytes()
    out = {}
    for kind, (how, _) in BROKEN.items():
        p = d / f"{kind}.fk.rep"
        p.write_bytes(how(data))
        out[kind] = p
    return out


@pytest.mark.parametrize("command", ["validate", "audit", "convert", "load"])
@pytest.mark.parametrize("kind", list(BROKEN))
def test_broken_recording_is_exit_3_with_one_located_line(broken: dict[str, Path], kind: str, command: str,
                                                           tmp_path: Path) -> None:
    path = broken[kind]
    extra = {"convert": ["--out", str(tmp_path / "out")], "load": ["--db", str(tmp_path / "x.duckdb")]}.get(command, [])
    p = _run(command, path, *extra, cwd=tmp_path)
    assert p.returncode == 3, (p.stdout, p.stderr)
    assert "Traceback" not in p.stderr + p.stdout
    pattern = re_line(path, BROKEN[kind][1])
    if command == "load":  # the load summary lists each unreadable file on one line
        hits = [line.strip() for line in p.stdout.splitlines() if str(path) in line]
    else:
        hits = [line for line in p.stderr.splitlines() if line.strip()]
    assert len(hits) == 1, (p.stdout, p.stderr)
    assert pattern.search(hits[0]), hits[0]
    assert hits[0].count(path.name) == 1, f"the file is named once: {hits[0]}"
    if command == "convert":
        assert not (tmp_path / "out" / f"{kind}.sgs.jsonl").exists()


def re_line(path: Path, what: str):  # type: ignore[no-untyped-def]
    import re

    return re.compile(re.escape(str(path)) + what)
