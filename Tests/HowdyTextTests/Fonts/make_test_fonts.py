"""Makes the test fonts next to this script from DejaVu Sans 2.37 (Debian's
fonts-dejavu-core): each is cut to a few characters, its layout tables replaced by a
few rules a test needs, and renamed (Bitstream Vera licence: modified fonts must not use
"Bitstream" or "Vera"; the licence stays in the name table, ID 13).

SpaceKernTest.ttf (SpaceKernSubstituteTests): rules that defeat a per-character probe
of "space, next character" kerning. Shaped alone, " T" has no kerning; in " Th" the T
becomes Tcaron and pulls the space in.

    calt: T followed by h becomes Tcaron     (a glyph GSUB makes from context)
    kern: space followed by Tcaron, -600 units

MarkSkipTest.ttf (LooseRuleCacheTests): context rules in a lookup that skips marks
(LookupFlag IgnoreMarks) and reads across a space. GDEF classes the combining accents as
marks, and also the apostrophe and the asterisk: characters Unicode does not call marks,
which the word cache treats as ordinary letters. A rule skipping them can match across a
space with them in between ("x' y", " 'z"), so the word cache has to anchor it through
its loose sets (`SpaceCrossings.looseFirst`, `looseBeforeLast`).

    calt: x before a space then y becomes X  (sub x' space y by X; marks may sit between)
    calt: z after a space becomes Z          (sub space z' by Z)

    python3 make_test_fonts.py   # needs fontTools
"""

import pathlib

from fontTools import subset
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.ttLib import TTFont

SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
HERE = pathlib.Path(__file__).resolve().parent


def make(file: str, name: str, extra: list[int], features) -> None:
    """Writes `file`: DejaVu Sans cut to Basic Latin and `extra`, with `features(cmap)`
    (feature-file text) as its only layout, named `name`."""
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["FFTM"]
    font = TTFont(SOURCE, recalcTimestamp=False)  # the same bytes each time
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=list(range(0x20, 0x7F)) + extra)
    subsetter.subset(font)
    for table in ("GSUB", "GPOS", "GDEF", "kern"):
        if table in font:
            del font[table]
    addOpenTypeFeaturesFromString(
        font, "languagesystem DFLT dflt;\nlanguagesystem latn dflt;\n" + features(font.getBestCmap())
    )
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 16, 18, 21):
            names.setName(name, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(name.replace(" ", ""), 6, record.platformID, record.platEncID, record.langID)
    font.save(HERE / file)


make(
    "SpaceKernTest.ttf",
    "Howdy Space Kern Test",
    [0x164],
    lambda g: f"""feature calt {{ sub {g[0x54]}' {g[0x68]} by {g[0x164]}; }} calt;
feature kern {{ pos {g[0x20]} {g[0x164]} -600; }} kern;
""",
)
make(
    "MarkSkipTest.ttf",
    "Howdy Mark Skip Test",
    [0x300, 0x301],
    lambda g: f"""table GDEF {{ GlyphClassDef , , [{g[0x300]} {g[0x301]} {g[0x27]} {g[0x2A]}], ; }} GDEF;
lookup SkipMarks {{
    lookupflag IgnoreMarks;
    sub {g[0x78]}' {g[0x20]} {g[0x79]} by {g[0x58]};
    sub {g[0x20]} {g[0x7A]}' by {g[0x5A]};
}} SkipMarks;
feature calt {{ lookup SkipMarks; }} calt;
""",
)
