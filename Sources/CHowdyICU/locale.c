#include "CHowdyICU.h"
#include <string.h>
#include <unicode/uloc.h>

int32_t howdy_locale_maximize(const char *locale, char *out, int32_t capacity, howdy_icu_status *status) {
    UErrorCode error = U_ZERO_ERROR;
    char canonical[ULOC_FULLNAME_CAPACITY];
    // BCP 47 ("de-DE") to ICU's form ("de_DE"); a tag ICU cannot parse is an error.
    int32_t parsed = 0;
    uloc_forLanguageTag(locale, canonical, (int32_t)sizeof canonical, &parsed, &error);
    if (U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING) {
        *status = U_FAILURE(error) ? error : U_BUFFER_OVERFLOW_ERROR;
        return -1;
    }
    int32_t length = uloc_addLikelySubtags(canonical, out, capacity, &error);
    *status = error;
    if (U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) return -1;
    return length;
}

int32_t howdy_locale_is_language_tag(const char *tag) {
    UErrorCode error = U_ZERO_ERROR;
    char canonical[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    uloc_forLanguageTag(tag, canonical, (int32_t)sizeof canonical, &parsed, &error);
    if (U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING) return 0;
    return parsed == (int32_t)strlen(tag) ? 1 : 0;
}
