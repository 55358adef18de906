#include "CHowdyPNG.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/// Per-call state shared with libpng's callbacks: the error message and the memory stream.
typedef struct howdy_png_state {
    char *message;
    size_t message_size;
    const uint8_t *input;
    size_t input_length;
    size_t input_offset;
    howdy_png_buffer *output;
    int out_of_memory;
} howdy_png_state;

static void set_message(howdy_png_state *state, const char *text) {
    if (state->message && state->message_size > 0) {
        strncpy(state->message, text, state->message_size - 1);
        state->message[state->message_size - 1] = 0;
    }
}

static void on_error(png_structp png, png_const_charp text) {
    howdy_png_state *state = (howdy_png_state *)png_get_error_ptr(png);
    set_message(state, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_read(png_structp png, png_bytep bytes, png_size_t count) {
    howdy_png_state *state = (howdy_png_state *)png_get_io_ptr(png);
    if (state->input_length - state->input_offset < count) {
        png_error(png, "file is truncated");
    }
    memcpy(bytes, state->input + state->input_offset, count);
    state->input_offset += count;
}

static void on_write(png_structp png, png_bytep bytes, png_size_t count) {
    howdy_png_state *state = (howdy_png_state *)png_get_io_ptr(png);
    howdy_png_buffer *out = state->output;
    if (out->capacity - out->length < count) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity - out->length < count) capacity *= 2;
        uint8_t *grown = realloc(out->data, capacity);
        if (!grown) {
            state->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->length, bytes, count);
    out->length += count;
}

static void on_flush(png_structp png) { (void)png; }

void howdy_png_buffer_free(howdy_png_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = 0;
    buffer->capacity = 0;
}

int howdy_png_write(uint32_t width, uint32_t height, int has_alpha, const uint8_t *image_data, size_t length,
                    howdy_png_buffer *out, char *message, size_t message_size) {
    howdy_png_state state = {message, message_size, NULL, 0, 0, out, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (!png) {
        set_message(&state, "cannot create the PNG writer");
        return HOWDY_PNG_NO_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        set_message(&state, "cannot create the PNG info");
        return HOWDY_PNG_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        howdy_png_buffer_free(out);
        return state.out_of_memory ? HOWDY_PNG_NO_MEMORY : HOWDY_PNG_ERROR;
    }
    png_set_write_fn(png, &state, on_write, on_flush);
    // libpng validates the header (sizes, colour type) and writes signature, IHDR and the
    // colour-space chunks; the image data is already a zlib stream, so it goes out as IDAT
    // chunks through libpng's chunk writer (length, type, data, CRC) followed by IEND.
    png_set_IHDR(png, info, width, height, 8, has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    // 1 MiB IDAT chunks: few chunk headers, and far below PNG's 2^31 - 1 chunk limit.
    const size_t chunk = 1 << 20;
    for (size_t offset = 0; offset < length; offset += chunk) {
        size_t count = length - offset < chunk ? length - offset : chunk;
        png_write_chunk(png, (png_const_bytep) "IDAT", image_data + offset, count);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    return HOWDY_PNG_OK;
}

static int begin_read(howdy_png_state *state, png_structp *png_out, png_infop *info_out) {
    if (state->input_length < 8 || png_sig_cmp(state->input, 0, 8) != 0) {
        set_message(state, "not a PNG file (bad signature)");
        return HOWDY_PNG_ERROR;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, state, on_error, on_warning);
    if (!png) {
        set_message(state, "cannot create the PNG reader");
        return HOWDY_PNG_NO_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        set_message(state, "cannot create the PNG info");
        return HOWDY_PNG_NO_MEMORY;
    }
    *png_out = png;
    *info_out = info;
    return HOWDY_PNG_OK;
}

int howdy_png_read_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height,
                        uint64_t *raw_bytes, char *message, size_t message_size) {
    howdy_png_state state = {message, message_size, data, length, 0, NULL, 0};
    png_structp png = NULL;
    png_infop info = NULL;
    int status = begin_read(&state, &png, &info);
    if (status != HOWDY_PNG_OK) return status;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return HOWDY_PNG_ERROR;
    }
    // Let the caller's limits, not libpng's 1e6 default, decide what is too large.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    // Ancillary chunks before the image data can be large (zTXt, iCCP); cap them here too.
    png_set_chunk_malloc_max(png, 16 * 1024 * 1024);
    png_set_read_fn(png, &state, on_read);
    png_read_info(png, info);
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    *raw_bytes = (uint64_t)*height * (1 + (uint64_t)png_get_rowbytes(png, info));
    png_destroy_read_struct(&png, &info, NULL);
    return HOWDY_PNG_OK;
}

int howdy_png_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t rgba_size,
                     uint32_t max_side, char *message, size_t message_size) {
    howdy_png_state state = {message, message_size, data, length, 0, NULL, 0};
    png_structp png = NULL;
    png_infop info = NULL;
    int status = begin_read(&state, &png, &info);
    if (status != HOWDY_PNG_OK) return status;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return HOWDY_PNG_ERROR;
    }
    png_set_user_limits(png, max_side, max_side);
    // Ancillary chunks can be large (zTXt, iCCP); cap what libpng keeps in memory.
    png_set_chunk_malloc_max(png, 16 * 1024 * 1024);
    png_set_read_fn(png, &state, on_read);
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info);
    uint32_t height = png_get_image_height(png, info);
    if ((size_t)width * height * 4 != rgba_size) {
        png_destroy_read_struct(&png, &info, NULL);
        set_message(&state, "image size does not match the buffer");
        return HOWDY_PNG_TOO_LARGE;
    }
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (bit_depth == 16) png_set_strip_16(png);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_destroy_read_struct(&png, &info, NULL);
        set_message(&state, "unsupported PNG pixel layout");
        return HOWDY_PNG_ERROR;
    }
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, rgba + (size_t)y * width * 4, NULL);
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return HOWDY_PNG_OK;
}
