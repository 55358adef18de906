#include "CHowdyDeflate.h"

#include <stdlib.h>
#include <zlib.h>

// zlib, not ISA-L's igzip (used until 2026-12): igzip's output for the same input depended
// on the process's memory layout (a hash-table entry took a different bucket under another
// address layout), so a contact sheet rendered twice could differ in one match distance.
// zlib's deflate is a pure function of the input, the level and the call sequence.
struct howdy_deflater {
    z_stream stream;
};

howdy_deflater *howdy_deflater_create(int level) {
    if (level < 0 || level > 9) return NULL;
    howdy_deflater *deflater = calloc(1, sizeof *deflater);
    if (deflater == NULL) return NULL;
    // A 32 KiB window and the default memory level: zlib's own defaults, a zlib wrapper.
    if (deflateInit2(&deflater->stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        free(deflater);
        return NULL;
    }
    return deflater;
}

void howdy_deflater_destroy(howdy_deflater *deflater) {
    if (deflater == NULL) return;
    deflateEnd(&deflater->stream);
    free(deflater);
}

int howdy_deflater_run(
    howdy_deflater *deflater, const uint8_t *input, size_t input_length, int last, uint8_t *output,
    size_t output_capacity, size_t *consumed, size_t *produced, int *finished, int *status) {
    z_stream *stream = &deflater->stream;
    // zlib counts in 32 bits: take at most 1 GiB a call; the caller calls again for the rest.
    uInt in = input_length > (1u << 30) ? (1u << 30) : (uInt)input_length;
    uInt out = output_capacity > (1u << 30) ? (1u << 30) : (uInt)output_capacity;
    stream->next_in = (Bytef *)input;
    stream->avail_in = in;
    stream->next_out = output;
    stream->avail_out = out;
    // The stream ends only with the last of the input handed over.
    int flush = (last && in == input_length) ? Z_FINISH : Z_NO_FLUSH;
    int result = deflate(stream, flush);
    *consumed = in - stream->avail_in;
    *produced = out - stream->avail_out;
    *finished = result == Z_STREAM_END;
    *status = result;
    stream->next_in = NULL;
    stream->next_out = NULL;
    // Z_BUF_ERROR only says no progress was possible (no input, or no room): not a failure.
    return (result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR) ? HOWDY_DEFLATE_OK
                                                                             : HOWDY_DEFLATE_ERROR;
}

uint32_t howdy_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
    // zlib's crc32 takes 32-bit lengths: feed it in pieces.
    uLong value = crc;
    while (length > 0) {
        uInt piece = length > (1u << 30) ? (1u << 30) : (uInt)length;
        value = crc32(value, bytes, piece);
        bytes += piece;
        length -= piece;
    }
    return (uint32_t)value;
}
