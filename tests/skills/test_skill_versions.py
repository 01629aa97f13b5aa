"""Skill versions per ruleset: ``[skill_versions]`` picks a printed text or another skill."""

from skillkit import damage, draw, judge, phase, skill, turn, use

COLD = ["夏侯惇", "孙权", "甘宁", "黄盖", "刘备", "甄姬"]


def _ruleset(tmp_path, body: str) -> str:
    p = tmp_path / "house.toml"
    p.write_text(body, encoding="utf-8")
    return str(p)


def test_ganglie_replaced_by_the_2013_text(play, tmp_path):
    """A 3v3-2010 house rule that gives 夏侯惇 the 2013 刚烈 (names any enemy)."""
    rs = _ruleset(tmp_path, 'inherits = "3v3-2010"\nname = "house"\n[skill_versions]\nganglie = "vsganglie"\n')
    out = play(COLD, [
        use(6, "♠7 杀", 1), damage(1, 1, 6, "♠7 杀"),
        skill(1, "刚烈", targets=[5]), judge(1, "♣3 杀", "刚烈"), damage(5, 1, 1),
    ], mode="3v3", ruleset=rs, current=6, hands={6: ["♠7 杀"]})
    out.ok()


def test_luoyi_seed_000_text(play, tmp_path):
    """Seed 000's 裸衣 is a play-phase choice with no weapon; the draw phase is not changed."""
    rs = _ruleset(tmp_path, 'inherits = "standard"\nname = "early"\n[skill_versions]\nluoyi = "000"\n')
    table = ["许褚", "张飞", "孙权", "黄盖"]
    out = play(table, [turn(1), phase(1, "draw"), draw(1, ["♦2 闪", "♦3 闪"], "phase"), phase(1, "play"),
                       skill(1, "裸衣")], ruleset=rs, current=4, phase="finish")
    out.ok()
    out = play(table, [skill(1, "裸衣")], ruleset=rs, equip={1: ["♠6 青釭剑"]})
    out.bad("SGS-S004", 2)


def test_tuxi_1v1_text(play):
    out = play(["张辽", "孙权"], [
        turn(1), phase(1, "draw"), skill(1, "突袭", targets=[2]),
        {"type": "move", "cards": ["♦2 闪"], "from": {"zone": "hand", "seat": 2}, "to": {"zone": "hand", "seat": 1}},
        draw(1, ["♦3 闪"], "phase"), phase(1, "play"),
    ], mode="1v1", current=2, phase="finish", hands={2: ["♦2 闪", "♦7 闪"]})
    out.ok()
    out = play(["张辽", "孙权"], [turn(1), phase(1, "draw"), skill(1, "突袭", targets=[2])],
               mode="1v1", current=2, phase="finish", hands={1: ["♦8 闪"], 2: ["♦2 闪"]})
    out.bad("SGS-S004", 4)
