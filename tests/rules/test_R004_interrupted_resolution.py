"""SGS-R004 interrupted-resolution: a new action began before the current resolution finished."""

from __future__ import annotations

from typing import Any

HIT = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
       {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}]


def test_ok_each_card_resolves_before_the_next(sgs: Any) -> None:
    sgs.identity([*HIT, {"type": "death", "seat": 4, "killer": 3},
                  {"type": "draw", "seat": 3, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"},
                  {"type": "use", "seat": 3, "card": "♠3 过河拆桥", "targets": [2]},
                  {"type": "move", "cards": ["♦2 闪"], "from": {"seat": 2, "zone": "hand"}, "to": {"zone": "discard"},
                   "reason": "过河拆桥"}],
                 hands={3: ["♠7 杀", "♠3 过河拆桥"], 2: ["♦2 闪"]}, hp={4: 1}).assert_clean()


def test_ok_long_counter_chain_is_one_resolution(sgs: Any) -> None:
    """Eight 无懈可击 in a row counter each other; the trick finally resolves. No nesting limit is hit."""
    nullis = ["♠J 无懈可击", "♣Q 无懈可击", "♣K 无懈可击", "♦Q 无懈可击"]
    chain = [{"type": "use", "seat": 4 if k % 2 == 0 else 3, "card": nullis[k]} for k in range(4)]
    sgs.identity([{"type": "use", "seat": 3, "card": "♠3 过河拆桥", "targets": [4]}, *chain,
                  {"type": "move", "cards": ["♦2 闪"], "from": {"seat": 4, "zone": "hand"}, "to": {"zone": "discard"},
                   "reason": "过河拆桥"}],
                 hands={3: ["♠3 过河拆桥", nullis[1], nullis[3]], 4: ["♦2 闪", nullis[0], nullis[2]]}).assert_clean()


def test_flags_play_goes_on_while_a_character_is_dying(sgs: Any) -> None:
    out = sgs.identity([*HIT, {"type": "use", "seat": 3, "card": "♠3 过河拆桥", "targets": [2]},
                        {"type": "phase", "seat": 3, "phase": "discard"}],
                       hands={3: ["♠7 杀", "♠3 过河拆桥"], 2: ["♦2 闪"]}, hp={4: 1})
    out.assert_flags("SGS-R004", line=4)


def test_flags_own_peach_while_another_lies_dying(sgs: Any) -> None:
    """While seat 4 is dying only its rescue goes on: the current player's 桃 on itself is a new action."""
    out = sgs.identity([{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
                        {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"},
                        {"type": "use", "seat": 3, "card": "♥3 桃", "targets": [3]}],
                       hands={3: ["♠7 杀", "♥3 桃"]}, hp={3: 2, 4: 1})
    out.assert_flags("SGS-R004", line=4, seat=3)
