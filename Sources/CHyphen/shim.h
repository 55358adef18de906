// libhyphen (Debian libhyphen-dev) ships no pkg-config file, so this module map names
// the header and the library itself.
#include <hyphen.h>
