// libpng reports errors with longjmp, which must never cross Swift frames. The
// encode/decode entry points live here, behind setjmp, and return error codes.
#ifndef CHOWDY_PNG_H
#define CHOWDY_PNG_H
#include <stdint.h>
#include <stddef.h>

/// Result codes of the shim's functions.
enum {
    HOWDY_PNG_OK = 0,
    /// libpng rejected the data (the message says why).
    HOWDY_PNG_ERROR = 1,
    /// The image is larger than the caller's limits (checked before any pixel allocation).
    HOWDY_PNG_TOO_LARGE = 2,
    /// Memory could not be allocated.
    HOWDY_PNG_NO_MEMORY = 3,
};

/// A malloc'd byte buffer owned by the caller, released with howdy_png_buffer_free.
typedef struct howdy_png_buffer {
    uint8_t *data;
    size_t length;
    size_t capacity;
} howdy_png_buffer;

void howdy_png_buffer_free(howdy_png_buffer *buffer);

/// Writes a PNG file around image data that is already filtered and deflated: `image_data`
/// (`length` bytes) is the zlib stream of the filtered scanlines of a `width` × `height`
/// 8-bit RGB image, or RGBA with `has_alpha` non-zero. libpng writes the signature, IHDR,
/// the sRGB, gAMA and cHRM chunks, the data as IDAT chunks, and IEND.
/// On success `out` holds the file; on failure `message` (size `message_size`) says why
/// (libpng rejects a zero or over-2^31 size) and `out` is freed.
int howdy_png_write(uint32_t width, uint32_t height, int has_alpha, const uint8_t *image_data, size_t length,
                    howdy_png_buffer *out, char *message, size_t message_size);

/// Reads a PNG's size without decoding pixels, and the number of bytes its filtered
/// image data decompresses to (rows × (1 + row bytes), for plausibility checks).
int howdy_png_read_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                        uint64_t *raw_bytes, char *message, size_t message_size);

/// Decodes any 8-bit (or 16-bit, reduced) grey, grey+alpha, palette, RGB or RGBA PNG into
/// straight-alpha RGBA8 rows written to `rgba`, which must hold width * height * 4 bytes for
/// the size returned by howdy_png_read_size (checked again here: HOWDY_PNG_TOO_LARGE if not).
int howdy_png_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t rgba_size,
                     uint32_t max_side, char *message, size_t message_size);

#endif
