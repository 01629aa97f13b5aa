"""张郃 (國戰): 巧变 (a hand card discarded to skip a phase; the draw phase: a hand card of one or two others; the
play phase: a card of a judge or equipment area moved to the same area of another)."""

from skillkit import draw, move, phase, skill, skip

TABLE = ["张飞", "张郃", "许褚", "黄盖"]


def qb(phase_name, card="♦2 闪", targets=None):
    return skill(2, "巧变", cards=[card], choice=phase_name, targets=targets)


def test_qiaobian_ok_skips_the_judge_phase(play, rs):
    out = play(TABLE, [
        qb("judge"), skip(2, "judge", "巧变"),
        phase(2, "draw"), draw(2, ["♦3 闪", "♦4 闪"], reason="phase"),
    ], ruleset=rs, current=2, phase="start", hands={2: ["♦2 闪"]}, judge={2: ["♥6 乐不思蜀"]},
        deck=["♦3 闪", "♦4 闪"])
    out.ok()


def test_qiaobian_ok_draw_phase_takes_two_cards(play, rs):
    out = play(TABLE, [
        qb("draw", targets=[1, 3]), skip(2, "draw", "巧变"),
        move(["♠7 杀"], ("hand", 1), ("hand", 2), reason="巧变"),
        move(["♠8 杀"], ("hand", 3), ("hand", 2), reason="巧变"),
        phase(2, "play"),
    ], ruleset=rs, current=2, phase="start", hands={1: ["♠7 杀"], 2: ["♦2 闪"], 3: ["♠8 杀"]})
    out.ok()


def test_qiaobian_ok_play_phase_moves_a_weapon(play, rs):
    out = play(TABLE, [
        qb("play"), skip(2, "play", "巧变"),
        move(["♣A 诸葛连弩"], ("equip", 1), ("equip", 3), reason="巧变"),
        phase(2, "discard"),
    ], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]}, equip={1: ["♣A 诸葛连弩"]})
    out.ok()


def test_qiaobian_ok_discard_phase(play, rs):
    out = play(TABLE, [qb("discard"), skip(2, "discard", "巧变"), phase(2, "finish")],
               ruleset=rs, current=2, hands={2: ["♦2 闪", "♠7 杀", "♠8 杀", "♠9 杀", "♦3 闪", "♦4 闪"]})
    out.ok()


def test_qiaobian_bad_start_phase(play, rs):
    out = play(TABLE, [qb("start")], ruleset=rs, current=2, phase=None, hands={2: ["♦2 闪"]})
    out.bad("SGS-S004", 2)


def test_qiaobian_bad_a_phase_already_begun(play, rs):
    out = play(TABLE, [qb("draw")], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]})
    out.bad("SGS-S003", 2)


def test_qiaobian_bad_in_anothers_turn(play, rs):
    out = play(TABLE, [qb("discard")], ruleset=rs, current=1, hands={2: ["♦2 闪"]})
    out.bad("SGS-S003", 2)


def test_qiaobian_bad_the_phase_still_played(play, rs):
    out = play(TABLE, [qb("play"), phase(2, "play")], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]})
    out.bad("SGS-T007", 3)


def test_qiaobian_bad_a_target_without_hand_cards(play, rs):
    out = play(TABLE, [qb("draw", targets=[4])], ruleset=rs, current=2, phase="start", hands={2: ["♦2 闪"]})
    out.bad("SGS-S004", 2)


def test_qiaobian_bad_card_not_taken(play, rs):
    out = play(TABLE, [
        qb("draw", targets=[1]), skip(2, "draw", "巧变"),
        phase(2, "play"),
    ], ruleset=rs, current=2, phase="start", hands={1: ["♠7 杀"], 2: ["♦2 闪"]})
    out.bad("SGS-S006", 4)


def test_qiaobian_bad_into_a_taken_slot(play, rs):
    out = play(TABLE, [
        qb("play"), skip(2, "play", "巧变"),
        move(["♣A 诸葛连弩"], ("equip", 1), ("equip", 3), reason="巧变"),
    ], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]}, equip={1: ["♣A 诸葛连弩"], 3: ["♠2 雌雄双股剑"]})
    out.bad("SGS-S006", 4)


def test_qiaobian_bad_equipment_into_a_judge_area(play, rs):
    out = play(TABLE, [
        qb("play"), skip(2, "play", "巧变"),
        move(["♣A 诸葛连弩"], ("equip", 1), ("judge", 3), reason="巧变"),
    ], ruleset=rs, current=2, phase="draw", hands={2: ["♦2 闪"]}, equip={1: ["♣A 诸葛连弩"]})
    out.bad("SGS-S006", 4)


def test_qiaobian_bad_no_hand_card(play, rs):
    out = play(TABLE, [qb("discard", card="♣A 诸葛连弩")], ruleset=rs, current=2, equip={2: ["♣A 诸葛连弩"]})
    out.bad("SGS-S004", 2)
