"""颜良文丑: 双雄 (火; ../shared/reference/fire/fire_skills.csv)."""

from skillkit import damage, draw, judge, phase, skill, turn, use

TABLE = ["刘备", "颜良文丑", "许褚", "黄盖"]
RS = "maneuvering"


def test_shuangxiong_ok_judge_then_other_colour_duel(play):
    """双雄: 摸牌阶段，你可以选择放弃摸牌并进行一次判定：你获得此判定牌并且此回合可以将任意一张与该判定牌不同颜色的手牌当【决斗】使用."""
    out = play(TABLE, [phase(2, "draw"), skill(2, "双雄"), judge(2, "♥3 桃", "双雄"), phase(2, "play"),
                       use(2, as_="决斗", cards=["♠7 杀"], skill="双雄", targets=[3]), damage(3, 1, 2),
                       use(2, as_="决斗", cards=["♣8 杀"], skill="双雄", targets=[4]), damage(4, 1, 2)],
               current=2, phase="start", hands={2: ["♠7 杀", "♣8 杀"]}, ruleset=RS)
    out.ok()


def test_shuangxiong_ok_judgement_card_in_hand(play):
    """双雄: 你获得此判定牌 — the red judgement card is 颜良文丑's (here used as itself)."""
    out = play(TABLE, [phase(2, "draw"), skill(2, "双雄"), judge(2, "♥3 桃", "双雄"), phase(2, "play"),
                       use(2, "♥3 桃")],
               current=2, phase="start", hp={2: 3}, ruleset=RS)
    assert not [v for v in out.violations if v.rule in ("SGS-C001", "SGS-T003")], out.describe()


def test_shuangxiong_bad_same_colour(play):
    """双雄: 与该判定牌不同颜色的手牌 (a red card after a red judgement)."""
    out = play(TABLE, [phase(2, "draw"), skill(2, "双雄"), judge(2, "♥3 桃", "双雄"), phase(2, "play"),
                       use(2, as_="决斗", cards=["♦2 闪"], skill="双雄", targets=[3])],
               current=2, phase="start", hands={2: ["♦2 闪"]}, ruleset=RS)
    out.bad("SGS-P009", 6)


def test_shuangxiong_bad_draws_anyway(play):
    """双雄: 放弃摸牌 — no phase draw after it."""
    out = play(TABLE, [phase(2, "draw"), skill(2, "双雄"), judge(2, "♥3 桃", "双雄"),
                       draw(2, ["♦2 闪", "♦3 闪"], reason="phase"), phase(2, "play")],
               current=2, phase="start", ruleset=RS)
    out.bad("SGS-T003")


def test_shuangxiong_bad_next_turn(play):
    """双雄: 此回合 — the conversion ends with the turn."""
    out = play(TABLE, [phase(2, "draw"), skill(2, "双雄"), judge(2, "♥3 桃", "双雄"), phase(2, "play"),
                       turn(3), turn(4), turn(1), turn(2), phase(2, "play"),
                       use(2, as_="决斗", cards=["♠7 杀"], skill="双雄", targets=[3])],
               current=2, phase="start", hands={2: ["♠7 杀"]}, ruleset=RS)
    out.bad("SGS-P009", 11)


def test_shuangxiong_bad_in_play_phase(play):
    """双雄: 摸牌阶段 (not the play phase)."""
    out = play(TABLE, [skill(2, "双雄")], current=2, ruleset=RS)
    out.bad("SGS-S003", 2)
