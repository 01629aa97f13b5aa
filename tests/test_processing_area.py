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


# ---------------------------------------------------------------------------- an answer and its triggers

LUXUN = [("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("陆逊", "rebel"), ("华佗", "renegade")]
JINK = "♥K 闪"
SLASH = "♠7 杀"


def _dodged_with_the_last_card(drawn: str) -> list[dict[str, Any]]:
    """Seat 3's 杀 on 陆逊 (seat 4), answered with his last hand card; 连营 draws from an empty pile."""
    return [{"type": "use", "seat": 3, "card": SLASH, "targets": [4]},
            {"type": "respond", "seat": 4, "card": JINK},
            {"type": "skill", "seat": 4, "skill": "连营"},
            _draw(4, [drawn], reason="skill", skill="连营")]


def test_ok_lianying_after_a_jink_draws_past_the_reshuffle(sgs: Any) -> None:
    hands = {3: [SLASH], 4: [JINK]}
    discard = _discard_all_but(hands[3], hands[4])
    sgs.identity(_dodged_with_the_last_card(discard[0]), players=sgs.identity_players(LUXUN), hands=hands,
                 discard=discard).assert_clean()


def test_flags_lianying_drawing_the_jink_that_triggered_it(sgs: Any) -> None:
    # the 闪 is still answering the 杀 while 连营 (its trigger) resolves: the reshuffle does not take it
    # (FreeKill keeps it in the processing area until 连营's draw is over)
    hands = {3: [SLASH], 4: [JINK]}
    discard = _discard_all_but(hands[3], hands[4])
    out = sgs.identity(_dodged_with_the_last_card(JINK), players=sgs.identity_players(LUXUN), hands=hands,
                       discard=discard)
    out.assert_flags("SGS-C002", line=5, only=True)


def test_the_answer_is_discarded_once_its_triggers_are_over(sgs: Any) -> None:
    from sgs_replay.formats.reader import parse_bytes
    from sgs_replay.replay.validate import validate_parsed

    hands = {3: [SLASH], 4: [JINK]}
    discard = _discard_all_but(hands[3], hands[4])
    text = sgs.identity_text([*_dodged_with_the_last_card(discard[0]), {"type": "phase", "seat": 3, "phase": "discard"}],
                             players=sgs.identity_players(LUXUN), hands=hands, discard=discard)
    where: list[tuple[int, int, int]] = []

    def on_step(i: int, eng: Any) -> None:
        t = eng.table
        where.append((t.processing[JINK], t.discard[JINK], t.pile[JINK]))

    validate_parsed(parse_bytes(text.encode()), on_step=on_step)
    assert where[2:6] == [(1, 0, 0), (1, 0, 0), (1, 0, 0), (0, 1, 0)]  # answered, 连营, its draw, the game goes on


def test_a_jink_with_no_trigger_is_discarded_at_once(sgs: Any) -> None:
    # no 连营 (a hand card is left): the answer is over when it is played, the reshuffle of the next
    # draw takes it
    hands = {3: [SLASH], 4: [JINK, "♠8 杀"]}
    discard = _discard_all_but(hands[3], hands[4])
    sgs.identity([{"type": "use", "seat": 3, "card": SLASH, "targets": [4]},
                  {"type": "respond", "seat": 4, "card": JINK},
                  {"type": "phase", "seat": 3, "phase": "discard"}, {"type": "phase", "seat": 3, "phase": "finish"},
                  {"type": "turn_end", "seat": 3}, {"type": "turn", "seat": 4},
                  {"type": "phase", "seat": 4, "phase": "start"}, {"type": "phase", "seat": 4, "phase": "judge"},
                  {"type": "phase", "seat": 4, "phase": "draw"}, _draw(4, [JINK, SLASH], reason="phase")],
                 players=sgs.identity_players(LUXUN), hands=hands, discard=discard).assert_clean()


HUANG = [("孙权", "lord"), ("甘宁", "loyalist"), ("许褚", "rebel"), ("黄月英", "rebel"), ("华佗", "renegade")]
NULLIFY = "♣K 无懈可击"


def test_flags_jizhi_drawing_the_nullification_that_triggered_it(sgs: Any) -> None:
    # 集智 draws "在它结算之前": the 无懈可击 is in the processing area during that draw
    hands = {3: [DISMANTLE], 4: [NULLIFY, "♥4 桃"]}
    discard = _discard_all_but(hands[3], hands[4])
    events = [{"type": "use", "seat": 3, "card": DISMANTLE, "targets": [4]},
              {"type": "use", "seat": 4, "card": NULLIFY},
              {"type": "skill", "seat": 4, "skill": "集智"}]
    players = sgs.identity_players(HUANG)
    sgs.identity([*events, _draw(4, [discard[0]], reason="skill", skill="集智")], players=players, hands=hands,
                 discard=discard).assert_clean()
    out = sgs.identity([*events, _draw(4, [NULLIFY], reason="skill", skill="集智")], players=players, hands=hands,
                       discard=discard)
    out.assert_flags("SGS-C002", line=5, only=True)
