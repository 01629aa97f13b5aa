"""袁绍: 乱击, 血裔 (火; ../shared/reference/fire/fire_skills.csv)."""

from skillkit import discard, phase, respond, turn, use

TABLE = ["袁绍", "貂蝉", "许褚", "吕布"]
RS = "maneuvering"


def test_luanji_ok_two_spades(play):
    """乱击: 出牌阶段，你可以将任意两张相同花色的手牌当【万箭齐发】使用."""
    out = play(TABLE, [use(1, as_="万箭齐发", cards=["♠7 杀", "♠8 杀"], skill="乱击"),
                       respond(2, "♦2 闪"), respond(3, "♦3 闪"), respond(4, "♦4 闪")],
               hands={1: ["♠7 杀", "♠8 杀"], 2: ["♦2 闪"], 3: ["♦3 闪"], 4: ["♦4 闪"]}, ruleset=RS)
    out.ok()


def test_luanji_ok_twice_in_a_turn(play):
    """乱击: no per-turn limit (notes)."""
    out = play(TABLE, [use(1, as_="万箭齐发", cards=["♠7 杀", "♠8 杀"], skill="乱击"),
                       respond(2, "♦2 闪"), respond(3, "♦3 闪"), respond(4, "♦4 闪"),
                       use(1, as_="万箭齐发", cards=["♥3 桃", "♥4 桃"], skill="乱击"),
                       respond(2, "♦5 闪"), respond(3, "♦6 闪"), respond(4, "♦7 闪")],
               hands={1: ["♠7 杀", "♠8 杀", "♥3 桃", "♥4 桃"], 2: ["♦2 闪", "♦5 闪"], 3: ["♦3 闪", "♦6 闪"],
                      4: ["♦4 闪", "♦7 闪"]}, ruleset=RS)
    out.ok()


def test_luanji_bad_two_suits(play):
    """乱击: 两张相同花色的手牌 (♠ and ♥ differ)."""
    out = play(TABLE, [use(1, as_="万箭齐发", cards=["♠7 杀", "♥3 桃"], skill="乱击")],
               hands={1: ["♠7 杀", "♥3 桃"]}, ruleset=RS)
    out.bad("SGS-P009", 2)


def test_luanji_bad_one_card(play):
    """乱击: 任意两张 … 手牌."""
    out = play(TABLE, [use(1, as_="万箭齐发", cards=["♠7 杀"], skill="乱击")], hands={1: ["♠7 杀"]}, ruleset=RS)
    out.bad("SGS-P009", 2)


def test_luanji_bad_equipment(play):
    """乱击: … 手牌 (an equipped card does not qualify)."""
    out = play(TABLE, [use(1, as_="万箭齐发", cards=["♠7 杀", "♠2 八卦阵"], skill="乱击")],
               hands={1: ["♠7 杀"]}, equip={1: ["♠2 八卦阵"]}, ruleset=RS)
    out.bad("SGS-P009", 2)


EIGHT = ["♠7 杀", "♠8 杀", "♥3 桃", "♥4 桃", "♦2 闪", "♦3 闪", "♦4 闪", "♦5 闪"]


def test_xueyi_ok_keeps_eight_cards(play):
    """血裔: 主公技，锁定技，场上每有一名其他群雄角色存活，你的手牌上限便+2 — 貂蝉 and 吕布: 4 HP + 4."""
    out = play(TABLE, [phase(1, "discard"), turn(2)], phase="play", hands={1: EIGHT}, ruleset=RS)
    out.ok()


def test_xueyi_bad_nine_cards(play):
    """血裔: +2 per other living 群 character, no more (8 is the limit; 9 kept)."""
    out = play(TABLE, [phase(1, "discard"), turn(2)], phase="play", hands={1: [*EIGHT, "♦6 闪"]}, ruleset=RS)
    out.bad("SGS-T004", 3)


def test_xueyi_bad_dead_qun_does_not_count(play):
    """血裔: 每有一名其他群雄角色存活 — 吕布 is dead: the limit is 6."""
    out = play(TABLE, [phase(1, "discard"), discard(1, ["♠7 杀"]), turn(2)], phase="play", hands={1: EIGHT},
               dead=[4], ruleset=RS)
    out.bad("SGS-T004", 4)


def test_xueyi_bad_not_the_lord(play):
    """血裔: 主公技 — only the lord (notes): 袁绍 as a loyalist keeps his HP as the limit."""
    out = play(["刘备", "袁绍", "貂蝉", "吕布"], [phase(2, "discard"), turn(3)], current=2, phase="play",
               hands={2: EIGHT[:6]}, ruleset=RS)
    out.bad("SGS-T004", 3)
