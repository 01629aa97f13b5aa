"""The simulator uses the skills of the 國戰 generals 张郃 曹丕 乐进 刘禅 甘夫人 孔融 田丰 (and 巨象) legally: games
of an identity table with them validate clean (strict: the first violation raises) and use every skill."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sgs_replay.content import ruleset
from sgs_replay.content.names import SKILL
from sgs_replay.simulate.game import play_game

GENERALS = ["张郃", "孔融", "刘禅", "曹丕", "乐进", "甘夫人", "田丰", "祝融国战", "张飞", "许褚", "黄盖", "刘备", "曹仁"]
SKILLS = [SKILL.xingshang, SKILL.fangzhu, SKILL.xiaoguo, SKILL.shenzhi, SKILL.shushen, SKILL.sijian, SKILL.juxiang, SKILL.xiangle, SKILL.lirang, SKILL.qiaobian, SKILL.fangquan]


def test_the_new_skills_are_used_in_clean_games(tmp_path: Path) -> None:
    path = tmp_path / "house-guozhan.toml"
    roster = ", ".join(f'"{g}"' for g in GENERALS)
    path.write_text(f'inherits = "maneuvering"\nname = "house-guozhan"\n[roster]\ngenerals = [{roster}]\n', encoding="utf-8")
    rs = ruleset(str(path), allow_path=True)
    used: Counter[str] = Counter()
    for i in range(20):
        out = play_game(rs, 5, 7, i, strict=True)
        assert not out.violations
        used.update(out.skills)
    assert all(used[s] for s in SKILLS), {s: used[s] for s in SKILLS}
