"""A test ruleset for the 國戰 generals' skills in identity mode: 军争 (maneuvering) with the new
generals in its roster (../shared/reference/hegemony/hegemony_generals.csv, skill_texts_qsgsheg)."""

from __future__ import annotations

from pathlib import Path

NEW = ["鲁肃", "张昭张纮", "丁奉", "蔡文姬", "纪灵", "潘凤"]
OTHERS = ["刘备", "许褚", "黄盖", "甘宁", "孙权", "曹操", "陆逊", "张飞", "关羽", "大乔", "吕布", "诸葛亮", "曹仁"]


def heg_ruleset(tmp: Path, name: str = "heg-skills") -> str:
    """The ruleset file, written under ``tmp``; its path is the header's ``ruleset``."""
    rs = tmp / f"{name}.toml"
    roster = ", ".join(f'"{g}"' for g in NEW + OTHERS)
    rs.write_text(f'inherits = "maneuvering"\nname = "{name}"\n[roster]\ngenerals = [{roster}]\n', encoding="utf-8")
    return str(rs)


#: 陆逊's 國戰 card (谦逊, 度势): our 陆逊 keeps 连营; the 國戰 roster maps 陆逊 to this one
LUXUN = "陆逊国战"
