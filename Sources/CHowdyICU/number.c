// Locale number formatting (ICU i18n): digits, separators and grouping of the locale,
// for the numbers a String Catalog's %lld placeholders show.
#include "CHowdyICU.h"
#include "i18n.h"

howdy_number_format *howdy_number_open(const char *locale, howdy_icu_status *status) {
    const howdy_i18n_functions *i18n = howdy_i18n();
    if (!i18n) {
        *status = U_MISSING_RESOURCE_ERROR;
        return NULL;
    }
    UErrorCode error = U_ZERO_ERROR;
    UNumberFormat *format = i18n->number_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (format) i18n->number_close(format);
        return NULL;
    }
    return (howdy_number_format *)format;
}

// Formats exist only when howdy_number_open loaded the library, so these need no check.
void howdy_number_close(howdy_number_format *format) { howdy_i18n()->number_close((UNumberFormat *)format); }

int32_t howdy_number_format_double(const howdy_number_format *format, double number, uint16_t *output,
                                   int32_t capacity, howdy_icu_status *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = howdy_i18n()->number_format_double((const UNumberFormat *)format, number, (UChar *)output, capacity, NULL, &error);
    *status = error;
    if (U_FAILURE(error) || length > capacity) return -1;
    return length;
}
