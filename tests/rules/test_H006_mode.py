"""SGS-H006 mode: the header's mode matches the ruleset's mode."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("ruleset", ["3v3-2010", "3v3-2011", "3v3-2012", "3v3-2013"])
def test_ok_3v3_rulesets(sgs: Any, ruleset: str) -> None:
    sgs.three_v_three([], ruleset=ruleset, current=None, phase=None).assert_clean()


def test_flags_identity_header_with_3v3_ruleset(sgs: Any) -> None:
    out = sgs.identity([], ruleset="3v3-2013")
    out.assert_flags("SGS-H006", line=1)


def test_flags_3v3_header_with_standard_ruleset(sgs: Any) -> None:
    out = sgs.three_v_three([], ruleset="standard", current=None, phase=None)
    out.assert_flags("SGS-H006", line=1)
