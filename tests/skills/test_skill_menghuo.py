"""孟获: 祸首, 再起 (3v3 2012 roster)."""

from skillkit import damage, draw, phase, recover, respond, reveal, skill, turn, use

TABLE = ["张辽", "孙权", "孟获", "黄盖", "刘备", "甄姬"]


def test_huoshou_ok_source_of_savage_assault(play):
    out = play(TABLE, [
        use(4, "♠7 南蛮入侵", direction="ccw"),
        damage(5, 1, 3, "♠7 南蛮入侵"),
        damage(6, 1, 3, "♠7 南蛮入侵"),
        damage(1, 1, 3, "♠7 南蛮入侵"),
        damage(2, 1, 3, "♠7 南蛮入侵"),
    ], mode="3v3", ruleset="3v3-2012", current=4, hands={4: ["♠7 南蛮入侵"]})
    out.ok()


def test_huoshou_bad_responds_to_it(play):
    out = play(TABLE, [
        use(4, "♠7 南蛮入侵", direction="ccw"),
        damage(5, 1, 3, "♠7 南蛮入侵"),
        damage(6, 1, 3, "♠7 南蛮入侵"),
        damage(1, 1, 3, "♠7 南蛮入侵"),
        damage(2, 1, 3, "♠7 南蛮入侵"),
        respond(3, "♠8 杀"),
    ], mode="3v3", ruleset="3v3-2012", current=4, hands={4: ["♠7 南蛮入侵"], 3: ["♠8 杀"]})
    out.bad("SGS-P006", 7)


def test_zaiqi_ok_hearts_heal(play):
    out = play(TABLE, [
        turn(3), phase(3, "draw"),
        skill(3, "再起"),
        reveal(["♥3 桃", "♠8 杀"], 3, "再起"),
        recover(3, 1),
        phase(3, "play"),
        use(3, "♠8 杀", 4),
    ], mode="3v3", ruleset="3v3-2012", current=None, phase=None, hp={3: 2})
    out.ok()


def test_zaiqi_bad_not_wounded(play):
    out = play(TABLE, [turn(3), phase(3, "draw"), skill(3, "再起")], mode="3v3", ruleset="3v3-2012",
               current=None, phase=None)
    out.bad("SGS-S004", 4)


def test_zaiqi_bad_recovery_missing(play):
    out = play(TABLE, [
        turn(3), phase(3, "draw"),
        skill(3, "再起"),
        reveal(["♥3 桃", "♠8 杀"], 3, "再起"),
        phase(3, "play"),
    ], mode="3v3", ruleset="3v3-2012", current=None, phase=None, hp={3: 2})
    out.bad("SGS-S006", 6)


def test_zaiqi_bad_also_draws(play):
    out = play(TABLE, [
        turn(3), phase(3, "draw"),
        skill(3, "再起"),
        reveal(["♠8 杀", "♠9 杀"], 3, "再起"),
        draw(3, ["♦2 闪"], "phase"),
        phase(3, "play"),
    ], mode="3v3", ruleset="3v3-2012", current=None, phase=None, hp={3: 2})
    out.bad("SGS-T003", 6)  # the draw itself is too many
