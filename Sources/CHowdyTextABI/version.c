// The version string comes from the header's macros, so the library and howdytext.h
// cannot disagree about it.
#include "howdytext.h"

const char *howdytext_version(void) { return HOWDYTEXT_VERSION_STRING; }
