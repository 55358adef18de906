// CLDR plural rules (ICU i18n), for plural variations in string catalogs.
#include "CHowdyICU.h"
#include <unicode/upluralrules.h>

howdy_plural_rules *howdy_plural_open(const char *locale, howdy_icu_status *status) {
    UErrorCode error = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_openForType(locale, UPLURAL_TYPE_CARDINAL, &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (rules) uplrules_close(rules);
        return NULL;
    }
    return (howdy_plural_rules *)rules;
}

void howdy_plural_close(howdy_plural_rules *rules) { uplrules_close((UPluralRules *)rules); }

int32_t howdy_plural_select(const howdy_plural_rules *rules, double number, char *keyword, int32_t capacity,
                            howdy_icu_status *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar buffer[32];
    int32_t length = uplrules_select((const UPluralRules *)rules, number, buffer, 32, &error);
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
