"""田丰 (國戰): 死谏 (after losing his last hand card: discard one card of another character); 随势 (locked: a card when
another character enters a dying state from damage dealt by one of his kingdom, 1 HP lost when another of his kingdom
dies). In identity mode a character's kingdom is its general's: 华佗 is 群 like 田丰, 许褚 and 黄盖 are not."""

from skillkit import damage, death, draw, dying, lose_hp, move, pass_, roster_ruleset, skill, use

TABLE = ["张飞", "田丰", "许褚", "黄盖"]


def test_sijian_ok_after_his_last_card(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[3]),
        move(["♦2 闪"], ("hand", 3), ("discard", None), reason="死谏"),
        damage(3, 1, 2, "♠7 杀"),
    ], ruleset=rs, current=2, hands={2: ["♠7 杀"], 3: ["♦2 闪"]})
    out.ok()


def test_sijian_ok_an_equipment_card(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[1]),
        move(["♣A 诸葛连弩"], ("equip", 1), ("discard", None), reason="死谏"),
        damage(3, 1, 2, "♠7 杀"),
    ], ruleset=rs, current=2, hands={2: ["♠7 杀"]}, equip={1: ["♣A 诸葛连弩"]})
    out.ok()


def test_sijian_bad_cards_left(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[3]),
    ], ruleset=rs, current=2, hands={2: ["♠7 杀", "♦3 闪"], 3: ["♦2 闪"]})
    out.bad("SGS-S003", 3)


def test_sijian_bad_target_without_cards(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[4]),
    ], ruleset=rs, current=2, hands={2: ["♠7 杀"]})
    out.bad("SGS-S004", 3)


def test_sijian_bad_nothing_discarded(play, rs):
    out = play(TABLE, [
        use(2, "♠7 杀", 3),
        skill(2, "死谏", targets=[3]),
        damage(3, 1, 2, "♠7 杀"),
        {"type": "turn", "seat": 3},
    ], ruleset=rs, current=2, hands={2: ["♠7 杀"], 3: ["♦2 闪"]})
    out.bad("SGS-S006")


#: seat 1 华佗 (群, lord), 2 田丰 (群), 3 许褚 (魏, rebel), 4 貂蝉 (群, renegade)
QUN = ["华佗", "田丰", "许褚", "貂蝉"]
DECK = ["♠8 杀", "♠9 杀", "♠10 杀", "♣2 杀"]


def _down(source: int, target: int) -> list[dict]:
    return [use(source, "♠7 杀", target), pass_(target), damage(target, 1, source, "♠7 杀"), dying(target)]


def _qun(tmp_path) -> str:
    return roster_ruleset(tmp_path, QUN)


def test_suishi_ok_a_card_when_his_kingdom_brings_one_down(play, tmp_path):
    """貂蝉 (群) brings 许褚 down: 田丰 draws; 许褚 (魏) dies: no loss; the rebel's killer takes the reward."""
    out = play(QUN, [*_down(4, 3), draw(2, DECK[:1], skill="随势"), death(3, 4), draw(4, DECK[1:], reason="reward")],
               ruleset=_qun(tmp_path), current=4, hands={4: ["♠7 杀"]}, hp={3: 1}, deck=DECK)
    out.ok()


def test_suishi_bad_no_card(play, tmp_path):
    out = play(QUN, [*_down(4, 3), death(3, 4), draw(4, DECK[1:], reason="reward")],
               ruleset=_qun(tmp_path), current=4, hands={4: ["♠7 杀"]}, hp={3: 1}, deck=DECK)
    out.bad("SGS-S006")


def test_suishi_ok_one_hp_when_one_of_his_kingdom_dies(play, tmp_path):
    """许褚 (魏) brings 貂蝉 (群) down: no card; she dies: 田丰 loses 1 HP."""
    out = play(QUN, [*_down(3, 4), death(4, 3), lose_hp(2, 1), {"type": "phase", "seat": 3, "phase": "discard"}],
               ruleset=_qun(tmp_path), current=3, hands={3: ["♠7 杀"]}, hp={4: 1})
    out.ok()


def test_suishi_bad_no_loss(play, tmp_path):
    out = play(QUN, [*_down(3, 4), death(4, 3), {"type": "phase", "seat": 3, "phase": "discard"}],
               ruleset=_qun(tmp_path), current=3, hands={3: ["♠7 杀"]}, hp={4: 1})
    out.bad("SGS-S006")


#: seat 3 is now 貂蝉 (群, rebel): her killer draws the reward, and 田丰 loses 1 HP, in either order
QUN2 = ["华佗", "田丰", "貂蝉", "许褚"]


def _reward_and_loss(loss_first: bool) -> list[dict]:
    reward, loss = draw(4, DECK[:3], reason="reward"), lose_hp(2, 1)
    return [*_down(4, 3), death(3, 4), *((loss, reward) if loss_first else (reward, loss)),
            {"type": "phase", "seat": 4, "phase": "discard"}]


def test_suishi_ok_the_loss_before_the_reward(play, tmp_path):
    out = play(QUN2, _reward_and_loss(True), ruleset=roster_ruleset(tmp_path, QUN2), current=4, hands={4: ["♠7 杀"]},
               hp={3: 1}, deck=DECK)
    out.ok()


def test_suishi_ok_the_loss_after_the_reward(play, tmp_path):
    out = play(QUN2, _reward_and_loss(False), ruleset=roster_ruleset(tmp_path, QUN2), current=4, hands={4: ["♠7 杀"]},
               hp={3: 1}, deck=DECK)
    out.ok()


def test_sijian_ok_after_a_card_given_back_at_the_same_moment():
    """A simulated 國戰 game (seed 2026): 纪灵's 拼点 takes 田丰's last hand card; 孔融's 礼让 (the current player's,
    first) hands 纪灵's card to 田丰; then 田丰's 死谏 (line 554) is still his to use."""
    import json
    from pathlib import Path

    from sgs_replay.formats.reader import read_path
    from sgs_replay.replay.validate import validate_parsed

    path = Path(__file__).resolve().parents[1] / "fixtures" / "hegemony" / "sijian-after-lirang.sgs.jsonl"
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    assert [e.get("skill") for e in lines[552:555]] == ["礼让", "死谏", None]  # lines 553–555
    assert not validate_parsed(read_path(path)).report.violations
