// The entry points SwiftPM's link step expects of each fuzz target (see driver.c).
#ifndef HOWDY_FUZZ_DRIVER_H
#define HOWDY_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>
int FuzzSpec_main(int argc, char **argv);
int FuzzFont_main(int argc, char **argv);
int FuzzImage_main(int argc, char **argv);
int FuzzJSONL_main(int argc, char **argv);
#endif
