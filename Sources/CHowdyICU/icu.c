#include "CHowdyICU.h"
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>
#include <stdatomic.h>

const char *howdy_icu_status_name(howdy_icu_status status) { return u_errorName((UErrorCode)status); }

int32_t howdy_icu_major_version(void) { return U_ICU_VERSION_MAJOR_NUM; }

howdy_break_iterator *howdy_break_open(int32_t kind, const char *locale, howdy_icu_status *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *iterator =
        ubrk_open(kind == HOWDY_BREAK_LINE ? UBRK_LINE : kind == HOWDY_BREAK_WORD ? UBRK_WORD : UBRK_CHARACTER, locale, NULL,
                  0, &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    return (howdy_break_iterator *)iterator;
}

void howdy_break_close(howdy_break_iterator *iterator) { ubrk_close((UBreakIterator *)iterator); }

howdy_icu_status howdy_break_set_text(howdy_break_iterator *iterator, const uint16_t *text, int32_t length) {
    UErrorCode error = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &error);
    if (U_SUCCESS(error)) ubrk_first((UBreakIterator *)iterator);
    return error;
}

int32_t howdy_break_next(howdy_break_iterator *iterator, int32_t *is_hard) {
    int32_t offset = ubrk_next((UBreakIterator *)iterator);
    if (offset == UBRK_DONE) return -1;
    int32_t rule = ubrk_getRuleStatus((UBreakIterator *)iterator);
    *is_hard = rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
    return offset;
}

int32_t howdy_break_is_letter_word(howdy_break_iterator *iterator) {
    int32_t rule = ubrk_getRuleStatus((UBreakIterator *)iterator);
    return rule >= UBRK_WORD_LETTER && rule < UBRK_WORD_LETTER_LIMIT;
}

howdy_bidi *howdy_bidi_open(const uint16_t *text, int32_t length, int32_t direction, howdy_icu_status *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &error);
    if (U_FAILURE(error)) {
        *status = error;
        return NULL;
    }
    UBiDiLevel level = direction < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)direction;
    ubidi_setPara(bidi, (const UChar *)text, length, level, NULL, &error);
    *status = error;
    if (U_FAILURE(error)) {
        ubidi_close(bidi);
        return NULL;
    }
    return (howdy_bidi *)bidi;
}

void howdy_bidi_close(howdy_bidi *bidi) { ubidi_close((UBiDi *)bidi); }

const uint8_t *howdy_bidi_levels(howdy_bidi *bidi, howdy_icu_status *status) {
    UErrorCode error = U_ZERO_ERROR;
    const UBiDiLevel *levels = ubidi_getLevels((UBiDi *)bidi, &error);
    *status = error;
    return levels;
}

howdy_icu_status howdy_bidi_paragraph(howdy_bidi *bidi, int32_t offset, int32_t *start, int32_t *limit,
                                      uint8_t *level) {
    UErrorCode error = U_ZERO_ERROR;
    UBiDiLevel resolved = 0;
    ubidi_getParagraph((UBiDi *)bidi, offset, start, limit, &resolved, &error);
    *level = resolved;
    return error;
}

void howdy_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *map) {
    ubidi_reorderVisual(levels, count, map);
}

int howdy_bidi_may_leave_level_zero(uint32_t scalar) {
    switch (u_charDirection((UChar32)scalar)) {
    case U_RIGHT_TO_LEFT:
    case U_RIGHT_TO_LEFT_ARABIC:
    case U_ARABIC_NUMBER:
    case U_LEFT_TO_RIGHT_EMBEDDING:
    case U_LEFT_TO_RIGHT_OVERRIDE:
    case U_RIGHT_TO_LEFT_EMBEDDING:
    case U_RIGHT_TO_LEFT_OVERRIDE:
    case U_POP_DIRECTIONAL_FORMAT:
    case U_LEFT_TO_RIGHT_ISOLATE:
    case U_RIGHT_TO_LEFT_ISOLATE:
    case U_FIRST_STRONG_ISOLATE:
    case U_POP_DIRECTIONAL_ISOLATE:
        return 1;
    default:
        return 0;
    }
}

