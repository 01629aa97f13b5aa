"""SGS-5007 aozhan-peach: 《三國殺各種模式的規則》 · 三、鏖戰模式: 當游戲中僅剩四名或更少角色時（七人以下游戲時為三名或更少），
若此時全場沒有超過一名勢力相同的角色，則從一個新的回合開始，游戲進入鏖戰模式直至游戲結束。…在鏖戰模式中，桃只能當做殺或閃使用或打出，不能用來回復體力。"""

from __future__ import annotations

from typing import Any

from tests.conftest import validate_text
from tests.hegemony_kit import PAIRS, players

PEACH = "♥3 桃"


def _run(sgs: Any, play: list[dict[str, Any]], *, ruleset: str = "hegemony-aozhan", dead: tuple[int, ...] = (4,),
         mode: str = "hegemony") -> Any:
    start = sgs.start(4, hands={1: [PEACH, "♥4 桃"], 2: ["♦9 闪"]}, hp={1: 2}, dead=dead, current=None, phase=None)
    ps = players(PAIRS) if mode == "hegemony" else sgs.identity_players((("曹操", "lord"), ("刘备", "rebel"),
                                                                         ("孙权", "renegade"), ("吕布", "loyalist")))
    header = sgs.header(ps, mode=mode, ruleset=ruleset, start=start)
    turn = [{"type": "turn", "seat": 1}, {"type": "phase", "seat": 1, "phase": "start"},
            {"type": "phase_skip", "seat": 1, "phase": "draw", "reason": "test"}, {"type": "phase", "seat": 1, "phase": "play"}]
    return validate_text(sgs.text(header, [*turn, *play]))


RECOVER = [{"type": "use", "seat": 1, "card": PEACH, "targets": [1]}, {"type": "recover", "seat": 1, "amount": 1, "card": PEACH}]
AS_SLASH = [{"type": "use", "seat": 1, "as": "杀", "cards": [PEACH], "skill": "鏖戰", "targets": [2]},
            {"type": "pass", "seat": 2},
            {"type": "damage", "source": 1, "target": 2, "amount": 1, "card": PEACH}]


def test_ok_a_peach_as_slash_in_aozhan(sgs: Any) -> None:
    _run(sgs, AS_SLASH).assert_clean()


def test_ok_a_peach_before_aozhan(sgs: Any) -> None:
    """Four alive of four: more than three (七人以下: 三名或更少), no 鏖戰 yet."""
    _run(sgs, RECOVER, dead=()).assert_clean()


def test_ok_a_peach_without_the_mode(sgs: Any) -> None:
    _run(sgs, RECOVER, ruleset="hegemony").assert_clean()


def test_flags_a_peach_to_recover_in_aozhan(sgs: Any) -> None:
    _run(sgs, RECOVER).assert_flags("SGS-5007", 6, seat=1)


def test_flags_a_peach_as_slash_before_aozhan(sgs: Any) -> None:
    out = _run(sgs, AS_SLASH, dead=())
    assert out.violations and out.violations[0].line == 6, out.describe()


def test_flags_a_peach_in_identity_mode_under_the_house_rule(sgs: Any, tmp_path: Any) -> None:
    rules = tmp_path / "house-aozhan.toml"
    rules.write_text('name = "house-aozhan"\ninherits = "standard"\naozhan = true\n', encoding="utf-8")
    out = _run(sgs, RECOVER, ruleset=str(rules), mode="identity")
    out.assert_flags("SGS-5007", 6, seat=1)
