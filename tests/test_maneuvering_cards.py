"""The 军争 cards under the `maneuvering` ruleset: a clean log and a misuse log for each card.

Each test cites the fact it rests on: the card texts of 神话再临·军争篇 as docs/log-format.md §3 quotes
them, and the rule concepts of ../shared/reference/maneuvering/maneuvering_rules.md ("concept N").
Seats (5 players): 1 孙权 lord, 2 甘宁, 3 许褚 (current, play phase), 4 黄盖, 5 华佗; seat 3 reaches
seats 2 and 4 with no weapon.
"""

from __future__ import annotations

from typing import Any

import pytest

M = "maneuvering"


def play(sgs: Any, events: list[dict[str, Any]], **position: Any) -> Any:
    return sgs.identity(events, ruleset=M, **position)


def use(seat: int, card: str, *targets: int, **kw: Any) -> dict[str, Any]:
    e: dict[str, Any] = {"type": "use", "seat": seat, "card": card, **kw}
    if targets:
        e["targets"] = list(targets)
    return e


def dmg(source: int | None, target: int, amount: int = 1, nature: str = "normal", card: str | None = None,
        **kw: Any) -> dict[str, Any]:
    e: dict[str, Any] = {"type": "damage", "target": target, "amount": amount, "nature": nature, **kw}
    if source is not None:
        e["source"] = source
    if card is not None:
        e["card"] = card
    return e


# --- 雷杀 / 火杀 (concepts 1, 2): a 杀 with a nature -----------------------------------------------


def test_thunder_slash_ok(sgs: Any) -> None:
    """雷杀: 对目标角色造成1点雷电伤害."""
    play(sgs, [use(3, "♠4 雷杀", 4), dmg(3, 4, 1, "thunder", "♠4 雷杀")], hands={3: ["♠4 雷杀"]}).assert_clean()


def test_thunder_slash_bad_nature(sgs: Any) -> None:
    """雷杀's damage written as normal damage."""
    out = play(sgs, [use(3, "♠4 雷杀", 4), dmg(3, 4, 1, "normal", "♠4 雷杀")], hands={3: ["♠4 雷杀"]})
    out.assert_flags("SGS-D011", line=3, seat=4)


def test_fire_slash_counts_against_the_slash_limit(sgs: Any) -> None:
    """Concept 2: 火杀/雷杀 are 杀: they share the once-per-play-phase limit."""
    out = play(sgs, [use(3, "♥4 火杀", 4), {"type": "respond", "seat": 4, "card": "♦2 闪"},
                     use(3, "♠7 杀", 2), dmg(3, 2, 1, card="♠7 杀")],
               hands={3: ["♥4 火杀", "♠7 杀"], 4: ["♦2 闪"]})
    out.assert_flags("SGS-P001", line=4, seat=3)


# --- 酒 (concept 5) -----------------------------------------------------------------------------------


def test_analeptic_ok_next_slash_deals_two(sgs: Any) -> None:
    """酒: 目标角色本回合使用的下一张【杀】将要造成的伤害+1."""
    play(sgs, [use(3, "♠3 酒"), use(3, "♠7 杀", 4), dmg(3, 4, 2, card="♠7 杀")],
         hands={3: ["♠3 酒", "♠7 杀"]}).assert_clean()


def test_analeptic_bad_slash_deals_one(sgs: Any) -> None:
    out = play(sgs, [use(3, "♠3 酒"), use(3, "♠7 杀", 4), dmg(3, 4, 1, card="♠7 杀")],
               hands={3: ["♠3 酒", "♠7 杀"]})
    out.assert_flags("SGS-D001", line=4, seat=4)


def test_analeptic_bad_second_in_a_turn(sgs: Any) -> None:
    """Older wording: 每回合限使用1次."""
    out = play(sgs, [use(3, "♠3 酒"), use(3, "♠9 酒")], hands={3: ["♠3 酒", "♠9 酒"]})
    out.assert_flags("SGS-P012", line=3, seat=3)


