"""夏侯渊: 神速 (seed 000)."""

from skillkit import damage, discard, draw, judge, phase, skill, skip, turn, use

TABLE = ["夏侯渊", "张飞", "许褚", "黄盖"]


def test_shensu_ok_first_option_far_target(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "神速", choice="skip_judge_draw"),
        skip(1, "judge", "神速"), skip(1, "draw", "神速"),
        use(1, as_="杀", cards=[], skill="神速", targets=[3]),  # seat 3 is at distance 2: no limit
        damage(3, 1, 1),
        phase(1, "play"),
    ], current=4, phase="finish")
    out.ok()


def test_shensu_ok_second_option(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "神速", choice="skip_play", cards=["♣5 的卢"]),
        use(1, as_="杀", cards=[], skill="神速", targets=[2]),
        damage(2, 1, 1),
        phase(1, "judge"), phase(1, "draw"), draw(1, ["♦2 闪", "♦3 闪"], "phase"),
        skip(1, "play", "神速"),
        phase(1, "discard"),
    ], current=4, phase="finish", equip={1: ["♣5 的卢"]})
    out.ok()


def test_shensu_bad_draw_phase_taken(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "神速", choice="skip_judge_draw"),
        use(1, as_="杀", cards=[], skill="神速", targets=[3]),
        damage(3, 1, 1),
        phase(1, "draw"),
    ], current=4, phase="finish")
    out.bad("SGS-T007", 7)


def test_shensu_bad_second_option_without_equipment(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "神速", choice="skip_play", cards=["♣3 杀"]),
    ], current=4, phase="finish", hands={1: ["♣3 杀"]})
    out.bad("SGS-S004", 4)


def test_shensu_bad_in_play_phase(play):
    out = play(TABLE, [skill(1, "神速", choice="skip_judge_draw")])
    out.bad("SGS-S003", 2)


def test_shensu_bad_no_slash_follows(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "神速", choice="skip_judge_draw"),
        skip(1, "judge", "神速"), skip(1, "draw", "神速"),
        phase(1, "play"),
    ], current=4, phase="finish")
    out.bad("SGS-S006", 7)


def test_shensu_bad_plain_slash_in_start_phase(play):
    out = play(TABLE, [turn(1), phase(1, "start"), use(1, "♠7 杀", 2)], current=4, phase="finish", hands={1: ["♠7 杀"]})
    out.bad("SGS-T006", 4)
    _ = discard


def test_shensu_ok_both_options_after_a_dodge_with_a_green_dragon_blade(play):
    """The first 神速 杀 is dodged (八卦阵) while 夏侯渊 holds 青龙偃月刀; the second option's 杀 at the
    same target is that skill's 视为使用, not the blade's follow-up 杀 of the first one."""
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "神速", choice="skip_judge_draw"),
        skip(1, "judge", "神速"), skip(1, "draw", "神速"),
        use(1, as_="杀", cards=[], skill="神速", targets=[2]),
        judge(2, "♥8 桃", "八卦阵"),
        skill(1, "神速", choice="skip_play", cards=["♣5 的卢"]),
        use(1, as_="杀", cards=[], skill="神速", targets=[2]),
        judge(2, "♠10 杀", "八卦阵"),
        damage(2, 1, 1),
        skip(1, "play", "神速"),
        phase(1, "discard"),
    ], current=4, phase="finish", equip={1: ["♠5 青龙偃月刀", "♣5 的卢"], 2: ["♠2 八卦阵"]})
    out.ok()
