"""曹丕 (國戰): 行殇 (another's death: his cards are yours) and 放逐 (after damage: another draws your lost HP
and is 叠置, skipping its next turn)."""

from skillkit import damage, death, draw, move, phase, skill, turn, use

TABLE = ["张飞", "曹丕", "许褚", "黄盖"]


def test_xingshang_ok_takes_the_dead_characters_cards(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 4),
        damage(4, 1, 1, "♠7 杀"),
        death(4, killer=1),
        skill(2, "行殇", targets=[4]),
    ], ruleset=rs, hp={4: 1}, hands={1: ["♠7 杀"], 4: ["♥10 杀"]}, equip={4: ["♣A 诸葛连弩"]})
    out.ok()


def test_xingshang_ok_with_the_move_logged(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 4),
        damage(4, 1, 1, "♠7 杀"),
        death(4, killer=1),
        skill(2, "行殇"),
        move(["♥10 杀"], ("discard", None), ("hand", 2), reason="行殇"),
    ], ruleset=rs, hp={4: 1}, hands={1: ["♠7 杀"], 4: ["♥10 杀"]})
    out.ok()


def test_xingshang_bad_no_death(play, rs):
    out = play(TABLE, [skill(2, "行殇", targets=[4])], ruleset=rs)
    out.bad("SGS-S003", 2)


def test_xingshang_bad_after_the_game_moved_on(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 4),
        damage(4, 1, 1, "♠7 杀"),
        death(4, killer=1),
        phase(1, "discard"),
        skill(2, "行殇", targets=[4]),
    ], ruleset=rs, hp={4: 1}, hands={1: ["♠7 杀"], 4: ["♥10 杀"]})
    out.bad("SGS-S003", 6)


def test_fangzhu_ok_draws_the_lost_hp_and_skips_a_turn(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        damage(2, 1, 1, "♠7 杀"),
        skill(2, "放逐", targets=[3]),
        draw(3, ["♦2 闪"], skill="放逐"),
        turn(2), turn(4),  # seat 3's turn passes unplayed
        turn(1), turn(2), turn(3),
    ], ruleset=rs, hp={2: 3}, hands={1: ["♠7 杀", "♠8 杀"]})
    out.ok()


def test_fangzhu_bad_draw_count(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        damage(2, 1, 1, "♠7 杀"),
        skill(2, "放逐", targets=[3]),
        draw(3, ["♦2 闪", "♦3 闪"], skill="放逐"),
    ], ruleset=rs, hp={2: 3}, hands={1: ["♠7 杀", "♠8 杀"]})
    out.bad("SGS-S006", 5)


def test_fangzhu_bad_turn_not_skipped(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        damage(2, 1, 1, "♠7 杀"),
        skill(2, "放逐", targets=[3]),
        draw(3, ["♦2 闪"], skill="放逐"),
        turn(2), turn(3),
    ], ruleset=rs, hp={2: 3}, hands={1: ["♠7 杀", "♠8 杀"]})
    out.bad("SGS-T007", 7)


def test_fangzhu_ok_twice_turns_back(play, rs):
    out = play(TABLE, [
        use(1, "♠7 杀", 2),
        damage(2, 1, 1, "♠7 杀"),
        skill(2, "放逐", targets=[3]),
        draw(3, ["♦2 闪"], skill="放逐"),
        use(1, "♠8 杀", 2),
        damage(2, 1, 1, "♠8 杀"),
        skill(2, "放逐", targets=[3]),
        draw(3, ["♦3 闪", "♦4 闪"], skill="放逐"),
        turn(2), turn(3),
    ], ruleset=rs, hp={2: 3}, hands={1: ["♠7 杀", "♠8 杀"]})
    out.ok()


def test_fangzhu_bad_without_damage(play, rs):
    out = play(TABLE, [skill(2, "放逐", targets=[3])], ruleset=rs)
    out.bad("SGS-S003", 2)


def test_fangzhu_bad_targets_himself(play, rs):
    out = play(TABLE, [use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"), skill(2, "放逐", targets=[2])], ruleset=rs, hands={1: ["♠7 杀"]})
    out.bad("SGS-S004", 4)
