"""1v3 虎牢關 (ruleset hulao) beyond its own rules: the end (神吕布's death, every ally reforming), the weapon
recast anyone may make, and 神吕布·暴怒的战神's skills 修罗 and 神威."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.hulao_kit import DECK, SECOND, position, ruleset_file

KILL2 = [{"type": "use", "seat": 1, "card": "♠7 杀", "targets": [2]},
         {"type": "respond", "seat": 2, "card": "♦2 闪"},
         {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": "♠7 杀"},
         {"type": "dying", "seat": 2}, {"type": "death", "seat": 2, "killer": 1}]


def test_ok_lvbu_killed_the_allies_win(sgs: Any) -> None:
    events = [{"type": "use", "seat": 2, "card": "♠7 杀", "targets": [1]},
              {"type": "damage", "source": 2, "target": 1, "amount": 1, "card": "♠7 杀"},
              {"type": "dying", "seat": 1}, {"type": "death", "seat": 1, "killer": 2},
              {"type": "game_end", "winner": "rebel", "reason": "lord_killed"}]
    position(sgs, events, lvbu=SECOND, current=2, hands={2: ["♠7 杀"]}, hp={1: 1}).assert_clean()


def test_ok_every_ally_reforming_lvbu_wins(sgs: Any) -> None:
    """无双: two 闪 are needed; the one 闪 does not stop the 杀."""
    events = [*KILL2, {"type": "game_end", "winner": "lord", "reason": "allies_retreated"}]
    position(sgs, events, lvbu=SECOND, current=1, dead=(3, 4), hands={1: ["♠7 杀"], 2: ["♦2 闪"]},
             hp={2: 1}).assert_clean()


def test_flags_the_wrong_winner(sgs: Any) -> None:
    events = [*KILL2, {"type": "game_end", "winner": "rebel", "reason": "allies_retreated"}]
    position(sgs, events, lvbu=SECOND, current=1, dead=(3, 4), hands={1: ["♠7 杀"], 2: ["♦2 闪"]},
             hp={2: 1}).assert_flags("SGS-O002", 7)


RETREAT_DRAWS = [{"type": "draw", "seat": 3, "cards": [DECK[60]], "reason": "retreat"},
                 {"type": "draw", "seat": 4, "cards": [DECK[61]], "reason": "retreat"}]


def test_ok_the_engines_retreat_draw(sgs: Any, tmp_path: Path) -> None:
    rs = ruleset_file(tmp_path, hulao_retreat_draw=True)
    position(sgs, [*KILL2, *RETREAT_DRAWS], ruleset_file=rs, lvbu=SECOND, current=1, hands={1: ["♠7 杀"], 2: ["♦2 闪"]},
             hp={2: 1}).assert_clean()


def test_flags_a_retreat_draw_the_rulebook_does_not_have(sgs: Any) -> None:
    position(sgs, [*KILL2, *RETREAT_DRAWS], lvbu=SECOND, current=1, hands={1: ["♠7 杀"], 2: ["♦2 闪"]},
             hp={2: 1}).assert_flags("SGS-4004", 7, seat=3)


def test_ok_an_ally_recasts_a_weapon(sgs: Any) -> None:
    events = [{"type": "recast", "seat": 2, "card": "♠6 青釭剑"}, {"type": "draw", "seat": 2, "cards": [DECK[60]], "reason": "recast"}]
    position(sgs, events, current=2, hands={2: ["♠6 青釭剑"]}).assert_clean()


def test_flags_a_recast_of_a_card_that_is_no_weapon(sgs: Any) -> None:
    events = [{"type": "recast", "seat": 2, "card": "♥3 桃"}, {"type": "draw", "seat": 2, "cards": [DECK[60]], "reason": "recast"}]
    position(sgs, events, current=2, hands={2: ["♥3 桃"]}).assert_flags("SGS-P013", 2)


def test_ok_xiuluo_and_shenwei(sgs: Any) -> None:
    """修罗 discards a ♥ hand card with the ♥ 乐不思蜀; 神威: four cards in the draw phase, limit HP + 2."""
    events = [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "start"},
              {"type": "skill", "seat": 1, "skill": "修罗", "cards": ["♥3 桃", "♥6 乐不思蜀"]},
              {"type": "phase", "seat": 1, "phase": "draw"}, {"type": "draw", "seat": 1, "cards": DECK[40:44], "reason": "phase"},
              {"type": "phase", "seat": 1, "phase": "discard"}, {"type": "phase", "seat": 1, "phase": "finish"},
              {"type": "turn_end", "seat": 1}]
    out = position(sgs, events, lvbu=SECOND, current=4, phase="finish", hands={1: ["♥3 桃", *DECK[50:52]]},
                   judge={1: ["♥6 乐不思蜀"]}, hp={1: 4})
    out.assert_clean()


def test_flags_xiuluo_with_another_suit(sgs: Any) -> None:
    events = [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "start"},
              {"type": "skill", "seat": 1, "skill": "修罗", "cards": ["♠7 杀", "♥6 乐不思蜀"]}]
    position(sgs, events, lvbu=SECOND, current=4, phase="finish", hands={1: ["♠7 杀"]},
             judge={1: ["♥6 乐不思蜀"]}).assert_flags("SGS-S004", 4)


def test_simulated_games_are_clean_deterministic_and_reach_every_moment() -> None:
    """Simulated hulao games: no violation, the same bytes for the same seed, and between them the switch, a
    reform step, a return and a weapon recast."""
    from sgs_replay.content import ruleset
    from sgs_replay.simulate.game import play_game

    rs = ruleset("hulao")
    seen: set[str] = set()
    for i in range(8):
        o = play_game(rs, 4, 5, i)
        assert not o.violations
        text = b"\n".join(o.lines).decode()
        seen.update(k for k, mark in (("switch", '"general_choice","seat":1'), ("reform", '"reason":"reform"'),
                                      ("recover", '"type":"recover"'), ("return", '"general_choice","seat":')) if mark in text)
        if i == 0:
            assert play_game(rs, 4, 5, 0).lines == o.lines
    assert {"switch", "reform", "return"} <= seen, seen


def test_ok_rende_within_the_engines_cap(sgs: Any, tmp_path: Path) -> None:
    rs = ruleset_file(tmp_path, rende_max_cards=2)
    events = [{"type": "skill", "seat": 2, "skill": "仁德", "targets": [3], "cards": DECK[50:52]},
              {"type": "recover", "seat": 2, "amount": 1}]
    position(sgs, events, ruleset_file=rs, current=2, hands={2: DECK[50:53]}, hp={2: 3}).assert_clean()


def test_flags_rende_beyond_the_engines_cap(sgs: Any, tmp_path: Path) -> None:
    rs = ruleset_file(tmp_path, rende_max_cards=2)
    events = [{"type": "skill", "seat": 2, "skill": "仁德", "targets": [3], "cards": DECK[50:53]},
              {"type": "recover", "seat": 2, "amount": 1}]
    position(sgs, events, ruleset_file=rs, current=2, hands={2: DECK[50:53]}, hp={2: 3}).assert_flags("SGS-S004", 2, seat=2)


def _savage(order: tuple[int, ...]) -> list[dict[str, Any]]:
    card = "♠7 南蛮入侵"
    return [{"type": "use", "seat": 3, "card": card},
            *[{"type": "damage", "source": 3, "target": t, "amount": 1, "card": card} for t in order]]


def test_ok_an_area_trick_from_the_current_player_on(sgs: Any) -> None:
    """始終按從當前行動玩家開始，逆時針結算 (the user is the current player)."""
    position(sgs, _savage((4, 1, 2)), lvbu=SECOND, current=3, hands={3: ["♠7 南蛮入侵"]}).assert_clean()


def test_flags_an_area_trick_out_of_order(sgs: Any) -> None:
    position(sgs, _savage((1, 4, 2)), lvbu=SECOND, current=3, hands={3: ["♠7 南蛮入侵"]}).assert_flags("SGS-R001", 3)
