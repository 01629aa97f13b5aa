"""The simulator plays the 國戰 generals' skills legally: games at a table of 丁奉 鲁肃 张昭张纮 蔡文姬 纪灵 潘凤
and a few others, judged clean as they are made (strict: any violation raises), each skill used."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from hegkit import LUXUN, NEW
from skillkit import roster_ruleset

from sgs_replay.content import ruleset
from sgs_replay.content.names import SKILL
from sgs_replay.simulate.game import play_game

USED = [SKILL.duoshi, SKILL.haoshi, SKILL.dimeng, SKILL.zhijian, SKILL.guzheng, SKILL.fenxun, SKILL.beige, SKILL.shuangren,
        SKILL.kuangfu]


def test_the_simulator_uses_every_skill_of_the_new_generals(tmp_path: Path) -> None:
    rs = ruleset(roster_ruleset(tmp_path, [*NEW, LUXUN, "刘备", "黄盖", "甘宁"], name="heg-sim"), allow_path=True)
    outs = [play_game(rs, 6, 3, i) for i in range(12)]  # strict: a violation raises
    used: Counter[str] = Counter()
    two_targets = 0
    for out in outs:
        assert not out.violations
        used.update(out.skills)
        dingfeng = [p["seat"] for p in json.loads(out.lines[0])["players"] if p["general"] == "丁奉"]
        for line in out.lines[1:]:
            e = json.loads(line)
            if e.get("type") == "use" and e["seat"] in dingfeng and len(e.get("targets") or []) == 2 \
                    and "杀" in (e.get("card") or e.get("as") or ""):
                two_targets += 1  # 丁奉's 短兵
    assert {s: used[s] for s in USED if not used[s]} == {}, used
    assert two_targets, "短兵: no 杀 with two targets"
