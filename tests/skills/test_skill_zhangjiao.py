"""张角: 雷击, 鬼道, 黄天 (主公技) (seed 000)."""

from skillkit import damage, judge, phase, respond, retrial, skill, skip, turn, use

TABLE = ["张角", "张飞", "许褚", "华佗"]


def test_leiji_ok_spade_two_thunder_damage(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1), respond(1, "♦2 闪"),
        skill(1, "雷击", targets=[2]), judge(2, "♠8 杀", "雷击"),
        damage(2, 2, 1, nature="thunder"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.ok()


def test_leiji_ok_not_spade_nothing(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1), respond(1, "♦2 闪"),
        skill(1, "雷击", targets=[2]), judge(2, "♣8 杀", "雷击"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.ok()


def test_leiji_bad_damage_on_club(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1), respond(1, "♦2 闪"),
        skill(1, "雷击", targets=[2]), judge(2, "♣8 杀", "雷击"),
        damage(2, 2, 1, nature="thunder"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.bad("SGS-D003", 6)


def test_leiji_bad_one_damage(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1), respond(1, "♦2 闪"),
        skill(1, "雷击", targets=[2]), judge(2, "♠8 杀", "雷击"),
        damage(2, 1, 1, nature="thunder"),
    ], current=2, hands={2: ["♠7 杀"], 1: ["♦2 闪"]})
    out.bad("SGS-D001", 6)


def test_leiji_bad_without_dodge(play):
    out = play(TABLE, [skill(1, "雷击", targets=[2])], current=2)
    out.bad("SGS-S003", 2)


def test_guidao_ok_black_card_keeps_the_old(play):
    out = play(TABLE, [
        turn(2), phase(2, "judge"), judge(2, "♥4 桃", "乐不思蜀"),
        retrial(1, "♠5 绝影", "鬼道"),
        skip(2, "play", "乐不思蜀"),
        {"type": "discard", "seat": 1, "cards": ["♥4 桃"]},  # 张角 took the replaced card
    ], current=1, phase="finish", judge={2: ["♠6 乐不思蜀"]}, equip={1: ["♠5 绝影"]})
    out.ok()


def test_guidao_bad_red_card(play):
    out = play(TABLE, [turn(2), phase(2, "judge"), judge(2, "♣4 杀", "乐不思蜀"), retrial(1, "♥3 桃", "鬼道")],
               current=1, phase="finish", judge={2: ["♠6 乐不思蜀"]}, hands={1: ["♥3 桃"]})
    out.bad("SGS-S004", 5)


def test_guidao_bad_no_judgement(play):
    out = play(TABLE, [skill(1, "鬼道")], current=2)
    out.bad("SGS-S003", 2)


def test_retrials_ok_in_seat_order(play):
    out = play(["张角", "张飞", "司马懿", "华佗"], [
        turn(2), phase(2, "judge"), judge(2, "♥4 桃", "乐不思蜀"),
        retrial(3, "♣9 杀", "鬼才"),
        retrial(1, "♠8 杀", "鬼道"),
        skip(2, "play", "乐不思蜀"),
    ], current=1, phase="finish", judge={2: ["♠6 乐不思蜀"]}, hands={1: ["♠8 杀"], 3: ["♣9 杀"]})
    out.ok()


def test_retrials_bad_out_of_seat_order(play):
    """Current player seat 2: 司马懿 (seat 3) is asked before 张角 (seat 1); the last retrial stands."""
    out = play(["张角", "张飞", "司马懿", "华佗"], [
        turn(2), phase(2, "judge"), judge(2, "♥4 桃", "乐不思蜀"),
        retrial(1, "♠8 杀", "鬼道"),
        retrial(3, "♣9 杀", "鬼才"),
    ], current=1, phase="finish", judge={2: ["♠6 乐不思蜀"]}, hands={1: ["♠8 杀"], 3: ["♣9 杀"]})
    v = out.kind("resolution_order", 6)
    assert "鬼才 (seat 3), 鬼道 (seat 1)" in (v.expected or "")


def test_huangtian_ok_qun_gives_a_dodge(play):
    out = play(TABLE, [
        skill(4, "黄天", targets=[1], cards=["♦2 闪"]),
        turn(1), phase(1, "play"),
        use(1, "♠7 杀", 2), respond(2, "♦3 闪"),
        {"type": "discard", "seat": 1, "cards": ["♦2 闪"]},  # the 闪 is 张角's now
    ], current=4, hands={4: ["♦2 闪"], 1: ["♠7 杀"], 2: ["♦3 闪"]})
    out.ok()


def test_huangtian_bad_not_qun(play):
    out = play(TABLE, [skill(2, "黄天", targets=[1], cards=["♦2 闪"])], current=2, hands={2: ["♦2 闪"]})
    out.bad("SGS-S004", 2)


def test_huangtian_bad_wrong_card(play):
    out = play(TABLE, [skill(4, "黄天", targets=[1], cards=["♠7 杀"])], current=4, hands={4: ["♠7 杀"]})
    out.bad("SGS-S004", 2)


def test_huangtian_bad_not_lord(play):
    out = play(["华佗", "张飞", "许褚", "张角"], [skill(1, "黄天", targets=[4], cards=["♦2 闪"])], hands={1: ["♦2 闪"]})
    out.bad("SGS-S005", 2)


def test_leiji_ok_not_spade_then_the_aoe_goes_on(sgs):
    """A 雷击 judgement that is no ♠ forbids only 雷击's own damage: the 万箭齐发 still hits the
    character it named when that character's turn in the AOE comes."""
    players = [{"seat": i, "name": f"P{i}", "general": g, "role": r} for i, (g, r) in enumerate(
        [("孙权", "lord"), ("张角", "rebel"), ("许褚", "loyalist"), ("黄盖", "rebel"), ("华佗", "renegade")], start=1)]
    card = "♥A 万箭齐发"
    out = sgs.identity([{"type": "use", "seat": 1, "card": card},
                        {"type": "respond", "seat": 2, "card": "♦2 闪"},
                        {"type": "skill", "seat": 2, "skill": "雷击", "targets": [3]},
                        {"type": "judge", "seat": 3, "card": "♥J 杀", "reason": "雷击"},
                        *[{"type": "damage", "target": t, "amount": 1, "source": 1, "card": card} for t in (3, 4, 5)],
                        {"type": "phase", "seat": 1, "phase": "discard"}],
                       players=players, hands={1: [card], 2: ["♦2 闪"]}, current=1, phase="play")
    out.assert_clean()


def test_leiji_ok_kills_a_later_target_of_the_aoe(sgs):
    """A target that 雷击 kills before its turn in the 万箭齐发 comes is passed over: the next target's
    answer is in order."""
    players = [{"seat": i, "name": f"P{i}", "general": g, "role": r} for i, (g, r) in enumerate(
        [("孙权", "lord"), ("张角", "rebel"), ("许褚", "loyalist"), ("黄盖", "rebel"), ("华佗", "renegade")], start=1)]
    card = "♥A 万箭齐发"
    out = sgs.identity([{"type": "use", "seat": 1, "card": card},
                        {"type": "respond", "seat": 2, "card": "♦2 闪"},
                        {"type": "skill", "seat": 2, "skill": "雷击", "targets": [3]},
                        {"type": "judge", "seat": 3, "card": "♠8 杀", "reason": "雷击"},
                        {"type": "damage", "target": 3, "amount": 2, "source": 2, "nature": "thunder"},
                        {"type": "dying", "seat": 3},
                        {"type": "death", "seat": 3, "killer": 2},
                        {"type": "respond", "seat": 4, "card": "♦3 闪"},
                        {"type": "damage", "target": 5, "amount": 1, "source": 1, "card": card},
                        {"type": "phase", "seat": 1, "phase": "discard"}],
                       players=players, hands={1: [card], 2: ["♦2 闪"], 4: ["♦3 闪"]}, hp={3: 2},
                       current=1, phase="play")
    out.assert_clean()


def test_leiji_ok_silver_lion_takes_one(sgs):
    """白银狮子 prevents the damage beyond 1: 雷击's 2 thunder damage is 1 to its wearer."""
    players = [{"seat": i, "name": f"P{i}", "general": g, "role": r} for i, (g, r) in enumerate(
        [("孙权", "lord"), ("张角", "rebel"), ("许褚", "loyalist"), ("黄盖", "rebel"), ("华佗", "renegade")], start=1)]
    out = sgs.identity([{"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]},
                        {"type": "respond", "seat": 2, "card": "♦2 闪"},
                        {"type": "skill", "seat": 2, "skill": "雷击", "targets": [3]},
                        {"type": "judge", "seat": 3, "card": "♠8 杀", "reason": "雷击"},
                        {"type": "damage", "target": 3, "amount": 1, "source": 2, "nature": "thunder"},
                        {"type": "phase", "seat": 1, "phase": "discard"}],
                       players=players, ruleset="maneuvering", hands={1: ["♠7 杀"], 2: ["♦2 闪"]},
                       equip={3: ["♣A 白银狮子"]}, current=1, phase="play")
    out.assert_clean()
