// libpng reports errors with longjmp, which must never cross Swift frames. The
// encode/decode entry points live here, behind setjmp, and return error codes.
#ifndef CHOWDY_PNG_H
#define CHOWDY_PNG_H
#include <stdint.h>
#include <stddef.h>
#endif
