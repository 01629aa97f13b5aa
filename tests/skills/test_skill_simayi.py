"""司马懿: 反馈, 鬼才."""

from skillkit import damage, judge, move, phase, retrial, skill, skip, turn, use

TABLE = ["司马懿", "张飞", "许褚", "黄盖"]


def test_fankui_ok_takes_a_card_of_the_source(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "反馈"),
        move(["♦2 闪"], ("hand", 2), ("hand", 1), "反馈"),
    ], current=2, hands={2: ["♠7 杀", "♦2 闪"]})
    out.ok()


def test_fankui_bad_source_has_no_cards(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "反馈"),
    ], current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-S004", 4)


def test_fankui_bad_no_source(play):
    out = play(TABLE, [
        turn(1), phase(1, "judge"),
        judge(1, "♠5 绝影", "闪电"),
        damage(1, 3),
        skill(1, "反馈"),
    ], current=4, phase="finish", judge={1: ["♠A 闪电"]}, hp={1: 3})
    out.bad("SGS-S004", 6)


def test_fankui_bad_without_damage(play):
    out = play(TABLE, [skill(1, "反馈")], current=2)
    out.bad("SGS-S003", 2)


def test_guicai_ok_retrial_with_a_hand_card(play):
    out = play(TABLE, [
        turn(2), phase(2, "judge"),
        judge(2, "♥4 桃", "乐不思蜀"),
        retrial(1, "♣9 杀", "鬼才"),
        skip(2, "play", "乐不思蜀"),
    ], current=1, phase="finish", judge={2: ["♠6 乐不思蜀"]}, hands={1: ["♣9 杀"]})
    out.ok()


def test_guicai_ok_changes_the_result(play):
    """Without the retrial the ♥ would spare the play phase; the ♣ makes it skipped."""
    out = play(TABLE, [
        turn(2), phase(2, "judge"),
        judge(2, "♥4 桃", "乐不思蜀"),
        retrial(1, "♣9 杀", "鬼才"),
        phase(2, "play"),
    ], current=1, phase="finish", judge={2: ["♠6 乐不思蜀"]}, hands={1: ["♣9 杀"]})
    out.bad("SGS-T007", 6)


def test_guicai_bad_no_judgement(play):
    out = play(TABLE, [skill(1, "鬼才"), retrial(1, "♣9 杀", "鬼才")], hands={1: ["♣9 杀"]})
    out.bad("SGS-S003", 2)
    out.bad("SGS-S003", 3)


def test_guicai_bad_equipment_card(play):
    out = play(TABLE, [
        turn(2), phase(2, "judge"),
        judge(2, "♥4 桃", "乐不思蜀"),
        retrial(1, "♣5 的卢", "鬼才"),
    ], current=1, phase="finish", judge={2: ["♠6 乐不思蜀"]}, equip={1: ["♣5 的卢"]})
    out.bad("SGS-S004", 5)


def test_guicai_bad_not_owned(play):
    out = play(TABLE, [
        turn(2), phase(2, "judge"),
        judge(2, "♥4 桃", "乐不思蜀"),
        retrial(3, "♣9 杀", "鬼才"),
    ], current=1, phase="finish", judge={2: ["♠6 乐不思蜀"]}, hands={3: ["♣9 杀"]})
    out.bad("SGS-S001", 5)
