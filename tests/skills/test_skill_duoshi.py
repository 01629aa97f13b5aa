"""陆逊's 國戰 skill 度势 and the card it makes, 以逸待劳 (../shared/reference/hegemony/hegemony_generals.csv,
skill_texts_qsgsheg; the card's text: content/cards.toml). Our 陆逊 keeps 连营; 陆逊国战 (谦逊, 度势) is the 國戰
roster's 陆逊."""

import pytest
from hegkit import LUXUN
from skillkit import discard, draw, phase, roster_ruleset, use

TABLE = [LUXUN, "黄盖", "许褚", "甘宁"]  # 吴: seats 1, 2, 4
DECK = ["♠8 杀", "♠9 杀", "♣2 杀", "♣3 杀", "♣4 杀", "♣5 杀"]


@pytest.fixture
def rs(tmp_path):
    return roster_ruleset(tmp_path, [LUXUN, "黄盖", "许褚", "甘宁", "曹操"])


def await_exhausted(card="♥3 桃", seat=1):
    return use(seat, None, as_="以逸待劳", cards=[card], skill="度势")


def rest(seat, drawn, dropped):
    return [draw(seat, drawn, reason="card"), discard(seat, dropped)]


WU = [*rest(1, DECK[0:2], ["♠8 杀", "♠9 杀"]), *rest(2, DECK[2:4], ["♣2 杀", "♣3 杀"]), *rest(4, DECK[4:6], ["♣4 杀", "♣5 杀"])]


def test_duoshi_ok_each_of_his_kingdom_draws_two_then_discards_two(play, rs):
    """度势: 将一张红色手牌当【以逸待劳】使用; 以逸待劳: 对你和与你势力相同的角色使用，各摸两张牌，然后弃置两张牌."""
    out = play(TABLE, [await_exhausted(), *WU, phase(1, "discard")], hands={1: ["♥3 桃"]}, deck=DECK, ruleset=rs)
    out.ok()


def test_duoshi_ok_four_times(play, rs):
    reds = ["♥3 桃", "♥4 桃", "♥6 桃", "♥7 桃"]
    pile = ["♣2 杀", "♣3 杀", "♣4 杀", "♣5 杀", "♣6 杀", "♣7 杀", "♣8 杀", "♣9 杀", "♣10 杀", "♣J 杀", "♠7 杀", "♠8 杀",
            "♠9 杀", "♠10 杀", "♦6 杀", "♦7 杀"]
    events = []
    for i, c in enumerate(reds):
        mine, theirs = pile[4 * i:4 * i + 2], pile[4 * i + 2:4 * i + 4]
        events += [use(1, None, 1, 2, as_="以逸待劳", cards=[c], skill="度势"),
                   draw(1, mine, reason="card"), discard(1, mine), draw(2, theirs, reason="card"), discard(2, theirs)]
    out = play([LUXUN, "黄盖", "许褚", "曹操"], events, hands={1: reds}, deck=pile, ruleset=rs)
    out.ok()


def test_duoshi_bad_fifth_time(play, rs):
    """度势: 每阶段限四次."""
    reds = ["♥3 桃", "♥4 桃", "♥6 桃", "♥7 桃", "♥8 桃"]
    events = []
    for c in reds:
        events += [use(1, None, as_="以逸待劳", cards=[c], skill="度势"), *[e for s in (1, 2, 4) for e in
                   (draw(s, ["♣2 杀", "♣3 杀"], reason="card"), discard(s, ["♣2 杀", "♣3 杀"]))]]
    out = play(TABLE, events, hands={1: reds}, ruleset=rs)
    out.bad("SGS-P009", 2 + 4 * 7)


def test_duoshi_bad_black_card(play, rs):
    out = play(TABLE, [await_exhausted("♠7 杀")], hands={1: ["♠7 杀"]}, ruleset=rs)
    out.bad("SGS-P009", 2)


def test_duoshi_bad_without_the_skill(play, rs):
    out = play(["陆逊", "黄盖", "许褚", "甘宁"], [await_exhausted()], hands={1: ["♥3 桃"]}, ruleset="maneuvering")
    out.bad("SGS-S001", 2)


def test_await_exhausted_bad_a_target_skipped(play, rs):
    """以逸待劳: each target in turn; seat 2 (吴) draws nothing before seat 4 does."""
    out = play(TABLE, [await_exhausted(), *rest(1, DECK[0:2], ["♠8 杀", "♠9 杀"]),
                       *rest(4, DECK[4:6], ["♣4 杀", "♣5 杀"]), phase(1, "discard")],
               hands={1: ["♥3 桃"]}, deck=DECK, ruleset=rs)
    out.bad("SGS-R001", 5)


def test_await_exhausted_bad_no_discard(play, rs):
    out = play(TABLE, [await_exhausted(), draw(1, DECK[0:2], reason="card"), phase(1, "discard")],
               hands={1: ["♥3 桃"]}, deck=DECK, ruleset=rs)
    out.bad("SGS-D010", 4)


def test_await_exhausted_bad_another_kingdom_targeted(play, rs):
    out = play(TABLE, [use(1, None, 1, 3, as_="以逸待劳", cards=["♥3 桃"], skill="度势")], hands={1: ["♥3 桃"]}, ruleset=rs)
    out.bad("SGS-P004", 2)


def test_await_exhausted_ok_countered_for_one_target(play, rs):
    """无懈可击 counters 以逸待劳 for one target (seat 2): the next one (seat 4) draws and discards."""
    out = play(TABLE, [await_exhausted(), *rest(1, DECK[0:2], ["♠8 杀", "♠9 杀"]), use(3, "♠J 无懈可击"),
                       *rest(4, DECK[2:4], ["♣2 杀", "♣3 杀"]), phase(1, "discard")],
               hands={1: ["♥3 桃"], 3: ["♠J 无懈可击"]}, deck=DECK, ruleset=rs)
    out.ok()


def test_await_exhausted_bad_countered_target_draws(play, rs):
    out = play(TABLE, [await_exhausted(), *rest(1, DECK[0:2], ["♠8 杀", "♠9 杀"]), use(3, "♠J 无懈可击"),
                       *rest(2, DECK[2:4], ["♣2 杀", "♣3 杀"])],
               hands={1: ["♥3 桃"], 3: ["♠J 无懈可击"]}, deck=DECK, ruleset=rs)
    out.bad("SGS-D010", 6)
