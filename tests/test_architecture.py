"""The house rules of the code base: the engine core names no card and no skill, and the layers
import only downwards."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from sgs_replay import content
from sgs_replay.content import card_kinds

PKG = Path(__file__).resolve().parent.parent / "sgs_replay"
#: the engine's core: every module directly in engine/ (the card definitions are engine/cards/)
CORE = sorted(str(p.relative_to(PKG)) for p in (PKG / "engine").glob("*.py"))


def _code_strings(path: Path) -> str:
    """The file's code with comments and docstrings left out (names there are documentation)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return "\n".join(n.value for n in ast.walk(tree)
                     if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings)


def test_the_engine_core_names_no_card_and_no_skill() -> None:
    names = {s.name for s in content.skills().values()} | set(card_kinds.BY_NAME)
    for rel in CORE:
        text = _code_strings(PKG / rel)
        found = sorted(n for n in names if n in text)
        assert not found, f"{rel} names {found}: put it in a card or skill definition"


def test_the_engine_core_counts_no_card_by_name() -> None:
    """No counter, limit or window of the core is a card's (``slashes``, ``slash_limit``, ``CARD.slash``): it asks
    the card's declarations (uses per phase, what it demands, how its effect resolves)."""
    for rel in CORE:
        tree = ast.parse((PKG / rel).read_text(encoding="utf-8"))
        found = sorted({n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else n.name
                        for n in ast.walk(tree)
                        if (isinstance(n, ast.Name) and "slash" in n.id.lower())
                        or (isinstance(n, ast.Attribute) and "slash" in n.attr.lower())
                        or (isinstance(n, (ast.FunctionDef, ast.ClassDef)) and "slash" in n.name.lower())})
        assert not found, f"{rel} names {found}: declare it with the card (engine/cards/)"


def test_the_engine_names_no_skill_and_no_weapon_or_armour_outside_their_definitions() -> None:
    """Every engine file but the equipment definitions: a skill or a weapon's or armour's effect lives
    in its own definition (hooks, effect rules, modifiers, conversions), never in a generic frame."""
    skills = {s.name for s in content.skills().values()}
    equipment = {n for n, k in card_kinds.BY_NAME.items() if k.subtype in ("weapon", "armor")}
    definitions = {PKG / "engine" / "cards" / "equipment.py"}
    equipment_ids = {k.en for k in card_kinds.BY_NAME.values() if k.subtype in ("weapon", "armor")}
    for path in _modules("engine"):
        if path in definitions:
            continue
        text = _code_strings(path)
        found = sorted(n for n in skills | equipment if n in text)
        found += sorted(f"{ns}.{attr}" for ns, attr in _name_ids(path) if ns == "SKILL" or attr in equipment_ids)
        assert not found, f"{path.relative_to(PKG)} names {found}: put it in the skill's or the card's definition"


def _name_ids(path: Path) -> set[tuple[str, str]]:
    """The ``CARD.<id>`` and ``SKILL.<id>`` a file refers to (content.names)."""
    return {(n.value.id, n.attr) for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in ("CARD", "SKILL")}


def test_code_names_cards_and_skills_by_their_ascii_ids() -> None:
    """The engine and the skills refer to a card or a skill by its id (``CARD.slash``,
    ``SKILL.kongcheng``); the printed names are data. Every id used exists."""
    from sgs_replay.content.names import CARD, SKILL

    names = {s.name for s in content.skills().values()} | set(card_kinds.BY_NAME)
    for path in [*_modules("engine"), *_modules("skills")]:
        text = _code_strings(path)
        literal = sorted(n for n in names if any(c == n for c in text.split("\n")))
        assert not literal, f"{path.relative_to(PKG)} spells {literal}: use CARD.<id> / SKILL.<id>"
        for ns, attr in _name_ids(path):
            getattr(CARD if ns == "CARD" else SKILL, attr)


def _imports(path: Path) -> set[str]:
    """Every sgs_replay module a file imports (at module level or inside a function)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sgs_replay"):
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("sgs_replay"))
    return out


def _modules(folder: str) -> list[Path]:
    return sorted((PKG / folder).rglob("*.py"))


def test_the_engine_does_not_import_the_skills() -> None:
    """Skills are a plug-in one floor above the engine (engine/plugins.py loads them by name)."""
    for path in _modules("engine"):
        bad = sorted(m for m in _imports(path) if re.match(r"sgs_replay\.skills(\.|$)", m))
        assert not bad, f"{path.relative_to(PKG)} imports {bad}"


def test_the_engine_and_the_rules_do_not_import_the_outer_layers() -> None:
    outer = r"sgs_replay\.(store|report|dashboards|cli|importers|explain|ci_formats|simulate)(\.|$)"
    for folder in ("engine", "rules", "content", "skills", "modes"):
        for path in _modules(folder):
            bad = sorted(m for m in _imports(path) if re.match(outer, m))
            assert not bad, f"{path.relative_to(PKG)} imports {bad}"


def test_the_reader_imports_no_importer() -> None:
    """Importers register a sniffer with the reader (reader.register_source); the reader loads them by name."""
    bad = sorted(m for m in _imports(PKG / "formats" / "reader.py") if re.match(r"sgs_replay\.importers(\.|$)", m))
    assert not bad, f"reader.py imports {bad}"


def test_the_store_only_loads_records() -> None:
    """The store is below the pipeline: it never reads, validates or replays a log."""
    below = r"sgs_replay\.(pipeline|records|replay|reader|importers|engine|skills)(\.|$)"
    for path in _modules("store"):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        typing_only = set()
        for node in ast.walk(tree):  # imports under `if TYPE_CHECKING:` are types, not a dependency
            if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
                typing_only.update(id(n) for n in ast.walk(node))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and id(node) not in typing_only and node.module:
                assert not re.match(below, node.module), f"{path.relative_to(PKG)} imports {node.module}"


def test_every_skill_declares_its_timing() -> None:
    """Each skill of the rosters names the rulebook's moment it acts at (回合开始阶段, 受到伤害后,
    判定牌生效前 …, or 始终 for a locked skill's lasting effect), in its own definition."""
    from sgs_replay.engine import plugins
    from sgs_replay.engine.skills import SPECS
    from sgs_replay.engine.timing import timing_of

    plugins.load()
    missing = sorted(s.id for s in content.skills().values() if s.id in SPECS and SPECS[s.id].timing is None)
    assert not missing, f"skills with no timing: {missing}"
    assert all(timing_of(s.name) is SPECS[s.id].timing for s in content.skills().values() if s.id in SPECS)


def test_the_store_judges_nothing() -> None:
    """The checks across games (3v3 matches) are the pipeline's: the store neither imports the match
    checks nor the rules, and only inserts the rows it is handed."""
    judging = r"sgs_replay\.(match|rules|oracle|identity)(\.|$)"
    for path in _modules("store"):
        bad = sorted(m for m in _imports(path) if re.match(judging, m))
        assert not bad, f"{path.relative_to(PKG)} imports {bad}"
        assert "check_matches" not in path.read_text(encoding="utf-8"), path.relative_to(PKG)
