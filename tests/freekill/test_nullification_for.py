"""无懈可击 on a trick with several targets: FreeKill asks for one per target, in the order of resolution,
and its log says what each answers (``#UseCardToCard`` ``arg``: the trick, or an earlier 无懈可击). The
importer writes the target each one is about (``for``, docs/log-format.md) and the engine counts it on
that target only: two 无懈可击 for two targets are not a counter-chain on the first.

Each recording is built with :mod:`fkrec` in FreeKill's packet shapes. The converted log must validate
clean; the same log with ``for`` dropped (what the importer wrote before) shows what the engine then
made of it.

Card ids: 杀 1–7; 闪 31–45; 桃 46–53; 无懈可击 74–77; 南蛮入侵 78–80; 桃园结义 82;
军争: 铁索连环 128–133, 藤甲 141, 无懈可击 158.
"""

from __future__ import annotations

import msgspec
from fkrec import Recording

from sgs_replay.formats.events import Use
from sgs_replay.formats.reader import parse_bytes
from sgs_replay.importers import freekill
from sgs_replay.replay.validate import validate_parsed

GENERALS = ("liubei", "zhangfei", "guanyu", "lvbu", "diaochan")
ROLES = ("lord", "loyalist", "rebel", "rebel", "renegade")
FILLER = {1: [31, 32, 33, 34], 2: [35, 36, 37, 38], 3: [39, 40, 41, 42], 4: [43, 44, 45, 46], 5: [47, 48, 49, 50]}


def game(hands: dict[int, list[int]], *, maneuvering: bool = False) -> Recording:
    rec = Recording(list(GENERALS), list(ROLES), maneuvering=maneuvering)
    rec.deal({pid: hands.get(pid, []) + FILLER[pid][len(hands.get(pid, [])):] for pid in FILLER})
    return rec


def convert(rec: Recording) -> freekill.Conversion:
    conv = freekill.convert(rec.to_bytes(), "test.fk.rep")
    assert [str(p) for p in conv.problems] == []
    return conv


def nullifications(conv: freekill.Conversion) -> list[tuple[int, int | None]]:
    return [(e.seat, e.for_) for e in conv.events if isinstance(e, Use) and (e.card or "").endswith("无懈可击")]


def verdict(conv: freekill.Conversion, *, drop_for: bool = False) -> list[str]:
    events = conv.events
    if drop_for:
        events = [msgspec.structs.replace(e, for_=None) if isinstance(e, Use) else e for e in events]
    lines = [msgspec.json.encode(conv.header), *(msgspec.json.encode(e) for e in events)]
    parsed = parse_bytes(b"\n".join(lines) + b"\n", "test.sgs.jsonl")
    parsed.checkpoints = {i + 2: areas for i, areas in conv.checkpoints}  # FreeKill's card areas (the oracle)
    report = validate_parsed(parsed).report
    return [v.rule for v in report.violations] + (["desync"] if report.desyncs else [])


def test_two_nullifications_for_two_targets() -> None:
    """南蛮入侵 from seat 1: seat 2 plays a 杀, seat 3 is hit, seats 4 and 5 each 无懈可击 their own part."""
    r = game({1: [78], 2: [1], 4: [74], 5: [75]})
    r.begin(1, [16, 17])
    r.use(1, 78, to=[2, 3, 4, 5])
    r.respond(2, 1)
    r.damage(3, 1)
    r.use(4, 74, to_card=78)
    r.done([74])
    r.use(5, 75, to_card=78)
    r.done([75])
    r.done([78])
    r.focus(1)
    r.end(1)
    conv = convert(r)
    assert nullifications(conv) == [(4, 4), (5, 5)]
    assert verdict(conv) == []
    # without `for` the engine read them as 无懈可击 and its counter on seat 4 (damage missing for 4 and 5)
    assert verdict(conv, drop_for=True) == ["SGS-D002"]


def test_a_counter_is_for_the_target_of_the_nullification_it_answers() -> None:
    """Seat 2's 无懈可击 for itself is countered by seat 1 (``arg`` = seat 2's card): seat 2 is hit; then
    seat 3 protects itself."""
    r = game({1: [78, 76], 2: [74], 3: [75], 4: [1]})
    r.begin(1, [16, 17])
    r.use(1, 78, to=[2, 3, 4, 5])
    r.use(2, 74, to_card=78)
    r.use(1, 76, to_card=74)
    r.done([76])
    r.done([74])
    r.damage(2, 1)
    r.use(3, 75, to_card=78)
    r.done([75])
    r.respond(4, 1)
    r.damage(5, 1)
    r.done([78])
    r.focus(1)
    r.end(1)
    conv = convert(r)
    assert nullifications(conv) == [(2, 2), (1, 2), (3, 3)]
    assert verdict(conv) == []


