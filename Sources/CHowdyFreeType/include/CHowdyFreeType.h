// FreeType helpers that are macros in C and so invisible to Swift.
#ifndef CHOWDY_FREETYPE_H
#define CHOWDY_FREETYPE_H

/// The English message FreeType defines for `error` (from fterrdef.h), or NULL for an
/// unknown code. Debian builds FreeType without FT_CONFIG_OPTION_ERROR_STRINGS, so
/// FT_Error_String returns NULL there; this table is built from the same header.
const char *howdy_ft_error_message(int error);

#endif
