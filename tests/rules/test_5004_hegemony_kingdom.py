"""SGS-5004 hegemony-kingdom: the first reveal fixes the kingdom, 野心家 when the kingdom would pass half the players.
《三國殺各種模式的規則》 · 二、國戰模式: 國戰場共有4種勢力：魏、蜀、吳、群和一種特殊身份：野心家。"""

from __future__ import annotations

from typing import Any

from tests.hegemony_kit import deal, game, turn

#: three 魏 players of four: the third to reveal is a 野心家 (3 > 4 / 2)
WEI3 = (("曹操", "典韦"), ("许褚", "张辽"), ("司马懿", "郭嘉"), ("刘备", "关羽"))


def _three(kingdom: str) -> list[dict[str, Any]]:
    return [*deal(), *turn(1, reveal={"main": "曹操", "kingdom": "wei"}), *turn(2, reveal={"main": "许褚", "kingdom": "wei"}),
            *turn(3, reveal={"main": "司马懿", "kingdom": kingdom})]


def test_ok_the_third_wei_of_four_is_a_careerist(sgs: Any) -> None:
    game(sgs, _three("careerist"), pairs=WEI3).assert_clean()


def test_flags_the_third_wei_of_four_as_wei(sgs: Any) -> None:
    game(sgs, _three("wei"), pairs=WEI3).assert_flags("SGS-5004", 21, seat=3, only=True)


def test_flags_a_careerist_too_early(sgs: Any) -> None:
    events = [*deal(), *turn(1, reveal={"main": "曹操", "kingdom": "careerist"})]
    game(sgs, events, pairs=WEI3).assert_flags("SGS-5004", 7, seat=1, only=True)


def test_ok_from_nobodys_view(sgs: Any) -> None:
    game(sgs, _three("careerist"), pairs=WEI3, hidden=True).assert_clean()
