"""Makes MarkSkipTest.ttf: DejaVu Sans (Debian's fonts-dejavu-core) cut to Basic Latin and
the combining grave and acute accents, its layout tables replaced by context rules in a
lookup that skips marks (LookupFlag IgnoreMarks) and reads across a space:

    x before a space then y becomes X    (sub x' space y by X; marks may sit between)
    z after a space becomes Z            (sub space z' by Z)

GDEF classes the combining accents as marks, and also the apostrophe and the asterisk:
characters Unicode does not call marks, which the word cache treats as ordinary letters
(a word holding one keeps its glyphs in line with its characters). A rule skipping them
can match across a space with them in between ("x' y", "'z"), so the word cache's
analysis has to anchor it through its loose sets (`SpaceCrossings.looseFirst`,
`looseBeforeLast`); no bundled font has one. Renamed (Bitstream Vera licence: modified fonts must not use
"Bitstream" or "Vera").

    python3 make_mark_skip_font.py   # needs fontTools; writes next to itself
"""

import pathlib

from fontTools import subset
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.ttLib import TTFont

SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
OUT = pathlib.Path(__file__).resolve().parent / "MarkSkipTest.ttf"
NAME = "Howdy Mark Skip Test"

options = subset.Options()
options.layout_features = []
options.name_IDs = ["*"]
options.notdef_outline = True
options.drop_tables += ["FFTM"]
font = TTFont(SOURCE)
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=list(range(0x20, 0x7F)) + [0x300, 0x301])
subsetter.subset(font)
for table in ("GSUB", "GPOS", "GDEF", "kern"):
    if table in font:
        del font[table]
g = font.getBestCmap()
addOpenTypeFeaturesFromString(
    font,
    f"""languagesystem DFLT dflt;
languagesystem latn dflt;
table GDEF {{ GlyphClassDef , , [{g[0x300]} {g[0x301]} {g[0x27]} {g[0x2A]}], ; }} GDEF;
lookup SkipMarks {{
    lookupflag IgnoreMarks;
    sub {g[0x78]}' {g[0x20]} {g[0x79]} by {g[0x58]};
    sub {g[0x20]} {g[0x7A]}' by {g[0x5A]};
}} SkipMarks;
feature calt {{ lookup SkipMarks; }} calt;
""",
)
names = font["name"]
for record in list(names.names):
    if record.nameID in (1, 3, 4, 16, 18, 21):
        names.setName(NAME, record.nameID, record.platformID, record.platEncID, record.langID)
    elif record.nameID == 6:
        names.setName(NAME.replace(" ", ""), 6, record.platformID, record.platEncID, record.langID)
font.save(OUT)
