"""Makes SpaceKernTest.ttf: DejaVu Sans (Debian's fonts-dejavu-core) cut to Basic Latin
and U+0164, its layout tables replaced by two rules that together defeat a per-character
probe of "space, next character" kerning:

    calt: T followed by h becomes Tcaron     (a glyph GSUB makes from context)
    kern: space followed by Tcaron, -600 units

Shaped alone, " T" has no kerning; in " Th" the T becomes Tcaron and pulls the space in.
Renamed (Bitstream Vera licence: modified fonts must not use "Bitstream" or "Vera").

    python3 make_space_kern_font.py   # needs fontTools; writes next to itself
"""

import pathlib

from fontTools import subset
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.ttLib import TTFont

SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
OUT = pathlib.Path(__file__).resolve().parent / "SpaceKernTest.ttf"
NAME = "Howdy Space Kern Test"

options = subset.Options()
options.layout_features = []
options.name_IDs = ["*"]
options.notdef_outline = True
options.drop_tables += ["FFTM"]
font = TTFont(SOURCE)
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=list(range(0x20, 0x7F)) + [0x164])
subsetter.subset(font)
for table in ("GSUB", "GPOS", "GDEF", "kern"):
    if table in font:
        del font[table]
cmap = font.getBestCmap()
addOpenTypeFeaturesFromString(
    font,
    f"""languagesystem DFLT dflt;
languagesystem latn dflt;
feature calt {{ sub {cmap[0x54]}' {cmap[0x68]} by {cmap[0x164]}; }} calt;
feature kern {{ pos {cmap[0x20]} {cmap[0x164]} -600; }} kern;
""",
)
names = font["name"]
for record in list(names.names):
    if record.nameID in (1, 3, 4, 16, 18, 21):
        names.setName(NAME, record.nameID, record.platformID, record.platEncID, record.langID)
    elif record.nameID == 6:
        names.setName(NAME.replace(" ", ""), 6, record.platformID, record.platEncID, record.langID)
font.save(OUT)
