// Loads ICU's i18n library on first use (see i18n.h for why it is not linked).
#include "i18n.h"
#include <dlfcn.h>
#include <pthread.h>
#include <unicode/uvernum.h>

#define HOWDY_STRING_(x) #x
#define HOWDY_STRING(x) HOWDY_STRING_(x)

static howdy_i18n_functions functions;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libicui18n.so." HOWDY_STRING(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    // The names are macros for the versioned symbols; HOWDY_STRING expands them first.
    howdy_i18n_functions found = {
        dlsym(library, HOWDY_STRING(uplrules_openForType)),
        dlsym(library, HOWDY_STRING(uplrules_close)),
        dlsym(library, HOWDY_STRING(uplrules_select)),
        dlsym(library, HOWDY_STRING(unum_open)),
        dlsym(library, HOWDY_STRING(unum_close)),
        dlsym(library, HOWDY_STRING(unum_formatDouble)),
    };
    if (found.plural_open && found.plural_close && found.plural_select && found.number_open && found.number_close &&
        found.number_format_double) {
        functions = found;
        loaded = 1;
    }
}

const howdy_i18n_functions *howdy_i18n(void) {
    pthread_once(&once, load);
    return loaded ? &functions : NULL;
}
