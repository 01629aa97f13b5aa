"""Simulated games with the 國戰 wording of the skills (``tests/skills/heg_skills.toml``) are clean:
the simulator follows a ruleset's skill versions (制衡 at most max HP cards …)."""

from __future__ import annotations

from pathlib import Path

from sgs_replay.content import ruleset
from sgs_replay.simulate.game import play_game

HEG = Path(__file__).resolve().parent / "skills" / "heg_skills.toml"
# the generals whose skills have a 國戰 version, and two more men for 离间 and 结姻
GENERALS = ["孙权", "周瑜", "刘备", "黄月英", "黄忠", "貂蝉", "许褚", "华佗", "孙尚香", "荀彧", "太史慈", "典韦",
            "张飞", "关羽"]


def test_heg_skill_versions_simulate_clean(tmp_path: Path) -> None:
    (tmp_path / HEG.name).write_bytes(HEG.read_bytes())  # `inherits` names a file beside the ruleset
    p = tmp_path / "heg-roster.toml"
    p.write_text(f'name = "heg-roster"\ninherits = "{HEG.name}"\n[roster]\ngenerals = {GENERALS!r}\n'
                 .replace("'", '"'), encoding="utf-8")
    rs = ruleset(str(p), allow_path=True)
    assert rs.skill_versions and set(rs.skill_versions.values()) == {"heg"}
    for i in range(10):
        out = play_game(rs, 6, 7, i, strict=True)
        assert out.reason
