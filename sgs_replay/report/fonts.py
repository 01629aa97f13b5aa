"""A CJK font inside the HTML reports, so they read the same on a machine without Chinese fonts.

A report's Chinese (card names, passages, generals) would be boxes in a browser with no CJK font. The
HTML outputs therefore carry their own font: Noto Sans CJK SC (SIL Open Font License), cut down with
fontTools to the characters the page uses (a few hundred glyphs, tens of kilobytes) and embedded as
a ``data:`` URL. The font file is read from the machine that writes the report
(``apt-get install fonts-noto-cjk``, or the file named by ``SGS_REPLAY_CJK_FONT``); without it the
page names the font and falls back to the reader's own.
"""

from __future__ import annotations

import base64
import io
import os
from functools import cache
from pathlib import Path

#: the family name the embedded face is declared under (the CSS of every HTML output names it first)
FAMILY = "SGS Noto Sans CJK"
CSS_STACK = f"'{FAMILY}', 'Noto Sans CJK SC', system-ui, sans-serif"
CANDIDATES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf",
)


def font_file() -> Path | None:
    """The CJK font to embed: ``SGS_REPLAY_CJK_FONT``, else the first of the usual paths present."""
    env = os.environ.get("SGS_REPLAY_CJK_FONT")
    for p in ([env] if env else []) + list(CANDIDATES):
        if p and Path(p).is_file():
            return Path(p)
    return None


@cache
def _load(path: str) -> bytes:
    return Path(path).read_bytes()


def _simplified_index(path: Path) -> int:
    """In a collection, the face for simplified Chinese (its family name ends in SC)."""
    from fontTools.ttLib import TTCollection

    if path.suffix.lower() != ".ttc":
        return 0
    coll = TTCollection(io.BytesIO(_load(str(path))), lazy=True)
    for i, f in enumerate(coll.fonts):
        name = f["name"].getDebugName(1) or ""
        if name.endswith(" SC") and "Mono" not in name:
            return i
    return 0


#: the OpenType features kept: Latin kerning and ligatures, composed characters and marks. The pages set
#: horizontal simplified Chinese in the SC face, so its vertical forms and the other regions' glyphs (the
#: ``vert`` and ``locl`` alternates, which would nearly treble the glyphs kept and the time to cut them)
#: would never be drawn
FEATURES = ["kern", "liga", "calt", "ccmp", "mark", "mkmk"]


@cache
def _subset(path: str, chars: str) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    p = Path(path)
    # the bounding boxes are the whole font's (still bounds; measuring every kept glyph again costs a
    # third of the time) and the timestamp the font file's: the same text gives the same bytes. Lazy: the
    # tables of 65,000 glyphs are read only as far as the subset needs (a third less time, the same bytes)
    font = TTFont(io.BytesIO(_load(path)), fontNumber=_simplified_index(p), lazy=True, recalcBBoxes=False,
                  recalcTimestamp=False)
    opts = subset.Options()
    opts.layout_features = list(FEATURES)
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    opts.drop_tables += ["DSIG"]
    sub = subset.Subsetter(opts)
    sub.populate(text=chars)
    sub.subset(font)
    font.flavor = "woff"  # zlib-compressed (WOFF 1 needs nothing beyond the standard library)
    out = io.BytesIO()
    font.save(out, reorderTables=False)
    return out.getvalue()


def font_face(text: str) -> str:
    """The ``@font-face`` rule of the CJK font cut to the characters of ``text`` ("" without a font file).

    Every character of the page is kept, Latin ones and the space too (a fresh machine may have no font
    at all); the same text gives the same bytes."""
    path = font_file()
    chars = "".join(sorted({c for c in text if not c.isspace()} | {" ", "\u00a0"}))
    if path is None or not chars:
        return ""
    try:
        data = _subset(str(path), chars)
    except Exception:  # noqa: BLE001 - an unreadable font: the page falls back to the reader's fonts
        return ""
    b64 = base64.b64encode(data).decode("ascii")
    return (f"@font-face {{ font-family: '{FAMILY}'; font-weight: 100 900; "
            f"src: url(data:font/woff;base64,{b64}) format('woff'); }}")


def embed(html: str, extra: str = "") -> str:
    """``html`` with the subset font declared in its head (the page's CSS names :data:`FAMILY`), cut to
    the characters of ``html`` and of ``extra`` (the text of a page around it that reuses this face)."""
    face = font_face(html + extra)
    if not face:
        return html
    return html.replace("</head>", f"<style>{face}</style></head>", 1)
