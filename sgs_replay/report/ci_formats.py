"""Machine-readable results of ``sgs-replay validate`` for scripts and CI pipelines.

- ``json``: one stable object for one file or many: ``files`` (one spec §7 report each),
  ``unreadable`` (``{"file", "error"}``) and ``matches`` (3v3 matches, when the files hold one).
  When exactly one file is given its report's fields are also at the top level, so a consumer of
  the spec §7 object keeps working.
- ``sarif``: SARIF 2.1.0, one result per violation, located at the file and line, so a repository
  of tournament logs can show violations inline.
- ``junit``: JUnit XML, one test case per file and one failing case per violation.
"""

from __future__ import annotations

import json
from typing import Any

from sgs_replay import rules as _rules


def stable_json(reports: list[dict[str, Any]], unreadable: list[dict[str, str]], matches: list[dict[str, Any]],
                *, single: bool) -> str:
    out: dict[str, Any] = {}
    if single and len(reports) == 1 and not unreadable:
        out.update(reports[0])
    out.update({"files": reports, "unreadable": unreadable, "matches": matches})
    return json.dumps(out, ensure_ascii=False, indent=1)


def sarif(reports: list[dict[str, Any]], unreadable: list[dict[str, str]], version: str) -> str:
    from sgs_replay.rules import catalogue as _  # noqa: F401  (registers the rules)

    used = sorted({v["rule"] for r in reports for v in r["violations"]})
    rule_index = {rid: i for i, rid in enumerate(used)}
    rules = []
    for rid in used:
        r = _rules.REGISTRY.get(rid)
        rules.append({
            "id": rid, "name": r.title if r else rid,
            "shortDescription": {"text": r.en if r else rid},
            "fullDescription": {"text": (r.what.replace("`", "") if r else rid)},
            "help": {"text": f"{r.zh} — {r.cite}: {r.quote}" if r else rid},
            "properties": {"kind": str(r.kind) if r else ""},
        })
    results = []
    for rep in reports:
        for v in rep["violations"]:
            results.append({
                "ruleId": v["rule"], "ruleIndex": rule_index[v["rule"]], "level": "error",
                "message": {"text": v["message"].replace("`", "")},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(rep["file"])},
                                                    "region": {"startLine": max(int(v["line"]), 1)}}}],
                "properties": {"kind": v["kind"], "seat": v["seat"], "expected": v["expected"],
                               "observed": v["observed"], "cite": v.get("cite"), "quote": v.get("quote")},
            })
    notes = [{"level": "error", "message": {"text": u["error"]},
              "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(u["file"])}}}]} for u in unreadable]
    damaged = [r for r in reports if damage(r)]
    notes += [{"level": "error", "message": {"text": damage(r)},
               "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(r["file"])}}}]} for r in damaged]
    doc = {"version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "sgs-replay", "version": version, "rules": rules}},
        "invocations": [{"executionSuccessful": not unreadable and not damaged, "toolExecutionNotifications": notes}],
        "results": results,
    }]}
    return json.dumps(doc, ensure_ascii=False, indent=1)


def damage(rep: dict[str, Any]) -> str:
    """What makes a converted recording damaged (import problems, engine desyncs), or ""."""
    problems, desyncs = rep.get("import_problems") or [], rep.get("desyncs") or []
    parts = [f"{len(problems)} import problem(s), first: {problems[0]}" if problems else "",
             f"{len(desyncs)} engine desync(s)" if desyncs else ""]
    said = "; ".join(p for p in parts if p)
    return f"damaged recording: {said} — no verdict of clean" if said else ""


def _uri(path: str) -> str:
    return path.replace("\\", "/")


def junit(reports: list[dict[str, Any]], unreadable: list[dict[str, str]]) -> str:
    import xml.etree.ElementTree as ET

    damaged = {r["file"]: damage(r) for r in reports if damage(r)}
    total = sum(max(len(r["violations"]), 1) for r in reports) + len(unreadable) + len(damaged)
    failures = sum(len(r["violations"]) for r in reports)
    root = ET.Element("testsuites", name="sgs-replay", tests=str(total), failures=str(failures),
                      errors=str(len(unreadable) + len(damaged)))
    for rep in reports:
        hurt = damaged.get(rep["file"])
        suite = ET.SubElement(root, "testsuite", name=rep["file"],
                              tests=str(max(len(rep["violations"]), 1) + bool(hurt)),
                              failures=str(len(rep["violations"])), errors=str(int(bool(hurt))))
        if hurt:  # a damaged recording is never a passing suite
            case = ET.SubElement(suite, "testcase", classname=rep["file"], name="recording intact")
            ET.SubElement(case, "error", type="damaged", message=hurt)
        if not rep["violations"]:
            ET.SubElement(suite, "testcase", classname=rep["file"], name="all rules")
        for v in rep["violations"]:
            case = ET.SubElement(suite, "testcase", classname=rep["file"], name=f"line {v['line']}: {v['rule']}")
            fail = ET.SubElement(case, "failure", type=v["kind"], message=v["message"].replace("`", ""))
            fail.text = "\n".join(x for x in (
                f"{rep['file']}:{v['line']}: {v['rule']} {v['kind']}",
                f"expected: {v['expected']}" if v["expected"] is not None else "",
                f"observed: {v['observed']}" if v["observed"] is not None else "",
                f"reference: {v.get('cite')}" if v.get("cite") else "",
                f"passage: {v.get('quote')}" if v.get("quote") else "") if x)
    for u in unreadable:
        suite = ET.SubElement(root, "testsuite", name=u["file"], tests="1", failures="0", errors="1")
        case = ET.SubElement(suite, "testcase", classname=u["file"], name="readable")
        ET.SubElement(case, "error", type="unreadable", message=u["error"])
    ET.indent(root)
    from sgs_replay.formats.safe import xml_text

    # a value from a log may hold characters XML forbids (NUL, ESC …): escaped, so the XML is well formed
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + xml_text(ET.tostring(root, encoding="unicode"))
