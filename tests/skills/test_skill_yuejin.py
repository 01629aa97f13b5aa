"""乐进 (國戰): 骁果 (another's finish phase: discard a basic card; it discards an equipment card or takes 1
damage from him)."""

from skillkit import damage, discard, phase, skill, turn

TABLE = ["张飞", "乐进", "许褚", "黄盖"]


def test_xiaoguo_ok_damage(play, rs):
    out = play(TABLE, [
        phase(1, "finish"),
        skill(2, "骁果", cards=["♦2 闪"]),
        damage(1, 1, 2),
    ], ruleset=rs, phase="discard", hands={2: ["♦2 闪"]})
    out.ok()


def test_xiaoguo_ok_equipment_discarded(play, rs):
    out = play(TABLE, [
        phase(1, "finish"),
        skill(2, "骁果", cards=["♦2 闪"]),
        discard(1, ["♣A 诸葛连弩"]),
    ], ruleset=rs, phase="discard", hands={2: ["♦2 闪"]}, equip={1: ["♣A 诸葛连弩"]})
    out.ok()


def test_xiaoguo_bad_not_a_basic_card(play, rs):
    out = play(TABLE, [
        phase(1, "finish"),
        skill(2, "骁果", cards=["♣A 诸葛连弩"]),
        damage(1, 1, 2),
    ], ruleset=rs, phase="discard", hands={2: ["♣A 诸葛连弩"]})
    out.bad("SGS-S004", 3)


def test_xiaoguo_bad_in_his_own_turn(play, rs):
    out = play(TABLE, [phase(2, "finish"), skill(2, "骁果", cards=["♦2 闪"])],
               ruleset=rs, current=2, phase="discard", hands={2: ["♦2 闪"]})
    out.bad("SGS-S003", 3)


def test_xiaoguo_bad_in_the_play_phase(play, rs):
    out = play(TABLE, [skill(2, "骁果", cards=["♦2 闪"])], ruleset=rs, hands={2: ["♦2 闪"]})
    out.bad("SGS-S003", 2)


def test_xiaoguo_bad_discards_a_hand_card(play, rs):
    out = play(TABLE, [
        phase(1, "finish"),
        skill(2, "骁果", cards=["♦2 闪"]),
        discard(1, ["♠7 杀"]),
    ], ruleset=rs, phase="discard", hands={1: ["♠7 杀"], 2: ["♦2 闪"]})
    out.bad("SGS-S006", 4)


def test_xiaoguo_bad_nothing_follows(play, rs):
    out = play(TABLE, [
        phase(1, "finish"),
        skill(2, "骁果", cards=["♦2 闪"]),
        turn(2),
    ], ruleset=rs, phase="discard", hands={2: ["♦2 闪"]})
    out.bad("SGS-S006", 4)
