// ICU renames every entry point with its major version (ubrk_open -> ubrk_open_72)
// through macros that Swift cannot see. These inline wrappers are compiled by clang,
// where the macros apply, so Swift code calls one stable name on any ICU version.
#ifndef CHOWDY_ICU_H
#define CHOWDY_ICU_H

#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>

static inline UBreakIterator *howdy_ubrk_open(UBreakIteratorType type, const char *locale,
                                              const UChar *text, int32_t length, UErrorCode *status) {
    return ubrk_open(type, locale, text, length, status);
}
static inline void howdy_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline int32_t howdy_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t howdy_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t howdy_ubrk_getRuleStatus(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }

static inline UBiDi *howdy_ubidi_open(void) { return ubidi_open(); }
static inline void howdy_ubidi_close(UBiDi *bidi) { ubidi_close(bidi); }
static inline void howdy_ubidi_setPara(UBiDi *bidi, const UChar *text, int32_t length, UBiDiLevel paraLevel,
                                       UErrorCode *status) {
    ubidi_setPara(bidi, text, length, paraLevel, NULL, status);
}
static inline const UBiDiLevel *howdy_ubidi_getLevels(UBiDi *bidi, UErrorCode *status) {
    return ubidi_getLevels(bidi, status);
}
static inline UBiDiLevel howdy_ubidi_getParaLevel(const UBiDi *bidi) { return ubidi_getParaLevel(bidi); }
static inline void howdy_ubidi_reorderVisual(const UBiDiLevel *levels, int32_t length, int32_t *indexMap) {
    ubidi_reorderVisual(levels, length, indexMap);
}
/// The default paragraph level that asks ICU to detect the direction (UBIDI_DEFAULT_LTR
/// is a macro of a cast, which Swift does not import).
static inline UBiDiLevel howdy_ubidi_default_ltr(void) { return UBIDI_DEFAULT_LTR; }

static inline UScriptCode howdy_uscript_getScript(UChar32 c, UErrorCode *status) {
    return uscript_getScript(c, status);
}
static inline const char *howdy_uscript_getShortName(UScriptCode script) { return uscript_getShortName(script); }
static inline UBool howdy_u_hasBinaryProperty(UChar32 c, UProperty which) { return u_hasBinaryProperty(c, which); }
static inline int32_t howdy_u_getIntPropertyValue(UChar32 c, UProperty which) {
    return u_getIntPropertyValue(c, which);
}
static inline const char *howdy_u_errorName(UErrorCode code) { return u_errorName(code); }

#endif