def test_analeptic_bad_on_another(sgs: Any) -> None:
    """酒: 目标：你."""
    out = play(sgs, [use(3, "♠3 酒", 4)], hands={3: ["♠3 酒"]})
    out.assert_flags("SGS-P012", line=2, seat=3)


def test_analeptic_spent_by_a_dodged_slash(sgs: Any) -> None:
    """Concept 5: the bonus is consumed when the 杀 is used, hit or not (a second 杀 by 咆哮 is plain)."""
    out = play(sgs, [use(3, "♠3 酒"), use(3, "♠7 杀", 4), {"type": "respond", "seat": 4, "card": "♦2 闪"},
                     use(3, "♠8 杀", 4), dmg(3, 4, 2, card="♠8 杀")],
               hands={3: ["♠3 酒", "♠7 杀", "♠8 杀"], 4: ["♦2 闪"]},
               equip={3: ["♣A 诸葛连弩"]})
    out.assert_flags("SGS-D001", line=6)


def test_analeptic_ok_self_rescue(sgs: Any) -> None:
    """酒 while dying, on yourself: 回复1点体力 (and it does not count toward the turn's limit)."""
    play(sgs, [use(3, "♠7 杀", 4), dmg(3, 4, 1, card="♠7 杀"), use(4, "♠3 酒", 4), {"type": "recover", "seat": 4, "amount": 1, "card": "♠3 酒"}],
         hands={3: ["♠7 杀"], 4: ["♠3 酒"]}, hp={4: 1}).assert_clean()


def test_analeptic_bad_rescue_of_another(sgs: Any) -> None:
    """Concept 5(b): only the dying character may use 酒 on itself."""
    out = play(sgs, [use(3, "♠7 杀", 4), dmg(3, 4, 1, card="♠7 杀"), use(5, "♠3 酒", 4)],
               hands={3: ["♠7 杀"], 5: ["♠3 酒"]}, hp={4: 1})
    assert {v.rule for v in out.violations} & {"SGS-P012", "SGS-T006"}, out.violations


# --- 铁索连环 and chains (concepts 3, 4, 6) ------------------------------------------------------------


def test_iron_chain_ok_then_fire_passes_on(sgs: Any) -> None:
    """铁索连环: 横置; a chained character's fire damage goes on to the other chained ones (concept 4)."""
    play(sgs, [use(3, "♠J 铁索连环", 2, 4), use(3, "♥4 火杀", 4), dmg(3, 4, 1, "fire", "♥4 火杀"),
               dmg(3, 2, 1, "fire", "♥4 火杀", chain=True)],
         hands={3: ["♠J 铁索连环", "♥4 火杀"]}).assert_clean()


def test_iron_chain_logged_toggles_ok(sgs: Any) -> None:
    """A logged chain state that says what the card does is checked and accepted."""
    play(sgs, [use(3, "♠J 铁索连环", 2, 4), {"type": "chain", "seat": 2, "chained": True},
               {"type": "chain", "seat": 4, "chained": False}],
         hands={3: ["♠J 铁索连环"]}, chained=[4]).assert_clean()


def test_iron_chain_bad_logged_state(sgs: Any) -> None:
    out = play(sgs, [use(3, "♠J 铁索连环", 2), {"type": "chain", "seat": 2, "chained": False}],
               hands={3: ["♠J 铁索连环"]})
    out.assert_flags("SGS-D010", line=3, seat=2)


def test_iron_chain_bad_three_targets(sgs: Any) -> None:
    """铁索连环: 目标：一至两名角色."""
    out = play(sgs, [use(3, "♠J 铁索连环", 1, 2, 4)], hands={3: ["♠J 铁索连环"]})
    out.assert_flags("SGS-P004", line=2, seat=3)


def test_chain_bad_passing_on_missing(sgs: Any) -> None:
    out = play(sgs, [use(3, "♥4 火杀", 4), dmg(3, 4, 1, "fire", "♥4 火杀"), {"type": "phase", "seat": 3, "phase": "discard"}],
               hands={3: ["♥4 火杀"]}, chained=[2, 4])
    out.assert_flags("SGS-D002", line=4, seat=2)


