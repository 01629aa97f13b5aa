"""郭嘉: 天妒, 遗计."""

from skillkit import damage, discard, draw, judge, move, phase, skill, skip, turn, use

TABLE = ["郭嘉", "张飞", "许褚", "黄盖"]


def test_tiandu_ok_takes_own_judgement(play):
    out = play(TABLE, [
        turn(1), phase(1, "judge"),
        judge(1, "♣9 杀", "乐不思蜀"),
        skill(1, "天妒"),
        skip(1, "play", "乐不思蜀"),
        discard(1, ["♣9 杀"]),
    ], current=4, phase="finish", judge={1: ["♠6 乐不思蜀"]})
    out.ok()


def test_tiandu_bad_someone_elses_judgement(play):
    out = play(TABLE, [
        turn(2), phase(2, "judge"),
        judge(2, "♣9 杀", "乐不思蜀"),
        skill(1, "天妒"),
    ], current=1, phase="finish", judge={2: ["♠6 乐不思蜀"]})
    out.bad("SGS-S003", 5)


def test_tiandu_bad_late(play):
    out = play(TABLE, [
        turn(1), phase(1, "judge"),
        judge(1, "♣9 杀", "乐不思蜀"),
        skip(1, "play", "乐不思蜀"),
        skill(1, "天妒"),
    ], current=4, phase="finish", judge={1: ["♠6 乐不思蜀"]})
    out.bad("SGS-S003", 6)


def test_yiji_ok_two_cards_per_point(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "遗计"),
        draw(1, ["♦2 闪", "♦3 闪"], skill="遗计"),
        move(["♦2 闪"], ("hand", 1), ("hand", 3), "遗计"),
    ], current=2, hands={2: ["♠7 杀"]})
    out.ok()


def test_yiji_ok_draw_written_as_a_move(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "遗计"),
        move(["♦2 闪", "♦3 闪"], ("deck", None), ("hand", 1), "遗计"),
    ], current=2, hands={2: ["♠7 杀"]})
    out.ok()


def test_yiji_bad_draws_three(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "遗计"),
        draw(1, ["♦2 闪", "♦3 闪", "♦4 闪"], skill="遗计"),
    ], current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-S006", 5)


def test_yiji_bad_twice_for_one_point(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "遗计"),
        draw(1, ["♦2 闪", "♦3 闪"], skill="遗计"),
        skill(1, "遗计"),
    ], current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-S002", 6)
