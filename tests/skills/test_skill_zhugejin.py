"""诸葛瑾: 缓释, 弘援, 明哲 (seed 002, 3v3 2013)."""

from skillkit import draw, judge, phase, respond, retrial, skill, turn, use

TABLE = ["张辽", "诸葛瑾", "甘宁", "黄盖", "刘备", "甄姬"]


def test_huanshi_ok_teammates_judgement(play):
    out = play(TABLE, [
        turn(3), phase(3, "judge"), judge(3, "♠8 杀", "乐不思蜀"),
        retrial(2, "♥3 桃", "缓释"),
        phase(3, "draw"), draw(3, ["♦2 闪", "♦3 闪"], "phase"),
        phase(3, "play"),
    ], mode="3v3", current=None, phase=None, judge={3: ["♣6 乐不思蜀"]}, hands={2: ["♥3 桃"]})
    out.ok()


def test_huanshi_bad_enemy_judgement(play):
    out = play(TABLE, [
        turn(4), phase(4, "judge"), judge(4, "♥4 桃", "乐不思蜀"),
        retrial(2, "♠8 杀", "缓释"),
    ], mode="3v3", current=None, phase=None, judge={4: ["♣6 乐不思蜀"]}, hands={2: ["♠8 杀"]})
    out.bad("SGS-S004", 5)


def test_huanshi_bad_no_judgement(play):
    out = play(TABLE, [skill(2, "缓释")], mode="3v3", current=4)
    out.bad("SGS-S003", 2)


def test_hongyuan_ok_teammates_draw(play):
    out = play(TABLE, [
        turn(2), phase(2, "draw"),
        skill(2, "弘援"),
        draw(2, ["♦2 闪"], "phase"),
        draw(1, ["♦3 闪"], skill="弘援"),
        draw(3, ["♦4 闪"], skill="弘援"),
        phase(2, "play"),
    ], mode="3v3", current=None, phase=None)
    out.ok()


def test_hongyuan_bad_draws_two_himself(play):
    out = play(TABLE, [
        turn(2), phase(2, "draw"),
        skill(2, "弘援"),
        draw(2, ["♦2 闪", "♦5 闪"], "phase"),
        draw(1, ["♦3 闪"], skill="弘援"),
        draw(3, ["♦4 闪"], skill="弘援"),
        phase(2, "play"),
    ], mode="3v3", current=None, phase=None)
    out.bad("SGS-T003", 5)  # the draw itself is too many


def test_hongyuan_bad_teammate_draw_missing(play):
    out = play(TABLE, [
        turn(2), phase(2, "draw"),
        skill(2, "弘援"),
        draw(2, ["♦2 闪"], "phase"),
        draw(1, ["♦3 闪"], skill="弘援"),
        phase(2, "play"),
    ], mode="3v3", current=None, phase=None)
    out.bad("SGS-S006", 7)


def test_mingzhe_ok_red_dodge_outside_turn(play):
    out = play(TABLE, [
        use(5, "♠7 杀", 2),
        respond(2, "♦2 闪"),
        skill(2, "明哲"),
        draw(2, ["♦3 闪"], skill="明哲"),
    ], mode="3v3", current=5, hands={5: ["♠7 杀"], 2: ["♦2 闪"]}, equip={5: ["♥5 麒麟弓"]})
    out.ok()


def test_mingzhe_bad_black_card(play):
    out = play(TABLE, [
        use(5, "♠7 杀", 2),
        respond(2, as_="闪", cards=["♠8 杀"]),
        skill(2, "明哲"),
    ], mode="3v3", current=5, hands={5: ["♠7 杀"], 2: ["♠8 杀"]}, equip={5: ["♥5 麒麟弓"]})
    out.bad("SGS-S003", 4)


def test_mingzhe_bad_in_own_turn(play):
    out = play(TABLE, [use(2, "♦6 杀", 1), skill(2, "明哲")], mode="3v3", current=2, hands={2: ["♦6 杀"]})
    out.bad("SGS-S003", 3)
