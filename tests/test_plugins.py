"""Adding a card or a skill is a data row plus one definition in one file: shown here with a card
and a skill that exist only in this test (甘露: the target recovers 1 HP; 天赐: a locked skill, one
more card in the draw phase), judged under a house ruleset whose deck and roster carry them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sgs_replay import content
from sgs_replay.content import General, SkillInfo, card_kinds
from sgs_replay.engine import plugins
from sgs_replay.engine.effects import Effect, Step
from sgs_replay.engine.handlers import USE_BY_NAME, USE_CHECKS, card_use, use_check
from sgs_replay.formats.reader import parse_bytes
from sgs_replay.replay.validate import validate_parsed
from sgs_replay.rules import catalogue as R

PLAYERS = [("测试", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade")]


def _sweet_dew(eng: Any, e: Any, user: Any, name: str, targets: list[int]) -> None:
    """甘露: 出牌阶段，对一名角色使用，该角色回复1点体力."""
    eng.push(Effect(e.seat, name, [Step("recover", seat=t, n=1) for t in targets]))


def _sweet_dew_check(eng: Any, e: Any, user: Any, name: str, targets: list[int], report: Any) -> None:
    """甘露's own condition: one wounded character (SGS-P004 otherwise)."""
    t = eng.seat(targets[0]) if len(targets) == 1 else None
    if t is None or t.hp >= t.max_hp:
        report(R.P_TARGET, e.seat, "甘露 targets one wounded character", observed=targets)


def _heavens_gift(n: int, eng: Any, seat: Any) -> int:
    """天赐: 锁定技，摸牌阶段，你多摸一张牌."""
    return n + 1 if seat.has_skill("天赐") else n


@pytest.fixture
def house(tmp_path: Path) -> Iterator[str]:
    # the data rows
    card_kinds.register(card_kinds.CardKind("甘露", "sweet_dew", "trick", "single_target_trick"))
    content.register_skill(SkillInfo(id="tianci", name="天赐", text="锁定技，摸牌阶段，你多摸一张牌。", kind="locked"))
    content.register_general(General(id="ceshi", name="测试", kingdom="qun", hp=4, gender="male", package="test",
                                     skills=("tianci",)))
    # the definitions
    card_use("甘露")(_sweet_dew)
    use_check("甘露")(_sweet_dew_check)
    plugins.TARGETS["甘露"] = plugins.Targets(self_allowed=True)  # one character, yourself allowed
    plugins.modifier("draw_phase_count")(_heavens_gift)
    rs = tmp_path / "house.toml"
    rs.write_text('name = "house"\ninherits = "standard"\n[deck]\nadd = ["♥3 甘露"]\n'
                  '[roster]\ngenerals = ["测试", "甘宁", "许褚", "黄盖", "华佗"]\n', encoding="utf-8")
    yield str(rs)
    USE_BY_NAME.pop("甘露")
    USE_CHECKS.pop("甘露")
    plugins.TARGETS.pop("甘露")
    plugins.MODIFIERS["draw_phase_count"].remove(_heavens_gift)
    card_kinds.unregister("甘露")
    content.unregister_general("ceshi")
    content.unregister_skill("tianci")


def _judge(sgs: Any, ruleset: str, events: list[dict[str, Any]]) -> list[tuple[str, int]]:
    text = sgs.identity_text(events, players=sgs.identity_players(PLAYERS), hands={1: ["♥3 甘露"]}, hp={2: 3},
                             deck=["♣2 杀", "♦2 闪", "♣3 杀"], current=5, phase="finish")
    rep = validate_parsed(parse_bytes(text.encode(), "house.sgs.jsonl"), ruleset).report
    return [(v.rule, v.line) for v in rep.violations]


TURN = [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "draw"}]
PLAY = [{"type": "phase", "seat": 1, "phase": "play"}, {"type": "use", "seat": 1, "card": "♥3 甘露", "targets": [2]}]


def test_made_up_skill_and_card_ok(sgs: Any, house: str) -> None:
    events = [*TURN, {"type": "draw", "seat": 1, "cards": ["♣2 杀", "♦2 闪", "♣3 杀"], "reason": "phase"},
              *PLAY, {"type": "recover", "seat": 2, "amount": 1}, {"type": "phase", "seat": 1, "phase": "discard"}]
    assert _judge(sgs, house, events) == []


def test_made_up_skill_draw_count_is_checked(sgs: Any, house: str) -> None:
    events = [*TURN, {"type": "draw", "seat": 1, "cards": ["♣2 杀", "♦2 闪"], "reason": "phase"},
              {"type": "phase", "seat": 1, "phase": "play"}]
    assert _judge(sgs, house, events) == [("SGS-T003", 5)]


def test_made_up_card_effect_is_checked(sgs: Any, house: str) -> None:
    events = [*TURN, {"type": "draw", "seat": 1, "cards": ["♣2 杀", "♦2 闪", "♣3 杀"], "reason": "phase"},
              *PLAY, {"type": "phase", "seat": 1, "phase": "discard"}]
    assert _judge(sgs, house, events) == [("SGS-S006", 7)]


