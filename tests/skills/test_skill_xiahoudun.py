"""夏侯惇: 刚烈 (seed 001) and the 3v3 2013 刚烈 (seed 002)."""

from skillkit import damage, discard, judge, skill, use

TABLE = ["夏侯惇", "张飞", "许褚", "黄盖"]
COLD = ["夏侯惇", "孙权", "甘宁", "黄盖", "刘备", "甄姬"]


def test_ganglie_ok_source_discards(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "刚烈"),
        judge(1, "♠8 杀", "刚烈"),
        discard(2, ["♦2 闪", "♦3 闪"]),
    ], current=2, hands={2: ["♠7 杀", "♦2 闪", "♦3 闪"]})
    out.ok()


def test_ganglie_ok_source_takes_damage(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "刚烈"),
        judge(1, "♠8 杀", "刚烈"),
        damage(2, 1, 1),
    ], current=2, hands={2: ["♠7 杀"]})
    out.ok()


def test_ganglie_ok_heart_nothing(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "刚烈"),
        judge(1, "♥4 桃", "刚烈"),
        use(2, "♣8 杀", 3),
    ], current=2, hands={2: ["♠7 杀", "♣8 杀"]})
    out.ok()  # 张飞 (咆哮) goes on; the ♥ judgement asked nothing of him


def test_ganglie_bad_heart_but_damage(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "刚烈"),
        judge(1, "♥4 桃", "刚烈"),
        damage(2, 1, 1),
    ], current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-D003", 6)


def test_ganglie_bad_choice_missing(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "刚烈"),
        judge(1, "♠8 杀", "刚烈"),
        use(2, "♣8 杀", 3),
    ], current=2, hands={2: ["♠7 杀", "♣8 杀"], 3: []}, used={})
    out.bad("SGS-S006", 6)


def test_ganglie_bad_discard_one(play):
    out = play(TABLE, [
        use(2, "♠7 杀", 1),
        damage(1, 1, 2, "♠7 杀"),
        skill(1, "刚烈"),
        judge(1, "♠8 杀", "刚烈"),
        discard(2, ["♦2 闪"]),
    ], current=2, hands={2: ["♠7 杀", "♦2 闪", "♦3 闪"]})
    out.bad("SGS-S006", 6)


def test_ganglie_bad_without_damage(play):
    out = play(TABLE, [skill(1, "刚烈")], current=2)
    out.bad("SGS-S003", 2)


def test_vsganglie_ok_names_an_enemy(play):
    """3v3 2013: 刚烈 names any character of the other side, not only the source."""
    out = play(COLD, [
        use(6, "♠7 杀", 1),
        damage(1, 1, 6, "♠7 杀"),
        skill(1, "刚烈", targets=[5]),
        judge(1, "♣3 杀", "刚烈"),
        damage(5, 1, 1),
    ], mode="3v3", current=6, hands={6: ["♠7 杀"]})
    out.ok()


def test_vsganglie_bad_names_a_teammate(play):
    out = play(COLD, [
        use(6, "♠7 杀", 1),
        damage(1, 1, 6, "♠7 杀"),
        skill(1, "刚烈", targets=[2]),
    ], mode="3v3", current=6, hands={6: ["♠7 杀"]})
    out.bad("SGS-S004", 4)


def test_vsganglie_bad_without_damage(play):
    out = play(COLD, [skill(1, "刚烈", targets=[5])], mode="3v3", current=6)
    out.bad("SGS-S003", 2)


def test_ganglie_version_by_roster(play):
    """In 3v3-2010 夏侯惇 has the standard 刚烈: it cannot name someone other than the source."""
    out = play(["夏侯惇", "孙权", "甘宁", "黄盖", "刘备", "甄姬"], [
        use(6, "♠7 杀", 1),
        damage(1, 1, 6, "♠7 杀"),
        skill(1, "刚烈", targets=[5]),
        judge(1, "♣3 杀", "刚烈"),
        damage(5, 1, 1),
    ], mode="3v3", ruleset="3v3-2010", current=6, hands={6: ["♠7 杀"]})
    out.bad("SGS-D003", 6)


def test_ganglie_ok_heart_then_the_chain_passes_the_damage_on(sgs):
    """After a ♥ 刚烈 judgement no 刚烈 damage follows; the fire damage the chain then passes on to the
    source (chained too) is the chain's, not 刚烈's."""
    players = [{"seat": i, "name": f"P{i}", "general": g, "role": r} for i, (g, r) in enumerate(
        [("孙权", "lord"), ("夏侯惇", "rebel"), ("许褚", "loyalist"), ("黄盖", "rebel"), ("华佗", "renegade")], start=1)]
    card = "♥4 火杀"
    out = sgs.identity([{"type": "use", "seat": 1, "card": card, "targets": [2]},
                        {"type": "damage", "target": 2, "amount": 1, "source": 1, "card": card, "nature": "fire"},
                        {"type": "skill", "seat": 2, "skill": "刚烈"},
                        {"type": "judge", "seat": 2, "card": "♥J 杀", "reason": "刚烈"},
                        {"type": "damage", "target": 1, "amount": 1, "source": 1, "card": card, "nature": "fire",
                         "chain": True},
                        {"type": "phase", "seat": 1, "phase": "discard"}],
                       players=players, ruleset="maneuvering", hands={1: [card]}, chained=[1, 2], current=1,
                       phase="play")
    out.assert_clean()
