"""3v3-2012 and later: 兵粮寸断 (seed 000 卡牌修改 2; seed 002 五、1) targets a character at distance 1
(SGS-P003); its judgement, unless a club, skips the target's draw phase (SGS-T007)."""

from __future__ import annotations

import pytest

SS = "♠A 兵粮寸断"


@pytest.mark.parametrize("ruleset", ["3v3-2012", "3v3-2013"])
def test_supply_shortage_on_a_neighbour(v3, ruleset):
    out = v3.game([{"type": "use", "seat": 3, "card": SS, "targets": [4]}], ruleset=ruleset, hands={3: [SS]}, acted=[3])
    out.assert_clean()


def test_supply_shortage_at_distance_two(v3):
    out = v3.game([{"type": "use", "seat": 3, "card": SS, "targets": [5]}], hands={3: [SS]}, acted=[3])
    v = out.assert_only("SGS-P003", 2)
    assert v.kind == "illegal_play"


def test_supply_shortage_on_oneself(v3):
    v3.game([{"type": "use", "seat": 3, "card": SS, "targets": [3]}], hands={3: [SS]}, acted=[3]).assert_flags("SGS-P004", 2)


def judged(card, then):
    return [{"type": "phase", "seat": 4, "phase": "judge"},
            {"type": "judge", "seat": 4, "card": card, "reason": "兵粮寸断"}, *then]


AT_4 = {"current": 4, "phase": "start", "judge": {4: [SS]}, "acted": [4],
        "unit": {"side": "warm", "who": "vanguards", "order": [4, 6]}}


def test_a_non_club_judgement_skips_the_draw_phase(v3):
    then = [{"type": "phase_skip", "seat": 4, "phase": "draw", "reason": "兵粮寸断"},
            {"type": "phase", "seat": 4, "phase": "play"}]
    v3.game(judged("♥3 桃", then), **AT_4).assert_clean()


def test_drawing_after_a_non_club_judgement(v3):
    then = [{"type": "phase", "seat": 4, "phase": "draw"},
            {"type": "draw", "seat": 4, "cards": ["♦3 闪", "♦4 闪"], "reason": "phase"}]
    out = v3.game(judged("♥3 桃", then), **AT_4)
    out.assert_flags("SGS-T007", 4, seat=4)


def test_a_club_judgement_lets_the_target_draw(v3):
    then = [{"type": "phase", "seat": 4, "phase": "draw"},
            {"type": "draw", "seat": 4, "cards": ["♦3 闪", "♦4 闪"], "reason": "phase"},
            {"type": "phase", "seat": 4, "phase": "play"}]
    v3.game(judged("♣3 杀", then), **AT_4).assert_clean()