/// What `howdy_bidi_is_plain_right_to_left` needs of a BMP character's bidi class, asked
/// of ICU once per process: 0 unknown, 1 R or AL, 2 a neutral it allows, 3 anything else.
static _Atomic uint8_t bmp_plain_bidi[0x10000];

static uint8_t plain_bidi_kind(UChar32 scalar) {
    switch (u_charDirection(scalar)) {
    case U_RIGHT_TO_LEFT:
    case U_RIGHT_TO_LEFT_ARABIC:
        return 1;
    case U_DIR_NON_SPACING_MARK:
    case U_WHITE_SPACE_NEUTRAL:
    case U_OTHER_NEUTRAL:
    case U_EUROPEAN_NUMBER_SEPARATOR:
    case U_EUROPEAN_NUMBER_TERMINATOR:
    case U_COMMON_NUMBER_SEPARATOR:
        return 2;
    default:
        return 3;
    }
}

int howdy_bidi_is_plain_right_to_left(const uint16_t *text, int32_t length) {
    int strong = 0;
    int32_t index = 0;
    while (index < length) {
        UChar32 scalar;
        U16_NEXT(text, index, length, scalar);
        if (U_IS_SURROGATE(scalar)) return 0;
        uint8_t kind;
        if (scalar <= 0xFFFF) {
            kind = atomic_load_explicit(&bmp_plain_bidi[scalar], memory_order_relaxed);
            if (!kind) {
                kind = plain_bidi_kind(scalar);
                atomic_store_explicit(&bmp_plain_bidi[scalar], kind, memory_order_relaxed);
            }
        } else {
            kind = plain_bidi_kind(scalar);
        }
        if (kind == 3) return 0;
        if (kind == 1) strong = 1;
    }
    return strong;
}

int32_t howdy_script(uint32_t scalar) {
    UErrorCode error = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)scalar, &error);
    return U_FAILURE(error) ? USCRIPT_COMMON : script;
}

const char *howdy_script_code(int32_t script) { return uscript_getShortName((UScriptCode)script); }

int32_t howdy_is_emoji_presentation(uint32_t scalar) {
    return u_hasBinaryProperty((UChar32)scalar, UCHAR_EMOJI_PRESENTATION);
}

int32_t howdy_is_extended_pictographic(uint32_t scalar) {
    return u_hasBinaryProperty((UChar32)scalar, UCHAR_EXTENDED_PICTOGRAPHIC);
}

int32_t howdy_is_attaching(uint32_t scalar) {
    switch (u_charType((UChar32)scalar)) {
    case U_NON_SPACING_MARK:
    case U_ENCLOSING_MARK:
    case U_COMBINING_SPACING_MARK:
    case U_FORMAT_CHAR:
    case U_CONTROL_CHAR:
    case U_SPACE_SEPARATOR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
        return 1;
    default:
        return 0;
    }
}

int32_t howdy_is_breaking_space(uint32_t scalar) {
    // NBSP, figure space and narrow NBSP glue words together; they never hang.
    if (scalar == 0x00A0 || scalar == 0x2007 || scalar == 0x202F) return 0;
    return u_isUWhiteSpace((UChar32)scalar);
}

static uint32_t scalar_properties(uint32_t scalar) {
    uint32_t script = (uint32_t)howdy_script(scalar) & HOWDY_PROPERTY_SCRIPT_MASK;
    return script | (howdy_is_attaching(scalar) ? HOWDY_PROPERTY_ATTACHING : 0)
           | (howdy_is_emoji_presentation(scalar) ? HOWDY_PROPERTY_EMOJI_PRESENTATION : 0)
           | (howdy_is_extended_pictographic(scalar) ? HOWDY_PROPERTY_EXTENDED_PICTOGRAPHIC : 0);
}

/// Bit 31 marks a known entry (0 is unknown); the answer is in the bits below.
static _Atomic uint32_t bmp_properties[0x10000];

uint32_t howdy_scalar_properties(uint32_t scalar) {
    if (scalar > 0xFFFF) return scalar_properties(scalar);
    uint32_t known = atomic_load_explicit(&bmp_properties[scalar], memory_order_relaxed);
    if (known) return known & 0x7FFFFFFFu;
    uint32_t answer = scalar_properties(scalar);
    atomic_store_explicit(&bmp_properties[scalar], answer | 0x80000000u, memory_order_relaxed);
    return answer;
}
