// CLDR plural rules (ICU i18n), for plural variations in string catalogs.
#include "CHowdyICU.h"
#include "i18n.h"

howdy_plural_rules *howdy_plural_open(const char *locale, howdy_icu_status *status) {
    const howdy_i18n_functions *i18n = howdy_i18n();
    if (!i18n) {
        *status = U_MISSING_RESOURCE_ERROR;
        return NULL;
    }
    UErrorCode error = U_ZERO_ERROR;
    UPluralRules *rules = i18n->plural_open(locale, UPLURAL_TYPE_CARDINAL, &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (rules) i18n->plural_close(rules);
        return NULL;
    }
    return (howdy_plural_rules *)rules;
}

// Rules exist only when howdy_plural_open loaded the library, so these need no check.
void howdy_plural_close(howdy_plural_rules *rules) { howdy_i18n()->plural_close((UPluralRules *)rules); }

int32_t howdy_plural_select(const howdy_plural_rules *rules, double number, char *keyword, int32_t capacity,
                            howdy_icu_status *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar buffer[32];
    int32_t length = howdy_i18n()->plural_select((const UPluralRules *)rules, number, buffer, 32, &error);
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
