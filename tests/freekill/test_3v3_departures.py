"""``freekill-3v3`` takes FreeKill's engine-wide departures from the one file the FreeKill rulesets
share (``content/rulesets/departures/freekill.toml``), over its own base ``3v3-2013``: the same engine
plays every mode. 反间 as FreeKill's 3v3 mode records it (the card taken, then the damage) was a false
alarm (SGS-R006) while ``freekill-3v3`` had only the rulebook's order."""

from __future__ import annotations

import tomllib
from pathlib import Path

from fkrec import HAND, PREY
from test_3v3_skills import clean, convert, game

from sgs_replay import content
from sgs_replay.formats.reader import parse_bytes
from sgs_replay.replay.validate import validate_parsed

DEPARTURES = content._ruleset_dir().joinpath("departures", "freekill.toml")


def test_every_freekill_ruleset_takes_the_engine_departures() -> None:
    shared = tomllib.loads(DEPARTURES.read_text(encoding="utf-8"))
    assert "fanjian_order" in shared and "lord_choices" not in shared  # engine-wide, not the identity mode's
    for name in ("freekill-standard", "freekill-maneuvering", "freekill-3v3"):
        params = content.ruleset(name).params
        assert {k: params.get(k) for k in shared} == shared, name
    assert content.ruleset("freekill-3v3").mode == "3v3" and content.ruleset("freekill-3v3").p.kill_reward == 2


def test_fanjian_in_the_3v3_mode() -> None:
    """周瑜 (seat 1) 反间 on 马超 (seat 4): FreeKill gives the card, then deals the damage."""
    rec = game("zhouyu", "sunquan", "zhangfei", "machao", "caocao", "huatuo")
    rec.unit(1)
    rec.begin(1, [189, 190])
    rec.invoke(1, "fanjian", to=[4])
    rec.move([161], HAND, PREY, frm=1, to=4, skill="fanjian", proposer=4)
    rec.damage(4, 1)
    rec.focus(1)
    rec.end(1, discard=[162, 163])
    clean(rec)
    _, _, text = convert(rec)
    rulebook = validate_parsed(parse_bytes(text, "<3v3>"), "3v3-2013").report.violations
    assert "SGS-R006" in {v.rule for v in rulebook}  # the rulebook's order: the damage first


def test_a_departures_file_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "house.toml"
    f.write_text('name = "house"\ninherits = "standard"\ndepartures = "nosuchengine"\n', encoding="utf-8")
    try:
        content.ruleset(str(f), allow_path=True)
    except content.RulesetError as exc:
        assert "house.toml:3" in str(exc) and "freekill" in str(exc)
    else:
        raise AssertionError("an unknown departures file was accepted")
