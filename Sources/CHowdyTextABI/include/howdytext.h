/*
 * howdytext.h: HowdyText's line balancing from C (libhowdytext.so).
 *
 * Lay out UTF-8 text in a font at a width with real HarfBuzz metrics and ICU line
 * breaks, and choose the lines: greedy, or balanced (the fewest greedy lines, as even
 * as they come). The options are those of a `howdy balance --jsonl` request, given as a
 * JSON object and read by the same code.
 *
 *     howdytext_font *font;
 *     howdytext_layout *layout;
 *     char *message = NULL;
 *     if (howdytext_font_open("Inter-Bold", 28, &font, &message) != HOWDYTEXT_OK) { ... }
 *     howdytext_layout_create(font, text, strlen(text), 330, "{\"mode\":\"balance\"}",
 *                             &layout, &message);
 *     for (size_t i = 0; i < howdytext_layout_line_count(layout); i++) {
 *         howdytext_line line;
 *         howdytext_layout_line(layout, i, &line);
 *         printf("%.*s  %g px\n", (int)(line.end - line.start), text + line.start, line.width);
 *     }
 *     howdytext_layout_free(layout);
 *     howdytext_font_free(font);
 *
 * Units: px (a font's size is its em height in px); widths are whole 1/64 px.
 *
 * Errors: every function that can fail returns a howdytext_status; HOWDYTEXT_OK (0) is
 * success. On failure nothing is written to the out handle (it is set to NULL) and, when
 * `out_message` is not NULL, it receives a one-sentence message naming the input and
 * what is wrong, which the caller frees with howdytext_message_free. No input makes the
 * library abort: every pointer, number, UTF-8 sequence and JSON field is checked.
 *
 * Memory: the caller owns every handle and message it receives and frees it once with
 * the matching *_free function (NULL is accepted and ignored). Arrays passed in or out
 * (howdytext_layout_into, howdytext_layout_many) are the caller's; the library keeps none. A layout does not keep
 * its text: line ranges are byte offsets into the buffer the caller passed. A layout
 * keeps what it needs of its font, so the font may be freed before the layout.
 *
 * Threads: a howdytext_font, a howdytext_style and a howdytext_layout are immutable once
 * created and may be used from any number of threads at once (one font laying out on many threads is
 * the intended use; shared caches inside are locked). Freeing a handle must not race
 * with another use of that same handle. All functions may be called from any thread.
 */
#ifndef HOWDYTEXT_H
#define HOWDYTEXT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HOWDYTEXT_VERSION_MAJOR 0
#define HOWDYTEXT_VERSION_MINOR 1
#define HOWDYTEXT_VERSION_PATCH 0
/* "MAJOR.MINOR.PATCH" */
#define HOWDYTEXT_VERSION_STRING "0.1.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH, for #if comparisons */
#define HOWDYTEXT_VERSION_NUMBER (HOWDYTEXT_VERSION_MAJOR * 10000 + HOWDYTEXT_VERSION_MINOR * 100 + HOWDYTEXT_VERSION_PATCH)

/* A function's result: HOWDYTEXT_OK or one of the errors below. */
typedef int howdytext_status;
enum {
    HOWDYTEXT_OK = 0,
    /* A NULL pointer where one is needed, text that is not UTF-8, a line index past the end. */
    HOWDYTEXT_ERROR_ARGUMENT = 1,
    /* The options JSON is not a JSON object, or a field is unknown or has a wrong value. */
    HOWDYTEXT_ERROR_OPTIONS = 2,
    /* No bundled font, file or fontconfig family has the name. */
    HOWDYTEXT_ERROR_FONT_NOT_FOUND = 3,
    /* The font file cannot be read or is not a usable font. */
    HOWDYTEXT_ERROR_FONT_INVALID = 4,
    /* A size, width or line height outside its range (the message gives the range). */
    HOWDYTEXT_ERROR_RANGE = 5,
    /* The text was refused: too long, or ICU could not process it. */
    HOWDYTEXT_ERROR_TEXT = 6,
    /* hyphens "auto" found no usable hyphenation dictionary for the locale. */
    HOWDYTEXT_ERROR_HYPHENATION = 7
};

