// ICU's i18n library (plural rules, number formats), opened with dlopen on first use.
//
// It is not linked: only screens with plural strings or catalog numbers use it, and
// loading it at start (relocating a large C++ library) cost every `howdy` process about
// 1 MiB and 0.5 ms, a tenth of a one-shot `howdy balance`. The library and symbol names
// are those of the ICU headers built against (libicui18n.so.72, uplrules_openForType_72),
// so the versions match.
#ifndef HOWDY_I18N_H
#define HOWDY_I18N_H

#include <unicode/unum.h>
#include <unicode/upluralrules.h>

typedef struct {
    __typeof__(uplrules_openForType) *plural_open;
    __typeof__(uplrules_close) *plural_close;
    __typeof__(uplrules_select) *plural_select;
    __typeof__(unum_open) *number_open;
    __typeof__(unum_close) *number_close;
    __typeof__(unum_formatDouble) *number_format_double;
} howdy_i18n_functions;

/// The i18n functions, loaded once (thread-safe); NULL when the library or any symbol
/// is missing.
const howdy_i18n_functions *howdy_i18n(void);

#endif