def test_chain_bad_order(sgs: Any) -> None:
    """Concept 4: passed on from the current player in seat order (3 → 5 → 1 → 2)."""
    out = play(sgs, [use(3, "♠4 雷杀", 4), dmg(3, 4, 1, "thunder", "♠4 雷杀"),
                     dmg(3, 2, 1, "thunder", "♠4 雷杀"), dmg(3, 5, 1, "thunder", "♠4 雷杀")],
               hands={3: ["♠4 雷杀"]}, chained=[2, 4, 5])
    out.assert_flags("SGS-R001", line=4, seat=2)


def test_chain_normal_damage_does_not_pass_on(sgs: Any) -> None:
    """Concept 4: only fire or thunder damage is passed on; a 普通杀's damage is not."""
    out = play(sgs, [use(3, "♠7 杀", 4), dmg(3, 4, 1, card="♠7 杀"), dmg(3, 2, 1, card="♠7 杀")],
               hands={3: ["♠7 杀"]}, chained=[2, 4])
    out.assert_flags("SGS-D003", line=4, seat=2)


def test_recast_ok(sgs: Any) -> None:
    """重铸：将此牌置入弃牌堆并摸一张牌 (concept 6: not a use)."""
    play(sgs, [{"type": "recast", "seat": 3, "card": "♣10 铁索连环"},
               {"type": "draw", "seat": 3, "cards": ["♦2 闪"], "reason": "recast"}],
         hands={3: ["♣10 铁索连环"]}, deck=["♦2 闪"]).assert_clean()


def test_recast_bad_draws_two(sgs: Any) -> None:
    out = play(sgs, [{"type": "recast", "seat": 3, "card": "♣10 铁索连环"},
                     {"type": "draw", "seat": 3, "cards": ["♦2 闪", "♦3 闪"], "reason": "recast"}],
               hands={3: ["♣10 铁索连环"]}, deck=["♦2 闪", "♦3 闪"])
    assert out.violations, "a recast draws one card"


# --- 火攻 (concept 12) -----------------------------------------------------------------------------


def test_fire_attack_ok(sgs: Any) -> None:
    """火攻: 目标角色展示一张手牌，然后你可以弃置一张与所展示牌花色相同的手牌令其受到1点火焰伤害."""
    play(sgs, [use(3, "♥2 火攻", 4), {"type": "reveal", "seat": 4, "cards": ["♦2 闪"], "reason": "火攻"},
               {"type": "discard", "seat": 3, "cards": ["♦3 闪"], "reason": "火攻"},
               dmg(3, 4, 1, "fire", "♥2 火攻")],
         hands={3: ["♥2 火攻", "♦3 闪"], 4: ["♦2 闪"]}).assert_clean()


def test_fire_attack_ok_declined(sgs: Any) -> None:
    play(sgs, [use(3, "♥2 火攻", 4), {"type": "reveal", "seat": 4, "cards": ["♦2 闪"], "reason": "火攻"},
               {"type": "pass", "seat": 3}, {"type": "phase", "seat": 3, "phase": "discard"}],
         hands={3: ["♥2 火攻"], 4: ["♦2 闪"]}).assert_clean()


def test_fire_attack_bad_suit(sgs: Any) -> None:
    out = play(sgs, [use(3, "♥2 火攻", 4), {"type": "reveal", "seat": 4, "cards": ["♦2 闪"], "reason": "火攻"},
                     {"type": "discard", "seat": 3, "cards": ["♠7 杀"], "reason": "火攻"},
                     dmg(3, 4, 1, "fire", "♥2 火攻")],
               hands={3: ["♥2 火攻", "♠7 杀"], 4: ["♦2 闪"]})
    out.assert_flags("SGS-D010", line=4, seat=3)


def test_fire_attack_bad_no_hand(sgs: Any) -> None:
    """火攻: 目标：一名有手牌的角色."""
    out = play(sgs, [use(3, "♥2 火攻", 4)], hands={3: ["♥2 火攻"]})
    out.assert_flags("SGS-P004", line=2, seat=3)


# --- 兵粮寸断 (concept 11) --------------------------------------------------------------------------