/* A font: a face at a size. Opaque; free with howdytext_font_free. */
typedef struct howdytext_font howdytext_font;
/* Lines of one text. Opaque; free with howdytext_layout_free. */
typedef struct howdytext_layout howdytext_layout;

/* One line of a layout. */
typedef struct howdytext_line {
    /* Byte range [start, end) of the line's visible text in the UTF-8 buffer given to
     * howdytext_layout_create (trailing spaces and the line break excluded). */
    size_t start;
    size_t end;
    /* Width in px: the sum of the line's glyph advances (a shown hyphen included). */
    double width;
    /* 1 when the line ends at a soft hyphen or hyphenation point and shows a hyphen
     * glyph that is not in the text, else 0. */
    int hyphen;
    /* 1 when the line belongs to a right-to-left paragraph, else 0. */
    int rtl;
} howdytext_line;

/* What howdytext_layout_into reports besides the lines. */
typedef struct howdytext_summary {
    /* Every line of the layout, also those past the capacity given. */
    size_t line_count;
    /* Width in px of the widest line. */
    double width;
    /* Height in px (line count x line height). */
    double height;
    /* Lines greedy layout gives at the same width (equal to line_count in every mode). */
    size_t greedy_line_count;
} howdytext_summary;

/* The library's version, "MAJOR.MINOR.PATCH" (HOWDYTEXT_VERSION_STRING of the library
 * loaded, which may differ from the header compiled against). Static; do not free. */
const char *howdytext_version(void);

/* Opens `name` at `size_px` (0.5 to 4096): a path (a name containing '/' or ending in
 * .ttf/.otf/.ttc), a bundled font name ("Inter-Bold", "NotoSansArabic-Regular"), or a
 * fontconfig family ("DejaVu Sans:bold"), tried in that order. Faces are shared: opening
 * the same file twice costs one face. Bundled fonts are found in $HOWDY_FONTS_DIR, else
 * in PREFIX/share/howdy/fonts next to the library's PREFIX/lib. */
howdytext_status howdytext_font_open(const char *name, double size_px, howdytext_font **out_font, char **out_message);

/* Frees a font (NULL is ignored). Layouts made with it stay valid. */
void howdytext_font_free(howdytext_font *font);

/* The font's size in px; 0 for NULL. */
double howdytext_font_size(const howdytext_font *font);

/* Lays out `text_length` bytes of UTF-8 `text` (NULL with length 0 is the empty text)
 * in `font` at `width_px` (the available width, > 0), choosing lines as `options_json`
 * says. `options_json` is NULL or a NUL-terminated JSON object with any of the fields
 * of a `howdy balance --jsonl` request that choose how text is laid out:
 *   "mode": "balance" (default) | "greedy" | "even" | "pretty"
 *   "locale": BCP 47 tag, "direction": "auto" | "ltr" | "rtl", "lineHeight": px,
 *   "features": ["kern=0", ...], "lineBreak": "auto|loose|normal|strict|anywhere",
 *   "wordBreak": "normal|break-all|keep-all|auto-phrase",
 *   "overflowWrap": "normal|break-word|anywhere", "hyphens": "none|manual|auto"
 * ("text", "font", "size" and "width" are arguments here and refused as options). */
howdytext_status howdytext_layout_create(const howdytext_font *font, const char *text, size_t text_length,
                                         double width_px, const char *options_json, howdytext_layout **out_layout,
                                         char **out_message);