def test_the_prompt_names_the_target() -> None:
    """The recording seat's own prompt (a request) names the target being asked for (``effectTo``);
    the reader takes it over its own reckoning."""
    r = game({1: [78], 3: [75], 4: [1]})
    r.begin(1, [16, 17])
    r.use(1, 78, to=[2, 3, 4, 5])
    r.damage(2, 1)
    r.packet("MoveFocus", [[1, 2, 3, 4, 5], "nullification", 15000])
    r.packet("AskForUseCard", ["nullification", "nullification", "#AskForNullification::3:savage_assault", True,
                               {"effectCardId": 78, "effectFrom": 1, "effectTo": 3}, []], request=True)
    r.use(3, 75, to_card=78)
    r.done([75])
    r.respond(4, 1)
    r.damage(5, 1)
    r.done([78])
    r.focus(1)
    r.end(1)
    conv = convert(r)
    assert nullifications(conv) == [(3, 3)]
    assert verdict(conv) == []


def test_iron_chain_splits() -> None:
    """铁索连环 on seats 2 and 3, each protected by its own 无懈可击: nobody is chained."""
    r = game({1: [128], 2: [74], 3: [158]}, maneuvering=True)
    r.begin(1, [16, 17])
    r.use(1, 128, to=[2, 3])
    r.use(2, 74, to_card=128)
    r.done([74])
    r.use(3, 158, to_card=128)
    r.done([158])
    r.done([128])
    r.focus(1)
    r.end(1)
    r.quiet(2, [18, 19], discard=[18])
    conv = convert(r)
    assert nullifications(conv) == [(2, 2), (3, 3)]
    assert verdict(conv) == []
    assert "desync" in verdict(conv, drop_for=True)  # read as a counter-chain: seat 3 chained


def test_a_target_the_vine_voids_is_passed_over() -> None:
    """藤甲 voids 南蛮入侵 for its wearer before FreeKill asks anyone for 无懈可击 (no log): the 无懈可击
    after it is for the next target. Seat 1 wears 藤甲; seat 3's 南蛮入侵 resolves 4, 5, 1, 2."""
    r = game({1: [141], 2: [74], 3: [78], 4: [1]}, maneuvering=True)
    r.begin(1, [16, 17])
    r.equip(1, 141)
    r.focus(1)
    r.end(1)
    r.quiet(2, [18, 19], discard=[18, 19])
    r.begin(3, [20, 21])
    r.use(3, 78, to=[4, 5, 1, 2])
    r.respond(4, 1)
    r.damage(5, 3)
    r.use(2, 74, to_card=78)
    r.done([74])
    r.done([78])
    r.focus(3)
    r.end(3, discard=[20])
    conv = convert(r)
    assert nullifications(conv) == [(2, 2)]
    assert verdict(conv) == []
    # without `for` the engine passes over the voided target itself (no 无懈可击 is asked for it)
    assert verdict(conv, drop_for=True) == []


def test_god_salvation_passes_over_targets_at_full_hp() -> None:
    """桃园结义 cancels its part for a target at full HP before anyone is asked: seat 5's 无懈可击 after
    seat 2's recovery is for seat 4 (wounded), not seat 3 (at full HP)."""
    r = game({1: [78, 82], 3: [2], 5: [76]})
    r.begin(1, [16, 17])
    r.use(1, 78, to=[2, 3, 4, 5])
    r.damage(2, 1)
    r.respond(3, 2)
    r.damage(4, 1)
    r.damage(5, 1)
    r.done([78])
    r.use(1, 82, to=[1, 2, 3, 4, 5])
    r.heal(2, 1, "桃园结义")
    r.use(5, 76, to_card=82)
    r.done([76])
    r.heal(5, 1, "桃园结义")
    r.done([82])
    r.focus(1)
    r.end(1)
    conv = convert(r)
    assert nullifications(conv) == [(5, 4)]
    assert verdict(conv) == []