def test_supply_shortage_ok(sgs: Any) -> None:
    play(sgs, [use(3, "♠10 兵粮寸断", 4)], hands={3: ["♠10 兵粮寸断"]}).assert_clean()


def test_supply_shortage_bad_distance(sgs: Any) -> None:
    """兵粮寸断: 目标：距离1的一名其他角色 (seat 3 to seat 1 is 2)."""
    out = play(sgs, [use(3, "♠10 兵粮寸断", 1)], hands={3: ["♠10 兵粮寸断"]})
    out.assert_flags("SGS-P003", line=2, seat=3)


# --- equipment (concepts 7–10, 13) --------------------------------------------------------------------


def test_vine_ok_plain_slash_no_effect(sgs: Any) -> None:
    """藤甲: 普通【杀】对你无效."""
    play(sgs, [use(3, "♠7 杀", 4), {"type": "phase", "seat": 3, "phase": "discard"}],
         hands={3: ["♠7 杀"]}, equip={4: ["♠2 藤甲"]}).assert_clean()


def test_vine_bad_damage_from_plain_slash(sgs: Any) -> None:
    out = play(sgs, [use(3, "♠7 杀", 4), dmg(3, 4, 1, card="♠7 杀")], hands={3: ["♠7 杀"]}, equip={4: ["♠2 藤甲"]})
    out.assert_flags("SGS-D003", line=3, seat=4)


def test_vine_ok_fire_plus_one(sgs: Any) -> None:
    """藤甲: 每当你受到火焰伤害时，此伤害+1."""
    play(sgs, [use(3, "♥4 火杀", 4), dmg(3, 4, 2, "fire", "♥4 火杀")],
         hands={3: ["♥4 火杀"]}, equip={4: ["♠2 藤甲"]}).assert_clean()


def test_vine_bad_fire_one(sgs: Any) -> None:
    out = play(sgs, [use(3, "♥4 火杀", 4), dmg(3, 4, 1, "fire", "♥4 火杀")],
               hands={3: ["♥4 火杀"]}, equip={4: ["♠2 藤甲"]})
    out.assert_flags("SGS-D001", line=3, seat=4)


def test_vine_thunder_slash_not_stopped(sgs: Any) -> None:
    """Concept 7: 火杀/雷杀 are not stopped by 藤甲."""
    out = play(sgs, [use(3, "♠4 雷杀", 4), {"type": "phase", "seat": 3, "phase": "discard"}],
               hands={3: ["♠4 雷杀"]}, equip={4: ["♠2 藤甲"]})
    out.assert_flags("SGS-D002", line=3, seat=4)


def test_silver_lion_ok_cap(sgs: Any) -> None:
    """白银狮子: 若此伤害大于1点，防止多余的伤害 (酒 + 杀 = 2 → 1)."""
    play(sgs, [use(3, "♠3 酒"), use(3, "♠7 杀", 4), dmg(3, 4, 1, card="♠7 杀")],
         hands={3: ["♠3 酒", "♠7 杀"]}, equip={4: ["♣A 白银狮子"]}).assert_clean()


def test_silver_lion_ok_recover_when_lost(sgs: Any) -> None:
    """白银狮子: 每当你失去装备区里的【白银狮子】后，你回复1点体力."""
    play(sgs, [use(3, "♠3 过河拆桥", 4),
               {"type": "move", "cards": ["♣A 白银狮子"], "from": {"seat": 4, "zone": "equip"}, "to": {"zone": "discard"},
                "reason": "过河拆桥"},
               {"type": "recover", "seat": 4, "amount": 1, "card": "♣A 白银狮子"}],
         hands={3: ["♠3 过河拆桥"]}, equip={4: ["♣A 白银狮子"]}, hp={4: 3}).assert_clean()


def test_silver_lion_bad_recovery_missing(sgs: Any) -> None:
    out = play(sgs, [use(3, "♠3 过河拆桥", 4),
                     {"type": "move", "cards": ["♣A 白银狮子"], "from": {"seat": 4, "zone": "equip"}, "to": {"zone": "discard"},
                      "reason": "过河拆桥"},
                     {"type": "phase", "seat": 3, "phase": "discard"}],
               hands={3: ["♠3 过河拆桥"]}, equip={4: ["♣A 白银狮子"]}, hp={4: 3})
    out.assert_flags("SGS-D010", line=4, seat=4)


