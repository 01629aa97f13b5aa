"""张飞: 咆哮."""

from skillkit import damage, skill, use

TABLE = ["张飞", "孙权", "许褚", "黄盖"]


def test_paoxiao_ok_three_slashes(play):
    out = play(TABLE, [
        use(1, "♠7 杀", 2), damage(2, 1, 1, "♠7 杀"),
        use(1, "♠8 杀", 2), damage(2, 1, 1, "♠8 杀"),
        use(1, "♠9 杀", 4), damage(4, 1, 1, "♠9 杀"),
    ], hands={1: ["♠7 杀", "♠8 杀", "♠9 杀"]})
    out.ok()


def test_paoxiao_bad_others_keep_the_limit(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1), damage(1, 1, 2, "♠7 杀"),
        use(2, "♠8 杀", 1),
    ], current=2, hands={2: ["♠7 杀", "♠8 杀"]})
    out.bad("SGS-P001", 4)


def test_paoxiao_bad_announced_outside_play_phase(play):
    out = play(TABLE, [skill(1, "咆哮")], phase="discard")
    out.bad("SGS-S003", 2)