/* howdytext_layout_create, copy and free in one call, for callers where each call
 * costs (Python's ctypes): lays out as howdytext_layout_create does, copies lines
 * [0, min(line count, capacity)) to out_lines (caller-owned; NULL when capacity is 0)
 * and the rest to *out_summary. When summary.line_count > capacity, call again with
 * room for line_count lines. Nothing is left to free but the message on failure. */
howdytext_status howdytext_layout_into(const howdytext_font *font, const char *text, size_t text_length,
                                       double width_px, const char *options_json, howdytext_line *out_lines,
                                       size_t capacity, howdytext_summary *out_summary, char **out_message);

/* Frees a layout (NULL is ignored). */
void howdytext_layout_free(howdytext_layout *layout);

/* The number of lines; 0 for empty text and for NULL. */
size_t howdytext_layout_line_count(const howdytext_layout *layout);

/* Width in px of the widest line; 0 for NULL. */
double howdytext_layout_width(const howdytext_layout *layout);

/* Height in px (line count x line height); 0 for NULL. */
double howdytext_layout_height(const howdytext_layout *layout);

/* The number of lines greedy layout gives at the same width (equal to the line count
 * for every mode); 0 for NULL. */
size_t howdytext_layout_greedy_line_count(const howdytext_layout *layout);

/* Copies line `index` (0-based, top to bottom) to *out_line. Returns
 * HOWDYTEXT_ERROR_ARGUMENT when a pointer is NULL or `index` is not below the line count. */
howdytext_status howdytext_layout_line(const howdytext_layout *layout, size_t index, howdytext_line *out_line);

/* Copies lines [0, min(line count, capacity)) to out_lines (caller-owned, room for
 * `capacity` lines) and returns how many it copied; 0 when a pointer is NULL. One call
 * for every line, for callers where each call costs (Python's ctypes). */
size_t howdytext_layout_lines(const howdytext_layout *layout, howdytext_line *out_lines, size_t capacity);

/* A font with its layout options read once: for laying out many texts alike without
 * reading the options JSON at every call. Opaque; free with howdytext_style_free. */
typedef struct howdytext_style howdytext_style;

/* Reads `options_json` (NULL or a JSON object, as howdytext_layout_create reads it) for
 * `font` once. Every option error is reported here, with the status and message
 * howdytext_layout_create gives for it. The style keeps what it needs of its font, so
 * the font may be freed first. Immutable: usable from any number of threads at once. */
howdytext_status howdytext_style_create(const howdytext_font *font, const char *options_json,
                                        howdytext_style **out_style, char **out_message);

/* Frees a style (NULL is ignored). */
void howdytext_style_free(howdytext_style *style);

/* howdytext_layout_into with a style: lays out `text_length` bytes of UTF-8 `text` at
 * `width_px` in the style's font and options, copies lines [0, min(line count,
 * capacity)) to out_lines (caller-owned; NULL when capacity is 0) and the rest to
 * *out_summary. The same lines, widths and errors as howdytext_layout_create. */
howdytext_status howdytext_style_layout_into(const howdytext_style *style, const char *text, size_t text_length,
                                             double width_px, howdytext_line *out_lines, size_t capacity,
                                             howdytext_summary *out_summary, char **out_message);

/* Many paragraphs in one call, for callers where each call costs (a Python batch, a
 * Dask partition). Paragraph i is bytes [offsets[i], offsets[i + 1]) of the
 * `text_length` bytes at `text` (so `offsets` holds count + 1 non-decreasing values,
 * the last at most text_length), laid out in styles[i] at widths[i] px. Paragraphs are laid out in order;
 * for each, out_statuses[i] receives its status (as howdytext_style_layout_into would
 * return it; a failed paragraph gets no message: lay it out alone for one) and, when
 * HOWDYTEXT_OK, out_summaries[i] its summary and out_lines its lines, appended after
 * the previous paragraph's: paragraph i's lines are the next out_summaries[i].line_count
 * entries. Line ranges are byte offsets into `text` (the whole buffer, not the
 * paragraph). A paragraph whose lines do not fit in what is left of `line_capacity`
 * ends the call before it: *out_done receives the number of paragraphs finished
 * (statuses and summaries written), so the caller continues from there with room for
 * more lines (when *out_done is 0 and count > 0, the first paragraph alone needs more
 * than `line_capacity`: its summary's line_count says how many). All arrays are
 * caller-owned and hold `count` entries (`offsets` count + 1, `out_lines`
 * `line_capacity`). Returns HOWDYTEXT_ERROR_ARGUMENT, with nothing laid out, when a
 * pointer is NULL or an offset is out of order; otherwise HOWDYTEXT_OK, whatever the
 * paragraphs' own statuses. */
