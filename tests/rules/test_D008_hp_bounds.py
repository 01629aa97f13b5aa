"""SGS-D008 hp-bounds: recovery never raises HP above max HP."""

from __future__ import annotations

from typing import Any

GS = "♥A 桃园结义"


def test_ok_recover_to_max(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♥3 桃", "targets": [3]},
                  {"type": "recover", "seat": 3, "amount": 1, "card": "♥3 桃"}], hands={3: ["♥3 桃"]}, hp={3: 3}
                 ).assert_clean()


def test_ok_god_salvation_skips_the_unhurt(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": GS}, {"type": "recover", "seat": 4, "amount": 1, "card": GS}],
                 hands={3: [GS]}, hp={4: 3}).assert_clean()


def test_flags_god_salvation_heals_a_full_seat(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": GS}, {"type": "recover", "seat": 3, "amount": 1, "card": GS},
                        {"type": "recover", "seat": 4, "amount": 1, "card": GS}], hands={3: [GS]}, hp={3: 2})
    out.assert_flags("SGS-D008", line=4, seat=4)


def test_flags_recover_over_a_lowered_max(sgs: Any) -> None:
    out = sgs.identity([{"type": "max_hp", "seat": 5, "delta": -1},
                        {"type": "use", "seat": 3, "card": GS},
                        {"type": "recover", "seat": 3, "amount": 1, "card": GS},
                        {"type": "recover", "seat": 5, "amount": 1, "card": GS}], hands={3: [GS]}, hp={3: 3})
    out.assert_flags("SGS-D008", line=5, seat=5)