def test_made_up_card_condition_is_checked_and_asked(sgs: Any, house: str) -> None:
    """The card's own condition (a use_check beside its card_use) is judged on a log and answers the
    legality layer: 甘露 on a character at full HP is illegal, and legal_uses does not offer it."""
    from sgs_replay.engine import legality

    events = [*TURN, {"type": "draw", "seat": 1, "cards": ["♣2 杀", "♦2 闪", "♣3 杀"], "reason": "phase"},
              {"type": "phase", "seat": 1, "phase": "play"}, {"type": "use", "seat": 1, "card": "♥3 甘露", "targets": [3]},
              {"type": "recover", "seat": 3, "amount": 1}]
    assert ("SGS-P004", 6) in _judge(sgs, house, events)
    text = sgs.identity_text(events[:4], players=sgs.identity_players(PLAYERS), hands={1: ["♥3 甘露"]}, hp={2: 3},
                             deck=["♣2 杀", "♦2 闪", "♣3 杀"], current=5, phase="finish")
    eng = validate_parsed(parse_bytes(text.encode(), "house.sgs.jsonl"), house, keep_engine=True).engine
    dew = [u.targets for u in legality.legal_uses(eng, 1) if u.card == "♥3 甘露"]
    assert dew == [[2]]  # seat 2 is the only wounded character


def _no_dew_on_seat_two(eng: Any, e: Any, user: Any, name: str | None, report: Any) -> None:
    """A made-up skill's condition on a use (as 乱武's nearest target): 天赐's owner gives no 甘露 to seat 2."""
    if name == "甘露" and user.has_skill("天赐") and 2 in (e.targets or []):
        report(R.P_TARGET, e.seat, "天赐: no 甘露 on seat 2", observed=e.targets)


def test_made_up_use_constraint_is_checked_and_asked(sgs: Any, house: str) -> None:
    """A skill's condition on a use (``plugins.use_constraint``) is judged with the card's own checks: the validator
    reports it and legal_uses no longer offers the use (seat 2, the only wounded character)."""
    from sgs_replay.engine import legality

    events = [*TURN, {"type": "draw", "seat": 1, "cards": ["♣2 杀", "♦2 闪", "♣3 杀"], "reason": "phase"}, *PLAY,
              {"type": "recover", "seat": 2, "amount": 1}]
    text = sgs.identity_text(events[:4], players=sgs.identity_players(PLAYERS), hands={1: ["♥3 甘露"]}, hp={2: 3},
                             deck=["♣2 杀", "♦2 闪", "♣3 杀"], current=5, phase="finish")
    eng = validate_parsed(parse_bytes(text.encode(), "house.sgs.jsonl"), house, keep_engine=True).engine
    assert [u.targets for u in legality.legal_uses(eng, 1) if u.card == "♥3 甘露"] == [[2]]
    plugins.use_constraint()(_no_dew_on_seat_two)
    try:
        assert _judge(sgs, house, events) == [("SGS-P004", 6)]
        assert [u.targets for u in legality.legal_uses(eng, 1) if u.card == "♥3 甘露"] == []
    finally:
        plugins.USE_CONSTRAINTS[:] = [c for c in plugins.USE_CONSTRAINTS if c.check is not _no_dew_on_seat_two]


def test_made_up_card_is_not_in_the_standard_deck(sgs: Any, house: str) -> None:
    events = [*TURN, {"type": "draw", "seat": 1, "cards": ["♣2 杀", "♦2 闪"], "reason": "phase"}]
    assert ("SGS-H005", 1) in _judge(sgs, "standard", events)


def _two_dodges(n: int, eng: Any, user: Any, card: str) -> int:
    """破阵戟 (made up): 锁定技，你使用的【杀】需连续使用两张【闪】才能抵消."""
    return max(n, 2) if card == "杀" and user.weapon() == "破阵戟" else n


@pytest.fixture
def armoury(tmp_path: Path) -> Iterator[str]:
    card_kinds.register(card_kinds.CardKind("破阵戟", "breaking_halberd", "equip", "weapon"))
    plugins.modifier("answers_needed")(_two_dodges)
    rs = tmp_path / "armoury.toml"
    rs.write_text('name = "armoury"\ninherits = "standard"\n[deck]\nadd = ["♠5 破阵戟"]\n', encoding="utf-8")
    yield str(rs)
    plugins.MODIFIERS["answers_needed"].remove(_two_dodges)
    card_kinds.unregister("破阵戟")


def _slash_with(sgs: Any, ruleset: str, weapon: bool, dodges: int) -> list[tuple[str, int]]:
    players = [("刘备", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade")]
    events: list[dict[str, Any]] = [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "play"}]
    if weapon:
        events.append({"type": "use", "seat": 1, "card": "♠5 破阵戟"})
    events.append({"type": "use", "seat": 1, "card": "♣2 杀", "targets": [2]})
    events += [{"type": "respond", "seat": 2, "card": c} for c in ["♦2 闪", "♦3 闪"][:dodges]]
    events.append({"type": "phase", "seat": 1, "phase": "discard"})
    text = sgs.identity_text(events, players=sgs.identity_players(players),
                             hands={1: ["♠5 破阵戟", "♣2 杀"], 2: ["♦2 闪", "♦3 闪"]}, current=5, phase="finish")
    rep = validate_parsed(parse_bytes(text.encode(), "armoury.sgs.jsonl"), ruleset).report
    return [(v.rule, v.line) for v in rep.violations]


def test_made_up_weapon_modifier_needs_two_dodges(sgs: Any, armoury: str) -> None:
    """A weapon defined only here (a deck row and one modifier): its 杀 needs two 闪."""
    assert _slash_with(sgs, armoury, weapon=False, dodges=1) == []
    assert _slash_with(sgs, armoury, weapon=True, dodges=2) == []
    missing = _slash_with(sgs, armoury, weapon=True, dodges=1)
    assert missing == [("SGS-D002", 7)]  # one 闪 of two: the damage was due, reported at the next event
