"""The phase windows (摸牌阶段, 出牌阶段, 弃牌阶段) the engine asks for a skill announced at its own phase: each skill
is reported in the same words, and a skill announced outside its window does nothing (SGS-S003)."""

from pathlib import Path

from skillkit import draw, phase, roster_ruleset, skill, turn

IDENTITY = ["张飞", "神吕蒙", "许褚", "黄盖", "吕蒙", "周瑜"]


def _timing(out, line):  # type: ignore[no-untyped-def]
    v = out.bad("SGS-S003", line)
    assert [x for x in out.violations if x.rule == "SGS-S003"] == [v], out.describe()
    return v.message.split(": ", 1)[-1], v.expected, v.observed


def test_draw_phase_choice_outside_the_draw_phase(play):
    out = play(IDENTITY, [skill(6, "英姿")], current=2, phase="play")
    assert _timing(out, 2) == ("英姿 is used in your draw phase", "in your draw phase", "the play phase of seat 2")


def test_draw_phase_replacement_outside_the_draw_phase_does_nothing(play):
    """涉猎 out of its window: no reveal is expected of it (only the timing is reported)."""
    out = play(IDENTITY, [skill(2, "涉猎")], current=2, phase="play")
    assert _timing(out, 2) == ("涉猎 is used in your draw phase", "in your draw phase", "the play phase of seat 2")


def test_draw_phase_choice_before_the_phase_event_begins_the_draw_phase(play):
    """英姿 announced in the judge phase: the draw phase begins there, and its draw counts three."""
    out = play(IDENTITY, [turn(6), phase(6, "judge"), skill(6, "英姿"),
                          draw(6, ["♦2 闪", "♦3 闪", "♦4 闪"], "phase"), phase(6, "play")],
               current=None, phase=None)
    out.ok()


def test_play_phase_skill_outside_the_play_phase(play):
    out = play(IDENTITY, [skill(4, "苦肉")], current=4, phase="draw")
    assert _timing(out, 2) == ("苦肉 is used in your play phase", "in your play phase", "the draw phase of seat 4")


def test_play_phase_skill_with_its_own_words(play, tmp_path: Path):
    """双刃's moment is the start of its play phase: its own words, in the play phase's window."""
    table = ["纪灵", "张飞", "许褚", "黄盖"]
    out = play(table, [skill(1, "双刃", targets=[2])], ruleset=roster_ruleset(tmp_path, table), current=2)
    assert _timing(out, 2) == ("双刃 is used at the start of your play phase", "at the start of your play phase",
                               "the play phase of seat 2")


def test_discard_phase_skill_outside_its_window(play):
    out = play(IDENTITY, [skill(5, "克己")], current=5, phase="finish")
    assert _timing(out, 2) == ("克己 is used before or in your discard phase", "before or in your discard phase",
                               "the finish phase of seat 5")


def test_text_version_with_another_timing_point(play, tmp_path: Path):
    """Seed 000's 裸衣 is a play-phase choice: announced in the draw phase, it is reported in the play phase's words."""
    rs = tmp_path / "early.toml"
    rs.write_text('inherits = "standard"\nname = "early"\n[skill_versions]\nluoyi = "000"\n', encoding="utf-8")
    out = play(IDENTITY, [skill(3, "裸衣")], ruleset=str(rs), current=3, phase="draw")
    assert _timing(out, 2) == ("裸衣 is used in your play phase", "in your play phase", "the draw phase of seat 3")


def test_text_version_with_a_later_window(play, tmp_path: Path):
    """Seed 000's 观星 (摸牌阶段前) may come in the judge phase, not in the draw phase; its words are the default text's."""
    rs = tmp_path / "early.toml"
    rs.write_text('inherits = "standard"\nname = "early"\n[skill_versions]\nguanxing = "000"\n', encoding="utf-8")
    table = ["诸葛亮", "张飞", "许褚", "黄盖"]
    deck = ["♦2 闪", "♦3 闪", "♦4 闪"]
    play(table, [skill(1, "观星")], ruleset=str(rs), current=1, phase="judge", deck=deck).ok()
    out = play(table, [skill(1, "观星")], ruleset=str(rs), current=1, phase="draw", deck=deck)
    assert _timing(out, 2) == ("观星 is used in your start phase", "in your start phase", "the draw phase of seat 1")
    out = play(table, [skill(1, "观星")], current=1, phase="judge", deck=deck)
    assert _timing(out, 2) == ("观星 is used in your start phase", "in your start phase", "the judge phase of seat 1")
