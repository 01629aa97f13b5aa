"""SGS-D009 not-dying: 桃 on another character only to rescue them from dying."""

from __future__ import annotations

from typing import Any


def test_ok_rescue_another(sgs: Any) -> None:
    sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                  {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
                  {"type": "use", "seat": 3, "card": "♥3 桃", "targets": [4]},
                  {"type": "recover", "seat": 4, "amount": 1, "card": "♥3 桃"}],
                 hands={3: ["♠7 杀", "♥3 桃"]}, hp={4: 1}).assert_clean()


def test_flags_peach_on_a_wounded_but_living_ally(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♥3 桃", "targets": [4]},
                        {"type": "recover", "seat": 4, "amount": 1, "card": "♥3 桃"}], hands={3: ["♥3 桃"]}, hp={4: 2})
    out.assert_flags("SGS-D009", line=2, seat=3, only=True)


def test_flags_peach_on_someone_rescued_already(sgs: Any) -> None:
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
                        {"type": "use", "seat": 3, "card": "♥3 桃", "targets": [4]},
                        {"type": "recover", "seat": 4, "amount": 1, "card": "♥3 桃"},
                        {"type": "use", "seat": 3, "card": "♥4 桃", "targets": [4]}],
                       hands={3: ["♠7 杀", "♥3 桃", "♥4 桃"]}, hp={4: 1})
    out.assert_flags("SGS-D009", line=6)
