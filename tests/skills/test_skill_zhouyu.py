"""周瑜: 英姿, 反间."""

from skillkit import HEG, choose, damage, draw, move, phase, reveal, skill, turn, use

TABLE = ["周瑜", "张飞", "许褚", "黄盖"]


def test_yingzi_ok_draws_three(play):
    out = play(TABLE, [turn(1), phase(1, "draw"), skill(1, "英姿"), draw(1, ["♦2 闪", "♦3 闪", "♦4 闪"], "phase"),
                       phase(1, "play")], current=4, phase="finish")
    out.ok()


def test_yingzi_bad_draws_two(play):
    out = play(TABLE, [turn(1), phase(1, "draw"), skill(1, "英姿"), draw(1, ["♦2 闪", "♦3 闪"], "phase"),
                       phase(1, "play")], current=4, phase="finish")
    out.bad("SGS-T003", 6)


def test_yingzi_bad_in_play_phase(play):
    out = play(TABLE, [skill(1, "英姿")])
    out.bad("SGS-S003", 2)


def test_fanjian_ok_wrong_guess_damage(play):
    out = play(TABLE, [
        skill(1, "反间", targets=[2], choice="♥"),
        reveal(["♠7 杀"], 1, "反间"),
        damage(2, 1, 1),
        {"type": "discard", "seat": 2, "cards": ["♠7 杀"]},  # the card went to 张飞
    ], hands={1: ["♠7 杀"]})
    out.ok()


def test_fanjian_ok_move_then_damage(play):
    """The take before the damage is FreeKill's order (``fanjian_order = "take_before_damage"``)."""
    out = play(TABLE, [
        skill(1, "反间", targets=[2]),
        choose(2, "diamond", "反间"),
        move(["♠7 杀"], ("hand", 1), ("hand", 2), "反间"),
        damage(2, 1, 1),
    ], ruleset="freekill-standard", hands={1: ["♠7 杀"]})
    out.ok()


def test_fanjian_bad_move_then_damage_in_the_rulebook(play):
    out = play(TABLE, [
        skill(1, "反间", targets=[2]),
        choose(2, "diamond", "反间"),
        move(["♠7 杀"], ("hand", 1), ("hand", 2), "反间"),
        damage(2, 1, 1),
    ], hands={1: ["♠7 杀"]})
    out.bad("SGS-R006", 5)


def test_fanjian_bad_right_guess_but_damage(play):
    out = play(TABLE, [
        skill(1, "反间", targets=[2], choice="spade"),
        move(["♠7 杀"], ("hand", 1), ("hand", 2), "反间"),
        damage(2, 1, 1),
    ], hands={1: ["♠7 杀"]})
    out.bad("SGS-D003", 4)


def test_fanjian_bad_wrong_guess_no_damage(play):
    out = play(TABLE, [
        skill(1, "反间", targets=[2], choice="♥"),
        move(["♠7 杀"], ("hand", 1), ("hand", 2), "反间"),
        use(1, "♥7 无中生有"),
    ], hands={1: ["♠7 杀", "♥7 无中生有"]})
    out.bad("SGS-S006", 4)


def test_fanjian_bad_twice(play):
    out = play(TABLE, [
        skill(1, "反间", targets=[2], choice="♠"), move(["♠7 杀"], ("hand", 1), ("hand", 2), "反间"),
        skill(1, "反间", targets=[3], choice="♠"),
    ], hands={1: ["♠7 杀", "♠8 杀"]})
    out.bad("SGS-S002", 4)


def test_fanjian_bad_no_hand_cards(play):
    out = play(TABLE, [skill(1, "反间", targets=[2], choice="♠")])
    out.bad("SGS-S004", 2)


def test_a_reveal_after_a_finished_amazing_grace_is_not_its_own(sgs):
    """Every revealed card of 五谷丰登 taken, a later `reveal` (反间's card) is another effect's: it is not
    read as 五谷丰登's display again."""
    players = [{"seat": i, "name": f"P{i}", "general": g, "role": r} for i, (g, r) in enumerate(
        [("孙权", "lord"), ("周瑜", "rebel"), ("许褚", "loyalist"), ("黄盖", "rebel"), ("华佗", "renegade")], start=1)]
    shown = ["♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪", "♦6 闪"]
    picks = [{"type": "move", "cards": [c], "from": {"zone": "processing"}, "to": {"zone": "hand", "seat": s},
              "reason": "五谷丰登"} for s, c in zip((2, 3, 4, 5, 1), shown, strict=True)]
    out = sgs.identity([{"type": "use", "seat": 2, "card": "♥3 五谷丰登"},
                        {"type": "reveal", "cards": shown, "reason": "五谷丰登"}, *picks,
                        {"type": "skill", "seat": 2, "skill": "反间", "targets": [3], "choice": "♠"},
                        {"type": "reveal", "cards": ["♥9 桃"], "seat": 2, "reason": "反间"},
                        {"type": "damage", "target": 3, "amount": 1, "source": 2}],
                       players=players, hands={2: ["♥3 五谷丰登", "♥9 桃"]}, deck=shown, current=2, phase="play")
    out.assert_clean()


def test_fanjian_ok_heg_take_then_damage(play):
    """國戰 反间: 其先获得你的一张手牌再展示之 — the take first is the 國戰 order (SGS-R006 with the default text)."""
    log = [skill(1, "反间", targets=[2]), choose(2, "diamond", "反间"),
           move(["♠7 杀"], ("hand", 1), ("hand", 2), "反间"), damage(2, 1, 1)]
    play(TABLE, log, ruleset=HEG, hands={1: ["♠7 杀"]}).ok()
    play(TABLE, log, ruleset="maneuvering", hands={1: ["♠7 杀"]}).bad("SGS-R006", 5)


def test_fanjian_bad_heg_damage_then_take(play):
    """國戰 反间: the damage before the target takes the card is out of order (the default text's order)."""
    log = [skill(1, "反间", targets=[2]), choose(2, "diamond", "反间"), reveal(["♠7 杀"], 1, "反间"),
           damage(2, 1, 1), move(["♠7 杀"], ("hand", 1), ("hand", 2), "反间")]
    play(TABLE, log, ruleset="maneuvering", hands={1: ["♠7 杀"]}).ok()
    play(TABLE, log, ruleset=HEG, hands={1: ["♠7 杀"]}).bad("SGS-R006", 6)


def test_fanjian_ok_heg_once_per_play_phase(play):
    """國戰 反间: 出牌阶段限一次 — again in a second play phase of the turn (每回合限用一次 with the default text)."""
    log = [skill(1, "反间", targets=[2], choice="♠"), move(["♠7 杀"], ("hand", 1), ("hand", 2), "反间"),
           phase(1, "discard"), phase(1, "play"),
           skill(1, "反间", targets=[3], choice="♠"), move(["♠8 杀"], ("hand", 1), ("hand", 3), "反间")]
    heg = play(TABLE, log, ruleset=HEG, hands={1: ["♠7 杀", "♠8 杀"]})
    assert {v.rule for v in heg.violations} == {"SGS-T002"}, heg.describe()  # only the second play phase
    play(TABLE, log, ruleset="maneuvering", hands={1: ["♠7 杀", "♠8 杀"]}).bad("SGS-S002", 6)
