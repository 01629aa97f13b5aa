"""SGS-3003 and SGS-R001 in 3v3: 南蛮入侵/万箭齐发 resolve from the user's neighbour in the chosen
direction, 桃园结义/五谷丰登 from the user and then that direction (``cw`` = seat − 1, ``ccw`` =
seat + 1); the direction is the user's choice and is logged (seed 001 3V3规则; 004 一、5; 002 四)."""

from __future__ import annotations

SA = "♠7 南蛮入侵"
AA = "♥A 万箭齐发"


def dmg(target, card=SA, source=3):
    return {"type": "damage", "source": source, "target": target, "amount": 1, "card": card}


def test_savage_assault_clockwise(v3):
    out = v3.game([{"type": "use", "seat": 3, "card": SA, "direction": "cw"}, *[dmg(t) for t in (2, 1, 6, 5, 4)]],
                  hands={3: [SA]})
    out.assert_clean()


def test_savage_assault_clockwise_resolved_counterclockwise(v3):
    out = v3.game([{"type": "use", "seat": 3, "card": SA, "direction": "cw"}, *[dmg(t) for t in (4, 5, 6, 1, 2)]],
                  hands={3: [SA]})
    out.assert_flags("SGS-R001", 3, seat=4)


def test_archery_counterclockwise(v3):
    out = v3.game([{"type": "use", "seat": 3, "card": AA, "direction": "ccw"}, *[dmg(t, AA) for t in (4, 5, 6, 1, 2)]],
                  hands={3: [AA]})
    out.assert_clean()


def test_archery_counterclockwise_resolved_clockwise(v3):
    out = v3.game([{"type": "use", "seat": 3, "card": AA, "direction": "ccw"}, dmg(2, AA)], hands={3: [AA]})
    out.assert_flags("SGS-R001", 3, seat=2)


def test_peach_garden_starts_with_the_user_then_the_direction(v3):
    events = [{"type": "use", "seat": 3, "card": "♥A 桃园结义", "direction": "cw"},
              *[{"type": "recover", "seat": s, "amount": 1} for s in (3, 2, 1, 6, 5, 4)]]
    hp = {s: 2 for s in range(1, 7)}
    v3.game(events, hands={3: ["♥A 桃园结义"]}, hp=hp).assert_clean()
    wrong = [events[0], *[{"type": "recover", "seat": s, "amount": 1} for s in (3, 4, 5, 6, 1, 2)]]
    v3.game(wrong, hands={3: ["♥A 桃园结义"]}, hp=hp).assert_flags("SGS-R001", 4, seat=4)


def test_amazing_grace_starts_with_the_user_then_the_direction(v3):
    shown = ["♦2 闪", "♣3 杀", "♣4 杀", "♣5 杀", "♣6 杀", "♥2 闪"]
    use = {"type": "use", "seat": 3, "card": "♥3 五谷丰登", "direction": "ccw"}
    reveal = {"type": "reveal", "cards": shown, "seat": 3, "reason": "五谷丰登"}

    def pick(seat, card):
        return {"type": "move", "cards": [card], "from": {"zone": "processing"}, "to": {"zone": "hand", "seat": seat},
                "reason": "五谷丰登"}

    order = (3, 4, 5, 6, 1, 2)
    out = v3.game([use, reveal, *[pick(s, c) for s, c in zip(order, shown, strict=True)]],
                  hands={3: ["♥3 五谷丰登"]}, deck=shown)
    out.assert_clean()
    out = v3.game([use, reveal, pick(3, shown[0]), pick(2, shown[1])], hands={3: ["♥3 五谷丰登"]}, deck=shown)
    out.assert_flags("SGS-R001", 5, seat=2)


def test_the_direction_must_be_logged(v3):
    out = v3.game([{"type": "use", "seat": 3, "card": SA}, *[dmg(t) for t in (4, 5, 6, 1, 2)]], hands={3: [SA]})
    v = out.assert_only("SGS-3003", 2)
    assert v.kind == "illegal_play"


def test_a_missing_direction_is_reported_once_whichever_way_it_went(v3):
    out = v3.game([{"type": "use", "seat": 3, "card": SA}, *[dmg(t) for t in (2, 1, 6, 5, 4)]], hands={3: [SA]})
    out.assert_only("SGS-3003", 2)


def test_rescue_is_asked_counterclockwise_from_the_current_player(v3):
    # seat 3's 杀 leaves seat 4 dying: seats 3, 4, 5, 6, 1, 2 are asked in that order
    base = [{"type": "use", "seat": 3, "card": "♠7 杀", "targets": [4]},
            {"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠7 杀"}]
    hands = {3: ["♠7 杀"], 5: ["♥3 桃"], 2: ["♥4 桃"]}
    ok = [*base, {"type": "pass", "seat": 3}, {"type": "pass", "seat": 4},
          {"type": "use", "seat": 5, "card": "♥3 桃", "targets": [4]}, {"type": "recover", "seat": 4, "amount": 1}]
    v3.game(ok, hands=hands, hp={4: 1}).assert_clean()
    bad = [*base, {"type": "pass", "seat": 2}, {"type": "use", "seat": 5, "card": "♥3 桃", "targets": [4]},
           {"type": "recover", "seat": 4, "amount": 1}]
    v3.game(bad, hands=hands, hp={4: 1}).assert_only("SGS-R003", 5)


def test_a_skill_draw_inside_the_card_does_not_show_its_direction(v3):
    """黄月英 (seat 2, the last target counterclockwise, the first clockwise) counters 万箭齐发 for seat 4
    with 无懈可击 and draws for 集智: her draw is not her part of the card, so it does not turn the
    logged direction round."""
    from .conftest import players

    seating = (("张辽", "cold", "vanguard"), ("黄月英", "cold", "commander"), ("甘宁", "cold", "vanguard"),
               ("黄盖", "warm", "vanguard"), ("刘备", "warm", "commander"), ("甄姬", "warm", "vanguard"))
    out = v3.game([{"type": "use", "seat": 3, "card": AA, "direction": "ccw"},
                   {"type": "use", "seat": 2, "card": "♠J 无懈可击"},
                   {"type": "skill", "seat": 2, "skill": "集智"},
                   {"type": "draw", "seat": 2, "cards": ["♦3 闪"], "reason": "skill", "skill": "集智"},
                   *[dmg(t, AA) for t in (5, 2)]],  # seats 6 and 1 are dead: ccw 4, 5, 2; cw 2, 5, 4
                  players=players(seating), hands={3: [AA], 2: ["♠J 无懈可击"]}, dead=[6, 1])
    out.assert_clean()
