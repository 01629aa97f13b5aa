"""黄月英: 集智, 奇才."""

from skillkit import HEG, draw, move, skill, use

TABLE = ["黄月英", "张飞", "许褚", "黄盖", "孙权"]


def test_jizhi_ok_draw_on_trick(play):
    out = play(TABLE, [
        use(1, "♥7 无中生有"),
        skill(1, "集智"),
        draw(1, ["♦2 闪"], skill="集智"),
        draw(1, ["♦3 闪", "♦4 闪"], "card"),
    ], hands={1: ["♥7 无中生有"]})
    out.ok()


def test_jizhi_bad_after_slash(play):
    out = play(TABLE, [use(1, "♠7 杀", 2), skill(1, "集智")], hands={1: ["♠7 杀"]})
    out.bad("SGS-S003", 3)


def test_jizhi_bad_after_delayed_trick(play):
    out = play(TABLE, [use(1, "♠6 乐不思蜀", 2), skill(1, "集智")], hands={1: ["♠6 乐不思蜀"]})
    out.bad("SGS-S003", 3)


def test_jizhi_bad_after_the_trick_resolved(play):
    """集智: 每当使用一张非延时类锦囊时，（在它结算之前）可以立即摸一张牌 — not once 无中生有 has drawn."""
    out = play(TABLE, [
        use(1, "♥7 无中生有"),
        draw(1, ["♦3 闪", "♦4 闪"], "card"),
        skill(1, "集智"),
    ], hands={1: ["♥7 无中生有"]})
    out.bad("SGS-S003", 4)


def test_jizhi_bad_draws_two(play):
    out = play(TABLE, [use(1, "♥7 无中生有"), skill(1, "集智"), draw(1, ["♦2 闪", "♦5 闪"], skill="集智")],
               hands={1: ["♥7 无中生有"]})
    out.bad("SGS-S006", 4)


def test_qicai_ok_snatch_at_distance_two(play):
    out = play(TABLE, [use(1, "♠3 顺手牵羊", 3), move(["♦2 闪"], ("hand", 3), ("hand", 1), "顺手牵羊")],
               hands={1: ["♠3 顺手牵羊"], 3: ["♦2 闪"]})
    out.ok()


def test_qicai_bad_slash_range_unchanged(play):
    out = play(TABLE, [use(1, "♠7 杀", 3)], hands={1: ["♠7 杀"]})
    out.bad("SGS-P002", 2)


def test_jizhi_ok_heg_unconverted_trick(play):
    """國戰 集智: 每当你使用非转化的非延时类锦囊牌时 — a trick card of her hand."""
    out = play(TABLE, [use(1, "♥7 无中生有"), skill(1, "集智"), draw(1, ["♦2 闪"], skill="集智"),
                       draw(1, ["♦3 闪", "♦4 闪"], "card")], ruleset=HEG, hands={1: ["♥7 无中生有"]})
    out.ok()


def test_jizhi_bad_heg_converted_trick(play):
    """國戰 集智: not for a converted trick (the default text's 集智 follows it; the 奇袭 is not hers: SGS-S001 both ways)."""
    log = [use(1, None, 2, **{"as": "过河拆桥", "cards": ["♠7 杀"], "skill": "奇袭"}),
           skill(1, "集智"), draw(1, ["♦2 闪"], skill="集智")]
    default = play(TABLE, log, ruleset="maneuvering", hands={1: ["♠7 杀"], 2: ["♦9 闪"]})
    assert {v.rule for v in default.violations} == {"SGS-S001"}, default.describe()
    play(TABLE, log, ruleset=HEG, hands={1: ["♠7 杀"], 2: ["♦9 闪"]}).bad("SGS-S003", 3)