def test_guding_blade_ok_no_hand(sgs: Any) -> None:
    """古锭刀: 若该角色没有手牌，此伤害+1."""
    play(sgs, [use(3, "♠7 杀", 4), dmg(3, 4, 2, card="♠7 杀")],
         hands={3: ["♠7 杀"]}, equip={3: ["♠A 古锭刀"]}).assert_clean()


def test_guding_blade_bad_with_hand(sgs: Any) -> None:
    out = play(sgs, [use(3, "♠7 杀", 4), dmg(3, 4, 2, card="♠7 杀")],
               hands={3: ["♠7 杀"], 4: ["♣3 杀"]}, equip={3: ["♠A 古锭刀"]})
    out.assert_flags("SGS-D001", line=3, seat=4)


def test_fan_ok_fire(sgs: Any) -> None:
    """朱雀羽扇: 你可以将一张普通【杀】当火【杀】使用."""
    play(sgs, [{"type": "use", "seat": 3, "as": "火杀", "cards": ["♠7 杀"], "skill": "朱雀羽扇", "targets": [4]},
               dmg(3, 4, 1, "fire", "♠7 杀")],
         hands={3: ["♠7 杀"]}, equip={3: ["♦A 朱雀羽扇"]}).assert_clean()


def test_fan_bad_not_a_plain_slash(sgs: Any) -> None:
    out = play(sgs, [{"type": "use", "seat": 3, "as": "火杀", "cards": ["♠4 雷杀"], "skill": "朱雀羽扇", "targets": [4]}],
               hands={3: ["♠4 雷杀"]}, equip={3: ["♦A 朱雀羽扇"]})
    out.assert_flags("SGS-P009", line=2, seat=3)


@pytest.mark.parametrize("horse", ["♦K 骅骝"])
def test_hualiu_plus_one(sgs: Any, horse: str) -> None:
    """骅骝: 其他角色与你的距离+1 (seat 3 to seat 4: 2, out of reach with no weapon)."""
    out = play(sgs, [use(3, "♠7 杀", 4), dmg(3, 4, 1, card="♠7 杀")], hands={3: ["♠7 杀"]}, equip={4: [horse]})
    out.assert_flags("SGS-P002", line=2, seat=3)


def test_vine_ok_aoe_skips_the_wearer(sgs: Any) -> None:
    """藤甲: 【南蛮入侵】对你无效 — nothing is asked of the wearer; the next target answers in turn."""
    play(sgs, [use(3, "♠7 南蛮入侵"), {"type": "respond", "seat": 5, "card": "♣3 杀"},
               dmg(3, 1, 1, card="♠7 南蛮入侵"), dmg(3, 2, 1, card="♠7 南蛮入侵")],
         hands={3: ["♠7 南蛮入侵"], 5: ["♣3 杀"]}, equip={4: ["♠2 藤甲"]}).assert_clean()


def test_vine_ok_no_nullification_for_the_wearer(sgs: Any) -> None:
    """藤甲: 锁定技。【南蛮入侵】、【万箭齐发】和普通【杀】对你无效 — the card is void for the wearer before any
    无懈可击 is asked for it (concept 7: FreeKill nullifies it at PreCardEffect, QSanguosha at CardEffected), so
    the 无懈可击 that follows protects the next target (seat 5), not the wearer (seat 4)."""
    play(sgs, [use(3, "♥A 万箭齐发"), use(2, "♥K 无懈可击"),
               dmg(3, 1, 1, card="♥A 万箭齐发"), dmg(3, 2, 1, card="♥A 万箭齐发")],
         hands={3: ["♥A 万箭齐发"], 2: ["♥K 无懈可击"]}, equip={4: ["♠2 藤甲"]}).assert_clean()


