// Intentionally empty: SwiftPM needs one source file in a C target; the wrappers are inline.
#include "CHowdyICU.h"
