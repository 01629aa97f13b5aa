"""SGS-P001 slash-limit: one 杀 per play phase, unless 诸葛连弩 / 连弩 or 咆哮 lifts the limit."""

from __future__ import annotations

from typing import Any


def _slash(card: str, target: int = 4, seat: int = 3) -> list[dict[str, Any]]:
    return [{"type": "use", "seat": seat, "card": card, "targets": [target]},
            {"type": "damage", "source": seat, "target": target, "amount": 1, "card": card}]


TWO = [*_slash("♠7 杀"), *_slash("♣8 杀", 2)]


def test_ok_one_slash(sgs: Any) -> None:
    sgs.identity(_slash("♠7 杀"), hands={3: ["♠7 杀", "♣8 杀"]}).assert_clean()


def test_ok_crossbow(sgs: Any) -> None:
    sgs.identity([*TWO, *_slash("♣9 杀")], hands={3: ["♠7 杀", "♣8 杀", "♣9 杀"]}, equip={3: ["♣A 诸葛连弩"]}).assert_clean()


def test_ok_crossbow_equipped_after_the_first_slash(sgs: Any) -> None:
    sgs.identity([*_slash("♠7 杀"), {"type": "use", "seat": 3, "card": "♦A 诸葛连弩"}, *_slash("♣8 杀", 2)],
                 hands={3: ["♠7 杀", "♣8 杀", "♦A 诸葛连弩"]}).assert_clean()


def test_ok_paoxiao(sgs: Any) -> None:
    players = sgs.identity_players([("孙权", "lord"), ("甘宁", "loyalist"), ("张飞", "rebel"), ("黄盖", "rebel"),
                                    ("华佗", "renegade")])
    sgs.identity(TWO, players=players, hands={3: ["♠7 杀", "♣8 杀"]}).assert_clean()


def test_ok_one_slash_in_each_play_phase(sgs: Any) -> None:
    sgs.identity([*_slash("♠7 杀"), {"type": "phase", "seat": 3, "phase": "discard"}, {"type": "turn", "seat": 4},
                  {"type": "phase", "seat": 4, "phase": "play"}, *_slash("♣8 杀", 5, seat=4)],
                 hands={3: ["♠7 杀"], 4: ["♣8 杀"]}).assert_clean()


def test_ok_slash_answering_savage_assault_does_not_count(sgs: Any) -> None:
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠K 南蛮入侵"},
        {"type": "respond", "seat": 4, "card": "♣2 杀"},
        {"type": "respond", "seat": 5, "card": "♣3 杀"},
        {"type": "respond", "seat": 1, "card": "♣4 杀"},
        {"type": "respond", "seat": 2, "card": "♣5 杀"},
        *_slash("♠7 杀"),
    ], hands={3: ["♠K 南蛮入侵", "♠7 杀"], 4: ["♣2 杀"], 5: ["♣3 杀"], 1: ["♣4 杀"], 2: ["♣5 杀"]}).assert_clean()


def test_flags_second_slash(sgs: Any) -> None:
    out = sgs.identity(TWO, hands={3: ["♠7 杀", "♣8 杀"]})
    out.assert_flags("SGS-P001", line=4, seat=3, only=True)


def test_flags_slash_after_one_already_used(sgs: Any) -> None:
    """`start.used` carries the 杀 already used in this phase."""
    out = sgs.identity(_slash("♣8 杀"), hands={3: ["♣8 杀"]}, used={"杀": 1})
    out.assert_flags("SGS-P001", line=2)


def test_flags_crossbow_replaced_before_the_second_slash(sgs: Any) -> None:
    out = sgs.identity([*_slash("♠7 杀"), {"type": "use", "seat": 3, "card": "♠2 雌雄双股剑"}, *_slash("♣8 杀", 2)],
                       hands={3: ["♠7 杀", "♣8 杀", "♠2 雌雄双股剑"]}, equip={3: ["♣A 诸葛连弩"]})
    out.assert_flags("SGS-P001", line=5)


def test_flags_third_slash_is_reported_too(sgs: Any) -> None:
    out = sgs.identity([*TWO, *_slash("♣9 杀")], hands={3: ["♠7 杀", "♣8 杀", "♣9 杀"]})
    assert [v.line for v in out.violations if v.rule == "SGS-P001"] == [4, 6]


def test_ok_blade_chase_after_a_jink(sgs: Any) -> None:
    """青龙偃月刀: after the target's 闪 the user may 杀 it again; that 杀 is not a second use of the phase."""
    sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "respond", "seat": 4, "card": "♦2 闪"},
        {"type": "skill", "seat": 3, "skill": "青龙偃月刀"},
        *_slash("♣8 杀"),
    ], hands={3: ["♠7 杀", "♣8 杀"], 4: ["♦2 闪"]}, equip={3: ["♠5 青龙偃月刀"]}).assert_clean()


def test_flags_chase_without_the_blade(sgs: Any) -> None:
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "respond", "seat": 4, "card": "♦2 闪"},
        *_slash("♣8 杀"),
    ], hands={3: ["♠7 杀", "♣8 杀"], 4: ["♦2 闪"]}, equip={3: ["♠2 雌雄双股剑"]})
    out.assert_flags("SGS-P001", line=4)


def test_flags_second_slash_after_an_aoe_rescue(sgs: Any) -> None:
    """The AOE's last target is rescued: once the rescue is over the AOE is over too, and the next 杀 is
    the play phase's second (the rescue's finished frame no longer hides it)."""
    out = sgs.identity([
        {"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
        {"type": "use", "seat": 3, "card": "♥A 万箭齐发"},
        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♥A 万箭齐发"},
        {"type": "damage", "source": 3, "target": 5, "amount": 1, "card": "♥A 万箭齐发"},
        {"type": "damage", "source": 3, "target": 1, "amount": 1, "card": "♥A 万箭齐发"},
        {"type": "damage", "source": 3, "target": 2, "amount": 1, "card": "♥A 万箭齐发"},
        {"type": "use", "seat": 2, "card": "♥3 桃", "targets": [2]},
        {"type": "recover", "seat": 2, "amount": 1, "card": "♥3 桃"},
        {"type": "use", "seat": 3, "card": "♠8 杀", "targets": [2]},
    ], hands={3: ["♠7 杀", "♥A 万箭齐发", "♠8 杀"], 2: ["♥3 桃"]}, hp={2: 1})
    out.assert_flags("SGS-P001", line=11, seat=3)
