#include "CHowdyDeflate.h"

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <stdlib.h>

struct howdy_deflater {
    struct isal_zstream stream;
    uint8_t *level_buffer;
};

static uint32_t level_buffer_size(int level) {
    switch (level) {
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return 0;
    }
}

howdy_deflater *howdy_deflater_create(int level) {
    if (level < 0 || level > 3) return NULL;
    howdy_deflater *deflater = calloc(1, sizeof *deflater);
    if (deflater == NULL) return NULL;
    isal_deflate_init(&deflater->stream);
    uint32_t size = level_buffer_size(level);
    if (size > 0) {
        deflater->level_buffer = malloc(size);
        if (deflater->level_buffer == NULL) {
            free(deflater);
            return NULL;
        }
    }
    deflater->stream.level = (uint32_t)level;
    deflater->stream.level_buf = deflater->level_buffer;
    deflater->stream.level_buf_size = size;
    deflater->stream.gzip_flag = IGZIP_ZLIB;
    deflater->stream.flush = NO_FLUSH;
    return deflater;
}

void howdy_deflater_destroy(howdy_deflater *deflater) {
    if (deflater == NULL) return;
    free(deflater->level_buffer);
    free(deflater);
}

int howdy_deflater_run(
    howdy_deflater *deflater, const uint8_t *input, size_t input_length, int last, uint8_t *output,
    size_t output_capacity, size_t *consumed, size_t *produced, int *finished, int *status) {
    struct isal_zstream *stream = &deflater->stream;
    // ISA-L counts in 32 bits: take at most 1 GiB a call; the caller calls again for the rest.
    uint32_t in = input_length > (1u << 30) ? (1u << 30) : (uint32_t)input_length;
    uint32_t out = output_capacity > (1u << 30) ? (1u << 30) : (uint32_t)output_capacity;
    stream->next_in = (uint8_t *)input;
    stream->avail_in = in;
    stream->next_out = output;
    stream->avail_out = out;
    // The stream ends only with the last of the input handed over.
    stream->end_of_stream = (last && in == input_length) ? 1 : 0;
    int result = isal_deflate(stream);
    *consumed = in - stream->avail_in;
    *produced = out - stream->avail_out;
    *finished = stream->internal_state.state == ZSTATE_END;
    *status = result;
    stream->next_in = NULL;
    stream->next_out = NULL;
    return result == COMP_OK ? HOWDY_DEFLATE_OK : HOWDY_DEFLATE_ERROR;
}

uint32_t howdy_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
    return crc32_gzip_refl(crc, bytes, (uint64_t)length);
}