def test_vine_flags_damage_to_the_target_the_nullification_protected(sgs: Any) -> None:
    """The 无懈可击 after a 南蛮入侵 that 藤甲 voids for seat 4 protects seat 5: seat 5's damage contradicts it."""
    out = play(sgs, [use(3, "♠7 南蛮入侵"), use(2, "♥K 无懈可击"), dmg(3, 5, 1, card="♠7 南蛮入侵")],
               hands={3: ["♠7 南蛮入侵"], 2: ["♥K 无懈可击"]}, equip={4: ["♠2 藤甲"]})
    out.assert_flags("SGS-D003", line=4, seat=5)


def test_fan_ok_on_a_wusheng_slash(sgs: Any) -> None:
    """朱雀羽扇 (older wording: 你可以将你的任一普通杀当作具火焰伤害的杀来使用) on 关羽's 武圣 杀."""
    players = sgs.identity_players((("孙权", "lord"), ("甘宁", "loyalist"), ("关羽", "rebel"), ("黄盖", "rebel"),
                                    ("华佗", "renegade")))
    play(sgs, [{"type": "use", "seat": 3, "as": "火杀", "cards": ["♥3 桃"], "skill": "武圣", "targets": [4]},
               dmg(3, 4, 1, "fire", "♥3 桃")],
         players=players, hands={3: ["♥3 桃"]}, equip={3: ["♦A 朱雀羽扇"]}).assert_clean()


def test_fan_bad_wusheng_fire_slash_without_the_fan(sgs: Any) -> None:
    players = sgs.identity_players((("孙权", "lord"), ("甘宁", "loyalist"), ("关羽", "rebel"), ("黄盖", "rebel"),
                                    ("华佗", "renegade")))
    out = play(sgs, [{"type": "use", "seat": 3, "as": "火杀", "cards": ["♥3 桃"], "skill": "武圣", "targets": [4]},
                     dmg(3, 4, 1, "fire", "♥3 桃")],
               players=players, hands={3: ["♥3 桃"]})
    out.assert_flags("SGS-P009", line=2, seat=3)


@pytest.mark.parametrize("first", ["vine", "countered"])
def test_eight_diagram_of_the_next_target(sgs: Any, first: str) -> None:
    """The first target of 万箭齐发 is void (藤甲) or countered (无懈可击): the next target's 八卦阵 is its
    own answer, judged as such (not an unchecked 八卦阵)."""
    events = [use(3, "♥A 万箭齐发")]
    if first == "countered":
        events.append(use(2, "♥K 无懈可击"))
    events += [{"type": "skill", "seat": 5, "skill": "八卦阵"}, {"type": "judge", "seat": 5, "card": "♥4 桃", "reason": "八卦阵"},
               dmg(3, 1, 1, card="♥A 万箭齐发"), dmg(3, 2, 1, card="♥A 万箭齐发")]
    out = play(sgs, events, hands={3: ["♥A 万箭齐发"], 2: ["♥K 无懈可击"]},
               equip={4: ["♠2 藤甲"] if first == "vine" else [], 5: ["♠2 八卦阵"]})
    out.assert_clean()
    assert out.report.unverifiable == 0


def test_chain_reset_without_its_damage(sgs: Any) -> None:
    """A chained target reset as a 雷杀's damage would reset it, and no damage logged: the damage is missing."""
    out = play(sgs, [use(3, "♠4 雷杀", 4), {"type": "chain", "seat": 4, "chained": False},
                     {"type": "phase", "seat": 3, "phase": "discard"}],
               hands={3: ["♠4 雷杀"]}, chained=[4])
    out.assert_flags("SGS-D002", line=3, seat=4)
    assert "SGS-D010" not in out.rules


def test_eight_diagram_of_a_later_target_first(sgs: Any) -> None:
    """万箭齐发: seat 5's 八卦阵 before seat 4 has answered or taken its damage is out of order."""
    out = play(sgs, [use(3, "♥A 万箭齐发"), {"type": "skill", "seat": 5, "skill": "八卦阵"},
                     {"type": "judge", "seat": 5, "card": "♥4 桃", "reason": "八卦阵"}],
               hands={3: ["♥A 万箭齐发"]}, equip={5: ["♠2 八卦阵"]})
    assert {"SGS-R001"} & out.rules, out.violations
