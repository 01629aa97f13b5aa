"""大乔: 国色, 流离."""

from skillkit import damage, skill, use

TABLE = ["大乔", "张飞", "许褚", "黄盖", "孙权"]


def test_guose_ok_diamond_as_indulgence(play):
    out = play(TABLE, [use(1, as_="乐不思蜀", cards=["♦2 闪"], skill="国色", targets=[3])], hands={1: ["♦2 闪"]})
    out.ok()


def test_guose_bad_heart_card(play):
    out = play(TABLE, [use(1, as_="乐不思蜀", cards=["♥3 桃"], skill="国色", targets=[3])], hands={1: ["♥3 桃"]})
    out.bad("SGS-P009", 2)


def test_liuli_ok_passes_the_slash(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        skill(1, "流离", targets=[5], cards=["♦2 闪"]),
        damage(5, 1, 2, "♠7 杀"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.ok()


def test_liuli_bad_back_to_the_user(play):
    out = play(TABLE, [use(2, "♠7 杀", 1), skill(1, "流离", targets=[2], cards=["♦2 闪"])],
               current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.bad("SGS-S004", 3)


def test_liuli_bad_out_of_range(play):
    out = play(TABLE, [use(2, "♠7 杀", 1), skill(1, "流离", targets=[3], cards=["♦2 闪"])],
               current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.bad("SGS-S004", 3)


def test_liuli_bad_no_slash(play):
    out = play(TABLE, [skill(1, "流离", targets=[5], cards=["♦2 闪"])], current=2, hands={1: ["♦2 闪"]})
    out.bad("SGS-S003", 2)


def test_liuli_bad_old_target_takes_damage(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        skill(1, "流离", targets=[5], cards=["♦2 闪"]),
        damage(1, 1, 2, "♠7 杀"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.bad("SGS-D003", 4)