howdytext_status howdytext_layout_many(const howdytext_style *const *styles, const char *text, size_t text_length,
                                       const size_t *offsets, const double *widths, size_t count, howdytext_line *out_lines,
                                       size_t line_capacity, howdytext_summary *out_summaries,
                                       howdytext_status *out_statuses, size_t *out_done, char **out_message);

/* The units howdytext_style_layout_flat counts line ranges in: whichever the caller's
 * strings are indexed by, so a binding cuts each line from its own string with no
 * conversion of its own. */
enum {
    /* Bytes of the UTF-8 text passed (C, Rust &str, Go). */
    HOWDYTEXT_UNITS_UTF8 = 0,
    /* UTF-16 code units (JavaScript, Java, C#, Swift's String.utf16). */
    HOWDYTEXT_UNITS_UTF16 = 1,
    /* Unicode scalar values, i.e. code points (Python's str). */
    HOWDYTEXT_UNITS_SCALARS = 2
};

/* The in-and-out block of howdytext_style_layout_flat: seven 8-byte fields, followed in
 * memory by room for `capacity` howdytext_line records whose ranges count io->units
 * (the block and the lines are one caller-owned allocation of sizeof(howdytext_flat) +
 * capacity * sizeof(howdytext_line) bytes, 8-byte aligned). Made for bindings where every
 * argument of a call costs (Python's ctypes): the caller fills it once, changes
 * text_length and width per call, and reads the answer with one unpack. */
typedef struct howdytext_flat {
    /* In: bytes of UTF-8 at `text`. */
    size_t text_length;
    /* In: the available width in px (> 0). */
    double width;
    /* In: HOWDYTEXT_UNITS_UTF8, _UTF16 or _SCALARS. */
    size_t units;
    /* In: howdytext_line records the block has room for after this header. */
    size_t capacity;
    /* Out: width in px of the widest line, height in px, greedy line count (as
     * howdytext_summary). Written on success, also when the lines do not fit. */
    double widest;
    double height;
    size_t greedy_line_count;
} howdytext_flat;

/* howdytext_style_layout_into in three arguments: lays out io->text_length bytes of UTF-8
 * `text` (NULL with length 0 is the empty text) at io->width px in the style's font and
 * options, writes the summary fields of *io and, when the line count is at most
 * io->capacity, the lines after the block, their ranges in io->units. Returns the line
 * count (>= 0; when above io->capacity no line was written: call again with room for
 * that many), or minus a howdytext_status (< 0) when the layout failed, with the status
 * howdytext_style_layout_into returns for the same input (call it for the message).
 * Returns -HOWDYTEXT_ERROR_ARGUMENT when `style` or `io` is NULL, `io` is not 8-byte
 * aligned, `text` is NULL with a nonzero length, io->text_length is above PTRDIFF_MAX or
 * io->units is unknown. The same lines and widths as howdytext_style_layout_into; usable
 * from any number of threads at once, each with its own block. */
ptrdiff_t howdytext_style_layout_flat(const howdytext_style *style, const char *text, howdytext_flat *io);

/* Frees a message from an out_message parameter (NULL is ignored). */
void howdytext_message_free(char *message);

#ifdef __cplusplus
}
#endif

#endif /* HOWDYTEXT_H */
