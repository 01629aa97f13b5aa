"""甄姬: 倾国, 洛神."""

from skillkit import discard, judge, phase, respond, skill, turn, use

TABLE = ["甄姬", "张飞", "许褚", "黄盖"]


def test_qingguo_ok_black_card_as_dodge(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        respond(1, as_="闪", cards=["♣3 杀"], skill="倾国"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♣3 杀"]})
    out.ok()


def test_qingguo_bad_red_card(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        respond(1, as_="闪", cards=["♥10 杀"], skill="倾国"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♥10 杀"]})
    out.bad("SGS-P009", 3)


def test_qingguo_bad_equipment(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        respond(1, as_="闪", cards=["♣5 的卢"], skill="倾国"),
    ], current=2, hands={2: ["♠7 杀"]}, equip={1: ["♣5 的卢"]})
    out.bad("SGS-P009", 3)


def test_luoshen_ok_black_black_red(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "洛神"), judge(1, "♣3 杀", "洛神"),
        skill(1, "洛神"), judge(1, "♠8 杀", "洛神"),
        skill(1, "洛神"), judge(1, "♥4 桃", "洛神"),
        phase(1, "draw"),
        discard(1, ["♣3 杀", "♠8 杀"]),  # both black cards are hers
    ], current=4, phase="finish")
    out.ok()


def test_luoshen_ok_repeat_without_skill_event(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "洛神"), judge(1, "♣3 杀", "洛神"), judge(1, "♥4 桃", "洛神"),
        phase(1, "draw"),
    ], current=4, phase="finish")
    out.ok()


def test_luoshen_bad_after_red(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "洛神"), judge(1, "♥4 桃", "洛神"),
        skill(1, "洛神"),
    ], current=4, phase="finish")
    out.bad("SGS-S003", 6)


def test_luoshen_bad_red_card_kept(play):
    out = play(TABLE, [
        turn(1), phase(1, "start"),
        skill(1, "洛神"), judge(1, "♥4 桃", "洛神"),
        phase(1, "draw"),
        discard(1, ["♥4 桃"]),
    ], current=4, phase="finish")
    out.bad("SGS-C001", 7)


def test_luoshen_bad_in_judge_phase(play):
    out = play(TABLE, [turn(1), phase(1, "judge"), skill(1, "洛神")], current=4, phase="finish")
    out.bad("SGS-S003", 4)
