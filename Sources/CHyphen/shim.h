// libhyphen (Debian libhyphen-dev) ships no pkg-config file, so this module map names
// the header and the library itself.
#include <hyphen.h>

#include <stdlib.h>

// Typed allocations for an automaton read from HowdyText's cache file. libhyphen frees
// every part with free(), so they come from malloc/calloc; allocating them here, with C's
// types, spares Swift a memory rebinding of each raw pointer.
static inline HyphenDict *howdy_hyphen_dict_calloc(void) { return (HyphenDict *)calloc(1, sizeof(HyphenDict)); }
static inline HyphenState *howdy_hyphen_states_calloc(size_t count) {
    return (HyphenState *)calloc(count, sizeof(HyphenState));
}
static inline HyphenTrans *howdy_hyphen_trans_malloc(size_t count) {
    return (HyphenTrans *)malloc(count * sizeof(HyphenTrans));
}
static inline char *howdy_hyphen_chars_malloc(size_t count) { return (char *)malloc(count); }
