// A narrow C seam over ICU's C API. ICU renames every entry point with its major
// version (ubrk_open -> ubrk_open_72) through macros Swift cannot see, and Foundation
// on Linux carries its own copy of ICU's headers whose types would clash with the
// system ones. So this header exposes only plain C types and opaque handles; ICU's
// headers are included by the implementation file alone.
#ifndef CHOWDY_ICU_H
#define CHOWDY_ICU_H

#include <stdint.h>

/// An ICU error code (UErrorCode): <= 0 is success, > 0 a failure.
typedef int32_t howdy_icu_status;

/// ICU's name for a status code, e.g. "U_MEMORY_ALLOCATION_ERROR".
const char *howdy_icu_status_name(howdy_icu_status status);

/// The major version of the ICU this was built against (U_ICU_VERSION_MAJOR_NUM). ICU's
/// entry points carry it in their names, so it is also the version that runs.
int32_t howdy_icu_major_version(void);

// MARK: Break iteration (UAX #14 lines, UAX #29 grapheme clusters)

typedef struct howdy_break_iterator howdy_break_iterator;

enum { HOWDY_BREAK_LINE = 0, HOWDY_BREAK_CHARACTER = 1, HOWDY_BREAK_WORD = 2 };

/// Opens a break iterator of `kind` for `locale` ("" is the root rules).
/// Returns NULL and sets `*status` on failure. Free with howdy_break_close.
howdy_break_iterator *howdy_break_open(int32_t kind, const char *locale, howdy_icu_status *status);
void howdy_break_close(howdy_break_iterator *iterator);
/// Points the iterator at `text` (UTF-16, not copied: keep it alive while iterating).
howdy_icu_status howdy_break_set_text(howdy_break_iterator *iterator, const uint16_t *text, int32_t length);
/// The next boundary offset after the current one, or -1 at the end. `*is_hard` is 1
/// for a mandatory line break (rule status in ICU's hard range), else 0.
int32_t howdy_break_next(howdy_break_iterator *iterator, int32_t *is_hard);
/// The rule status of the boundary howdy_break_next last returned. For word iterators,
/// 1 when the word before it is letters (UBRK_WORD_LETTER), 0 otherwise (spaces,
/// punctuation, numbers, kana, ideographs).
int32_t howdy_break_is_letter_word(howdy_break_iterator *iterator);

// MARK: Bidi (UAX #9)

typedef struct howdy_bidi howdy_bidi;

/// Resolves embedding levels for `text`. `direction` is -1 for auto (first strong
/// character of each paragraph), 0 for left-to-right, 1 for right-to-left.
howdy_bidi *howdy_bidi_open(const uint16_t *text, int32_t length, int32_t direction, howdy_icu_status *status);
void howdy_bidi_close(howdy_bidi *bidi);
/// The level of every UTF-16 unit (valid until howdy_bidi_close).
const uint8_t *howdy_bidi_levels(howdy_bidi *bidi, howdy_icu_status *status);
/// The paragraph containing `offset`: its start, limit and level.
howdy_icu_status howdy_bidi_paragraph(howdy_bidi *bidi, int32_t offset, int32_t *start, int32_t *limit,
                                      uint8_t *level);
/// Visual order of `count` items with the given levels: map[visual] = logical.
void howdy_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *map);
/// 1 when `scalar`'s bidi class (ICU's u_charDirection) can give a character a level
/// other than 0 in a left-to-right paragraph: R, AL, AN or an explicit embedding,
/// override or isolate control (or its terminator); 0 otherwise.
int howdy_bidi_may_leave_level_zero(uint32_t scalar);
/// 1 when every character of `text` has bidi class (ICU's u_charDirection) R, AL, NSM,
/// WS, ON, ES, ET or CS and at least one is R or AL; 0 otherwise (also for an unpaired
/// surrogate or empty text). In an auto or right-to-left paragraph UAX #9 then gives
/// every unit level 1: no explicit controls, numbers, L or paragraph/segment separators.
int howdy_bidi_is_plain_right_to_left(const uint16_t *text, int32_t length);

// MARK: Character properties

