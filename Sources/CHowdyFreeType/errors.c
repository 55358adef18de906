#include "CHowdyFreeType.h"
#include <stddef.h>
#include <ft2build.h>
#include FT_FREETYPE_H

// The FT_ERRORDEF x-macro turns FreeType's own error list into a table.
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) {e, s},
#define FT_ERROR_START_LIST {
#define FT_ERROR_END_LIST {0, NULL}};
static const struct {
    int code;
    const char *message;
} howdy_ft_errors[] =
#include FT_ERRORS_H

const char *howdy_ft_error_message(int error) {
    for (size_t i = 0; howdy_ft_errors[i].message != NULL; i++) {
        if (howdy_ft_errors[i].code == error) return howdy_ft_errors[i].message;
    }
    return NULL;
}
