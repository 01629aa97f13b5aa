"""The processing area (处理区) and the reshuffle at the moment of need.

《三国杀》标准版规则（身份局） 二、游戏过程 IV 出牌阶段: 每使用一张牌，即执行该牌之效果…游戏牌在使用后均需
弃置 — a card in use waits in the processing area until its effect has resolved, and only then is
discarded; III 摸牌阶段 ◆: 当需要摸牌或将要对牌堆产生影响时，牌堆没牌，则立即将弃牌堆洗混后形成新的摸牌堆
— an effect that takes or looks at N cards at once reshuffles first when the pile holds fewer.

Each test leaves only a few cards in the draw pile (the rest of the deck is in the discard pile), so
that the card's own effect needs the reshuffle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sgs_replay.content import ruleset

EX = "♥7 无中生有"
AG = "♥3 五谷丰登"
DISMANTLE = "♠3 过河拆桥"


def _discard_all_but(*kept: Sequence[str]) -> list[str]:
    """Every card of the standard deck except ``kept`` (hands, the cards left in the pile …)."""
    rest = list(ruleset("standard").deck)
    for group in kept:
        for c in group:
            rest.remove(c)
    return rest


def _draw(seat: int, cards: list[str], **kw: Any) -> dict[str, Any]:
    return {"type": "draw", "seat": seat, "cards": cards, **kw}


# ---------------------------------------------------------------------------- a trick's own draw

PILE_1 = ["♣2 杀"]


def test_ok_ex_nihilo_draws_past_the_reshuffle(sgs: Any) -> None:
    hands = {3: [EX]}
    discard = _discard_all_but(hands[3], PILE_1)
    sgs.identity([{"type": "use", "seat": 3, "card": EX},
                  _draw(3, ["♣2 杀", discard[0]], reason="card", card_name="无中生有")],
                 hands=hands, discard=discard).assert_clean()


def test_flags_ex_nihilo_drawing_itself_after_the_reshuffle(sgs: Any) -> None:
    # the 无中生有 is in the processing area while it resolves: the reshuffle does not take it
    hands = {3: [EX]}
    discard = _discard_all_but(hands[3], PILE_1)
    out = sgs.identity([{"type": "use", "seat": 3, "card": EX},
                        _draw(3, ["♣2 杀", EX], reason="card", card_name="无中生有")],
                       hands=hands, discard=discard)
    out.assert_flags("SGS-C002", line=3, only=True)


def test_ok_ex_nihilo_card_is_discarded_once_it_has_resolved(sgs: Any) -> None:
    # after the resolution the card is in the discard pile: the next reshuffle takes it
    hands = {3: [EX, "♥8 无中生有"]}
    discard = _discard_all_but(hands[3], PILE_1)
    pile_after = discard[:4]
    sgs.identity([{"type": "use", "seat": 3, "card": EX},
                  _draw(3, ["♣2 杀", pile_after[0]], reason="card", card_name="无中生有"),
                  {"type": "use", "seat": 3, "card": "♥8 无中生有"},
                  _draw(3, pile_after[1:3], reason="card", card_name="无中生有")],
                 hands=hands, discard=discard).assert_clean()


# ---------------------------------------------------------------------------- 五谷丰登's reveal

PILE_2 = ["♣2 杀", "♦2 闪"]


def test_ok_amazing_grace_reveal_reshuffles_first(sgs: Any) -> None:
    hands = {3: [AG]}
    discard = _discard_all_but(hands[3], PILE_2)
    shown = [*PILE_2, *discard[:3]]
    picks = [{"type": "move", "cards": [c], "from": {"zone": "processing"}, "to": {"seat": s, "zone": "hand"},
              "reason": "五谷丰登"} for c, s in zip(shown, [3, 4, 5, 1, 2], strict=True)]
    sgs.identity([{"type": "use", "seat": 3, "card": AG}, {"type": "reveal", "cards": shown, "reason": "五谷丰登"},
                  *picks], hands=hands, discard=discard).assert_clean()


def test_flags_amazing_grace_revealing_itself(sgs: Any) -> None:
    hands = {3: [AG]}
    discard = _discard_all_but(hands[3], PILE_2)
    shown = [*PILE_2, AG, *discard[:2]]
    out = sgs.identity([{"type": "use", "seat": 3, "card": AG}, {"type": "reveal", "cards": shown, "reason": "五谷丰登"}],
                       hands=hands, discard=discard)
    out.assert_flags("SGS-C002", line=3, only=True)


# ---------------------------------------------------------------------------- 观星 looks at X cards

ZHUGE = [("孙权", "lord"), ("甘宁", "loyalist"), ("诸葛亮", "rebel"), ("黄盖", "rebel"), ("华佗", "renegade")]


def _guanxing_turn(hands: dict[int, list[str]], victim_card: str, drawn: list[str]) -> list[dict[str, Any]]:
    return [
        {"type": "turn", "seat": 3}, {"type": "phase", "seat": 3, "phase": "start"},
        {"type": "skill", "seat": 3, "skill": "观星"},  # 5 living characters: looks at 5 of a pile of 2
        {"type": "phase", "seat": 3, "phase": "draw"}, _draw(3, PILE_2, reason="phase"),
        {"type": "phase", "seat": 3, "phase": "play"},
        {"type": "use", "seat": 3, "card": DISMANTLE, "targets": [1]},
        {"type": "move", "cards": [victim_card], "from": {"seat": 1, "zone": "hand"}, "to": {"zone": "discard"},
         "reason": "过河拆桥"},
        {"type": "use", "seat": 3, "card": EX}, _draw(3, drawn, reason="card", card_name="无中生有"),
    ]


def test_ok_guanxing_reshuffles_when_the_pile_is_short(sgs: Any) -> None:
    hands = {3: [DISMANTLE, EX], 1: ["♥4 桃"]}
    discard = _discard_all_but(hands[3], hands[1], PILE_2)
    sgs.identity(_guanxing_turn(hands, "♥4 桃", discard[:2]), players=sgs.identity_players(ZHUGE), hands=hands,
                 discard=discard, current=2, phase="finish").assert_clean()


def test_flags_a_card_discarded_after_guanxing_reshuffled(sgs: Any) -> None:
    # the reshuffle happened at 观星: the 桃 discarded afterwards is not in the draw pile
    hands = {3: [DISMANTLE, EX], 1: ["♥4 桃"]}
    discard = _discard_all_but(hands[3], hands[1], PILE_2)
    out = sgs.identity(_guanxing_turn(hands, "♥4 桃", ["♥4 桃", discard[0]]), players=sgs.identity_players(ZHUGE),
                       hands=hands, discard=discard, current=2, phase="finish")
    out.assert_flags("SGS-C002", line=11, only=True)


# ---------------------------------------------------------------------------- the judgement card


def test_judgement_card_waits_in_the_processing_area(sgs: Any) -> None:
    """A judgement card stays in the processing area until the judgement is over (判定牌)."""
    from sgs_replay.formats.reader import parse_bytes
    from sgs_replay.replay.validate import validate_parsed

    card = "♥5 桃"
    text = sgs.identity_text([
        {"type": "turn", "seat": 4}, {"type": "phase", "seat": 4, "phase": "judge"},
        {"type": "judge", "seat": 4, "card": card, "reason": "乐不思蜀"},
        {"type": "phase", "seat": 4, "phase": "draw"},
    ], judge={4: ["♠6 乐不思蜀"]}, deck=[card], current=3, phase="finish")
    where: list[tuple[int, int]] = []

    def on_step(i: int, eng: Any) -> None:
        where.append((eng.table.processing[card], eng.table.discard[card]))

    validate_parsed(parse_bytes(text.encode()), on_step=on_step)
    assert where[3] == (1, 0)  # after the judge event: in the processing area
    assert where[4] == (0, 1)  # the judgement is over: discarded
