// A streaming zlib-format (RFC 1950) deflater over zlib. deflateInit2 is a macro that passes
// zlib's version and stream size; it stays behind this shim, and Swift sees one opaque handle.
#ifndef CHOWDY_DEFLATE_H
#define CHOWDY_DEFLATE_H
#include <stddef.h>
#include <stdint.h>

/// Result codes of howdy_deflater_run.
enum {
    HOWDY_DEFLATE_OK = 0,
    /// zlib reported an error (its code is in the `status` out-parameter).
    HOWDY_DEFLATE_ERROR = 1,
};

typedef struct howdy_deflater howdy_deflater;

/// A deflater at zlib `level` 0...9 writing a zlib header and Adler-32 trailer; NULL for
/// another level or when memory runs out.
howdy_deflater *howdy_deflater_create(int level);

/// Frees the deflater and its buffers. NULL is ignored.
void howdy_deflater_destroy(howdy_deflater *deflater);

/// Compresses from `input` (`input_length` bytes; `last` non-zero for the stream's last
/// input) into `output` (`output_capacity` bytes). Returns with `*consumed` input bytes
/// taken, `*produced` bytes written and `*finished` non-zero once the whole stream,
/// trailer included, is out; call again while input is left or output filled.
int howdy_deflater_run(
    howdy_deflater *deflater, const uint8_t *input, size_t input_length, int last, uint8_t *output,
    size_t output_capacity, size_t *consumed, size_t *produced, int *finished, int *status);

/// CRC-32 (ISO 3309, as PNG chunks and gzip use it) of `length` bytes, continuing `crc`
/// (0 to start).
uint32_t howdy_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

#endif
