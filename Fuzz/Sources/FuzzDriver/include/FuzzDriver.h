// The entry points SwiftPM's link step expects of each fuzz target (see driver.c).
#ifndef HOWDY_FUZZ_DRIVER_H
#define HOWDY_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>
int FuzzSpec_main(int argc, char **argv);
int FuzzFont_main(int argc, char **argv);
int FuzzImage_main(int argc, char **argv);
int FuzzJSONL_main(int argc, char **argv);
int FuzzManifest_main(int argc, char **argv);
int FuzzReviewPage_main(int argc, char **argv);
int FuzzTextABI_main(int argc, char **argv);
/// Where the targets write each input when the code under test reads files: /dev/shm
/// when writable, else /tmp.
const char *howdy_fuzz_scratch_folder(void);
#endif
