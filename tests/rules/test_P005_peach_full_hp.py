"""SGS-P005 peach-full-hp: no 桃 on yourself in the play phase without HP lost."""

from __future__ import annotations

from typing import Any

PEACH = [{"type": "use", "seat": 3, "card": "♥3 桃", "targets": [3]},
         {"type": "recover", "seat": 3, "amount": 1, "card": "♥3 桃"}]


def test_ok_wounded(sgs: Any) -> None:
    sgs.identity(PEACH, hands={3: ["♥3 桃"]}, hp={3: 3}).assert_clean()


def test_ok_targets_omitted(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♥3 桃"}, PEACH[1]], hands={3: ["♥3 桃"]}, hp={3: 1}).assert_clean()


def test_ok_lord_with_bonus_hp(sgs: Any) -> None:
    """The lord of a 5-player game has 1 more max HP: 孙权 at 4/5 may eat a 桃."""
    sgs.identity([{"type": "use", "seat": 1, "card": "♥3 桃", "targets": [1]},
                  {"type": "recover", "seat": 1, "amount": 1, "card": "♥3 桃"}],
                 hands={1: ["♥3 桃"]}, hp={1: 4}, current=1).assert_clean()


def test_flags_full_hp(sgs: Any) -> None:
    out = sgs.identity(PEACH[:1], hands={3: ["♥3 桃"]})
    out.assert_flags("SGS-P005", line=2, seat=3)


def test_flags_full_hp_after_lowered_max(sgs: Any) -> None:
    out = sgs.identity(PEACH[:1], hands={3: ["♥3 桃"]}, hp={3: 3}, max_hp={3: 3})
    out.assert_flags("SGS-P005", line=2)


def test_flags_second_peach_reaches_full(sgs: Any) -> None:
    out = sgs.identity([*PEACH, {"type": "use", "seat": 3, "card": "♥4 桃", "targets": [3]}],
                       hands={3: ["♥3 桃", "♥4 桃"]}, hp={3: 3})
    out.assert_flags("SGS-P005", line=4)
