#include "CHowdyPNG.h"
#include <png.h>
