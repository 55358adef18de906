// SwiftPM links each executable with `--defsym main=<Target>_main` (so executables can be
// tested), and `-parse-as-library` (which libFuzzer needs) leaves that symbol undefined.
// These entry points hand control to libFuzzer's driver with the target's
// LLVMFuzzerTestOneInput, as libFuzzer's own main() would.
#include "FuzzDriver.h"
#include <unistd.h>

extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t));

#define HOWDY_FUZZ_MAIN(target) \
    int target##_main(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }

HOWDY_FUZZ_MAIN(FuzzSpec)
HOWDY_FUZZ_MAIN(FuzzFont)
HOWDY_FUZZ_MAIN(FuzzImage)
HOWDY_FUZZ_MAIN(FuzzJSONL)
HOWDY_FUZZ_MAIN(FuzzManifest)
HOWDY_FUZZ_MAIN(FuzzReviewPage)
HOWDY_FUZZ_MAIN(FuzzTextABI)

const char *howdy_fuzz_scratch_folder(void) {
    // /dev/shm when there is one: the targets write every input to a file, and a disk
    // write per run would be most of the time spent.
    return access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
}
