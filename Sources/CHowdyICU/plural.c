// CLDR plural rules (ICU i18n), for plural variations in string catalogs.
//
// libicui18n is opened with dlopen the first time rules are asked for, not linked: only
// screens with plural strings use it, and loading it at start (relocating a large C++
// library) cost every `howdy` process about 1 MiB and 0.5 ms, a tenth of a one-shot
// `howdy balance`. The library and symbol names are those of the ICU headers built
// against (libicui18n.so.72, uplrules_openForType_72), so the versions match.
#include "CHowdyICU.h"
#include <dlfcn.h>
#include <pthread.h>
#include <unicode/upluralrules.h>
#include <unicode/uvernum.h>

#define HOWDY_STRING_(x) #x
#define HOWDY_STRING(x) HOWDY_STRING_(x)

static struct {
    __typeof__(uplrules_openForType) *open;
    __typeof__(uplrules_close) *close;
    __typeof__(uplrules_select) *select;
} i18n;

static pthread_once_t i18n_once = PTHREAD_ONCE_INIT;

static void i18n_load(void) {
    void *library = dlopen("libicui18n.so." HOWDY_STRING(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    // uplrules_openForType is a macro for the versioned name; HOWDY_STRING expands it first.
    __typeof__(i18n) found = {
        dlsym(library, HOWDY_STRING(uplrules_openForType)),
        dlsym(library, HOWDY_STRING(uplrules_close)),
        dlsym(library, HOWDY_STRING(uplrules_select)),
    };
    if (found.open && found.close && found.select) i18n = found;
}

howdy_plural_rules *howdy_plural_open(const char *locale, howdy_icu_status *status) {
    pthread_once(&i18n_once, i18n_load);
    if (!i18n.open) {
        *status = U_MISSING_RESOURCE_ERROR;
        return NULL;
    }
    UErrorCode error = U_ZERO_ERROR;
    UPluralRules *rules = i18n.open(locale, UPLURAL_TYPE_CARDINAL, &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (rules) i18n.close(rules);
        return NULL;
    }
    return (howdy_plural_rules *)rules;
}

// Rules exist only when howdy_plural_open loaded the library, so these need no check.
void howdy_plural_close(howdy_plural_rules *rules) { i18n.close((UPluralRules *)rules); }

int32_t howdy_plural_select(const howdy_plural_rules *rules, double number, char *keyword, int32_t capacity,
                            howdy_icu_status *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar buffer[32];
    int32_t length = i18n.select((const UPluralRules *)rules, number, buffer, 32, &error);
    *status = error;
    if (U_FAILURE(error)) return -1;
    if (length >= capacity || length > 32) {
        *status = U_BUFFER_OVERFLOW_ERROR;
        return -1;
    }
    // Plural keywords are ASCII (zero, one, two, few, many, other).
    for (int32_t i = 0; i < length; i++) keyword[i] = buffer[i] < 0x80 ? (char)buffer[i] : '?';
    keyword[length] = 0;
    return length;
}