enum { HOWDY_SCRIPT_COMMON = 0, HOWDY_SCRIPT_INHERITED = 1, HOWDY_SCRIPT_LATIN = 25 };

/// The Script property (UScriptCode) of `scalar`.
int32_t howdy_script(uint32_t scalar);
/// The ISO 15924 code of a script, e.g. "Arab", or NULL.
const char *howdy_script_code(int32_t script);
/// 1 when `scalar` has Emoji_Presentation.
int32_t howdy_is_emoji_presentation(uint32_t scalar);
/// 1 when `scalar` is Extended_Pictographic.
int32_t howdy_is_extended_pictographic(uint32_t scalar);
/// 1 for marks (Mn, Mc, Me), format characters (Cf), controls (Cc) and separators
/// (Zs, Zl, Zp): characters that belong with the cluster or word before them.
int32_t howdy_is_attaching(uint32_t scalar);
/// 1 for White_Space characters that a line may end with and hang (not NBSP-like).
int32_t howdy_is_breaking_space(uint32_t scalar);

enum {
    HOWDY_PROPERTY_SCRIPT_MASK = 0xFFFF,
    HOWDY_PROPERTY_ATTACHING = 1 << 16,
    HOWDY_PROPERTY_EMOJI_PRESENTATION = 1 << 17,
    HOWDY_PROPERTY_EXTENDED_PICTOGRAPHIC = 1 << 18,
};
/// The answers itemisation asks of every scalar, packed: `howdy_script` in the low 16
/// bits, then one bit each for `howdy_is_attaching`, `howdy_is_emoji_presentation` and
/// `howdy_is_extended_pictographic`. BMP answers are asked of ICU once per process and
/// kept in a table (256 KiB, touched only where scalars fall): a CJK text otherwise
/// pays four ICU property lookups per distinct character of every text. Safe from any
/// thread: the entries are atomics, and two threads filling one store the same value.
uint32_t howdy_scalar_properties(uint32_t scalar);

// MARK: Plural rules (CLDR, cardinal; links ICU's i18n library)

typedef struct howdy_plural_rules howdy_plural_rules;

/// Opens the cardinal plural rules of `locale` (an unknown locale gets the root rules,
/// where everything is "other"). Returns NULL and sets `*status` on failure. Free with
/// howdy_plural_close.
howdy_plural_rules *howdy_plural_open(const char *locale, howdy_icu_status *status);
void howdy_plural_close(howdy_plural_rules *rules);
/// Writes the plural keyword for `number` ("one", "few", "other"...) NUL-terminated into
/// `keyword` (`capacity` bytes). Returns its length, or -1 and sets `*status` on failure.
int32_t howdy_plural_select(const howdy_plural_rules *rules, double number, char *keyword, int32_t capacity,
                            howdy_icu_status *status);

// MARK: Number formats (the locale's digits, separators and grouping; ICU i18n)

typedef struct howdy_number_format howdy_number_format;

/// Opens `locale`'s decimal format (Arabic gets Arabic-Indic digits, German a decimal
/// comma). Returns NULL and sets `*status` on failure. Free with howdy_number_close.
howdy_number_format *howdy_number_open(const char *locale, howdy_icu_status *status);
void howdy_number_close(howdy_number_format *format);
/// Writes `number` as UTF-16 into `output` (`capacity` units, not terminated). Returns the
/// length, or -1 and sets `*status` when it fails or does not fit.
int32_t howdy_number_format_double(const howdy_number_format *format, double number, uint16_t *output,
                                   int32_t capacity, howdy_icu_status *status);

// MARK: Locales

/// Writes `locale` (BCP 47 or ICU form) with its likely script and region added, in ICU
/// form ("en" -> "en_Latn_US"), NUL-terminated into `out` (`capacity` bytes). Returns
/// the length, or -1 and sets `*status` on failure.
int32_t howdy_locale_maximize(const char *locale, char *out, int32_t capacity, howdy_icu_status *status);

/// 1 when ICU's uloc_forLanguageTag parses all of `tag` (BCP 47, `-` separated) without
/// error, else 0. A tag with trailing text ICU skips, or one it cannot parse, is 0.
int32_t howdy_locale_is_language_tag(const char *tag);

#endif
