"""A test ruleset for the 國戰 generals' skills in identity mode: 军争 (maneuvering) with the new
generals in its roster (../shared/reference/hegemony/hegemony_generals.csv, skill_texts_qsgsheg)."""

from __future__ import annotations

from pathlib import Path

from skillkit import roster_ruleset

NEW = ["鲁肃", "张昭张纮", "丁奉", "蔡文姬", "纪灵", "潘凤"]
OTHERS = ["刘备", "许褚", "黄盖", "甘宁", "孙权", "曹操", "陆逊", "张飞", "关羽", "大乔", "吕布", "诸葛亮", "曹仁"]


def heg_ruleset(tmp: Path, name: str = "heg-skills") -> str:
    """The ruleset file, written under ``tmp``; its path is the header's ``ruleset``."""
    return roster_ruleset(tmp, NEW + OTHERS, name=name)


#: 陆逊's 國戰 card (谦逊, 度势): our 陆逊 keeps 连营; the 國戰 roster maps 陆逊 to this one
LUXUN = "陆逊国战"
