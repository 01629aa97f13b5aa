"""SGS-P012 analeptic-limit: 酒 once per turn for its 杀 bonus, on yourself (神话再临·军争篇 · 酒: 每回合限使用1次;
目标：你); a rescue while dying does not count."""

from __future__ import annotations

from typing import Any


def test_ok_one_analeptic(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠3 酒"}], hands={3: ["♠3 酒"]}, ruleset="maneuvering").assert_clean()


def test_ok_rescue_after_the_bonus(sgs: Any) -> None:
    """The dying user's own 酒 is a rescue: not counted against the turn's one use."""
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠3 酒"},
                  {"type": "lose_hp", "seat": 3, "amount": 1, "reason": "苦肉"},
                  {"type": "use", "seat": 3, "card": "♠9 酒", "targets": [3]},
                  {"type": "recover", "seat": 3, "amount": 1, "card": "♠9 酒"}],
                 hands={3: ["♠3 酒", "♠9 酒"]}, hp={3: 1}, ruleset="maneuvering",
                 players=sgs.identity_players((("孙权", "lord"), ("甘宁", "loyalist"), ("黄盖", "rebel"),
                                               ("许褚", "rebel"), ("华佗", "renegade"))))
    assert not [v for v in out.violations if v.rule == "SGS-P012"], out.violations


def test_flags_second_analeptic(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠3 酒"}, {"type": "use", "seat": 3, "card": "♣3 酒"}],
                       hands={3: ["♠3 酒", "♣3 酒"]}, ruleset="maneuvering")
    out.assert_flags("SGS-P012", line=3, seat=3)


def test_flags_analeptic_in_force_from_the_start(sgs: Any) -> None:
    """A start position's ``used: {"酒": 1}``: the current player already drank this turn."""
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♣3 酒"}], hands={3: ["♣3 酒"]}, used={"酒": 1},
                       ruleset="maneuvering")
    out.assert_flags("SGS-P012", line=2, seat=3)
