/* howdytext_style and howdytext_layout_many as howdytext.h documents them: a style lays
 * out as howdytext_layout_create does; a batch gives each paragraph the lines it gets
 * alone (ranges into the whole buffer), a status per paragraph, and stops before a
 * paragraph whose lines do not fit; bad arguments are refused with a message; a flat
 * layout (howdytext_style_layout_flat) gives the style's lines with its ranges in bytes,
 * UTF-16 units or scalars, and refuses every bad field of its block. Run
 * plainly and under AddressSanitizer by scripts/test-bindings.sh. Exits 1 on the first
 * failed check, naming it. */
#include <howdytext.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(condition)                                                   \
    do {                                                                   \
        if (!(condition)) {                                                \
            fprintf(stderr, "batch.c:%d: failed: %s\n", __LINE__, #condition); \
            failures++;                                                    \
        }                                                                  \
    } while (0)

enum { MAX_LINES = 64 };

/* The lines howdytext_layout_create gives `text` (length bytes) at `width`. */
static size_t alone(howdytext_font *font, const char *text, size_t length, double width, howdytext_line *lines) {
    howdytext_layout *layout = NULL;
    if (howdytext_layout_create(font, text, length, width, "{\"mode\":\"balance\"}", &layout, NULL) != HOWDYTEXT_OK)
        return 0;
    size_t count = howdytext_layout_lines(layout, lines, MAX_LINES);
    howdytext_layout_free(layout);
    return count;
}

static int same_line(howdytext_line a, howdytext_line b, size_t shift) {
    return a.start == b.start + shift && a.end == b.end + shift && a.width == b.width && a.hyphen == b.hyphen &&
           a.rtl == b.rtl;
}

int main(void) {
    howdytext_font *font = NULL;
    howdytext_style *style = NULL;
    char *message = NULL;
    if (howdytext_font_open("Inter-Bold", 28, &font, &message) != HOWDYTEXT_OK) {
        fprintf(stderr, "%s\n", message);
        return 1;
    }
    CHECK(howdytext_style_create(font, "{\"mode\":\"balance\"}", &style, &message) == HOWDYTEXT_OK && style);

    /* A style lays out as howdytext_layout_create does. */
    const char *readme = "Get reminders for every plan you make";
    howdytext_line expected[MAX_LINES], got[MAX_LINES];
    size_t expected_count = alone(font, readme, strlen(readme), 330, expected);
    CHECK(expected_count == 2);
    howdytext_summary summary;
    CHECK(howdytext_style_layout_into(style, readme, strlen(readme), 330, got, MAX_LINES, &summary, &message) ==
          HOWDYTEXT_OK);
    CHECK(summary.line_count == expected_count && summary.greedy_line_count == 2);
    for (size_t i = 0; i < expected_count; i++) CHECK(same_line(got[i], expected[i], 0));
    /* Room for one line: one copied, the count says two. */
    memset(got, 0, sizeof got);
    CHECK(howdytext_style_layout_into(style, readme, strlen(readme), 330, got, 1, &summary, NULL) == HOWDYTEXT_OK);
    CHECK(summary.line_count == 2 && same_line(got[0], expected[0], 0) && got[1].end == 0);

    /* howdytext_layout_into (create, copy and free in one) gives the same lines. */
    memset(got, 0, sizeof got);
    CHECK(howdytext_layout_into(font, readme, strlen(readme), 330, NULL, got, MAX_LINES, &summary, NULL) ==
          HOWDYTEXT_OK);
    CHECK(summary.line_count == expected_count && same_line(got[1], expected[1], 0));
    CHECK(howdytext_layout_into(font, readme, strlen(readme), 330, "{\"mode\":\"wide\"}", got, MAX_LINES, &summary,
                                NULL) == HOWDYTEXT_ERROR_OPTIONS);

    /* Errors: codes and messages, nothing written. */
    howdytext_style *bad = (howdytext_style *)&summary;
    CHECK(howdytext_style_create(font, "{\"mode\":\"wide\"}", &bad, &message) == HOWDYTEXT_ERROR_OPTIONS);
    CHECK(bad == NULL && message && strstr(message, "mode"));
    howdytext_message_free(message);
    message = NULL;
    CHECK(howdytext_style_create(font, "{\"width\":3}", &bad, NULL) == HOWDYTEXT_ERROR_OPTIONS);
    CHECK(howdytext_style_create(NULL, NULL, &bad, NULL) == HOWDYTEXT_ERROR_ARGUMENT && bad == NULL);
    CHECK(howdytext_style_create(font, NULL, NULL, NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_style_layout_into(style, readme, strlen(readme), NAN, got, MAX_LINES, &summary, &message) ==
          HOWDYTEXT_ERROR_RANGE);
    CHECK(message && strstr(message, "width"));
    howdytext_message_free(message);
    message = NULL;
    CHECK(howdytext_style_layout_into(style, "\xff", 1, 330, got, MAX_LINES, &summary, NULL) ==
          HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_style_layout_into(NULL, readme, 3, 330, got, MAX_LINES, &summary, NULL) ==
          HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_style_layout_into(style, readme, 3, 330, NULL, 4, &summary, NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_style_layout_into(style, NULL, 3, 330, got, MAX_LINES, &summary, NULL) ==
          HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_style_layout_into(style, readme, (size_t)-1, 330, got, MAX_LINES, &summary, NULL) ==
          HOWDYTEXT_ERROR_ARGUMENT);

    /* A batch: README, a refused width, a non-ASCII paragraph, a NULL style. */
    const char *paragraphs[4] = {readme, "Too narrow", "Café déjà vu, encore une fois, à bientôt",
                                 "Turn on notifications"};
    char joined[256];
    size_t offsets[5] = {0};
    for (int i = 0; i < 4; i++) {
        size_t length = strlen(paragraphs[i]);
        memcpy(joined + offsets[i], paragraphs[i], length);
        offsets[i + 1] = offsets[i] + length;
    }
    const howdytext_style *styles[4] = {style, style, style, NULL};
    double widths[4] = {330, -1, 120, 330};
    howdytext_line lines[MAX_LINES];
    howdytext_summary summaries[4];
    howdytext_status statuses[4];
    size_t done = 99;
    CHECK(howdytext_layout_many(styles, joined, offsets[4], offsets, widths, 4, lines, MAX_LINES, summaries, statuses,
                                &done, &message) == HOWDYTEXT_OK);
    CHECK(done == 4 && message == NULL);
    CHECK(statuses[0] == HOWDYTEXT_OK && statuses[1] == HOWDYTEXT_ERROR_RANGE && statuses[2] == HOWDYTEXT_OK &&
          statuses[3] == HOWDYTEXT_ERROR_ARGUMENT);
    howdytext_line third[MAX_LINES];
    size_t third_count = alone(font, paragraphs[2], strlen(paragraphs[2]), 120, third);
    CHECK(third_count >= 3 && summaries[0].line_count == 2 && summaries[2].line_count == third_count);
    for (size_t i = 0; i < 2; i++) CHECK(same_line(lines[i], expected[i], 0));
    for (size_t i = 0; i < third_count; i++) CHECK(same_line(lines[2 + i], third[i], offsets[2]));

    /* Room for the first paragraph's lines only: the call stops before the third, and
     * goes on from there. */
    done = 99;
    CHECK(howdytext_layout_many(styles, joined, offsets[4], offsets, widths, 4, lines, 2, summaries, statuses, &done,
                                NULL) == HOWDYTEXT_OK);
    CHECK(done == 2 && statuses[1] == HOWDYTEXT_ERROR_RANGE);
    CHECK(howdytext_layout_many(styles + 2, joined, offsets[4], offsets + 2, widths + 2, 2, lines, 2, summaries + 2,
                                statuses + 2, &done, NULL) == HOWDYTEXT_OK);
    CHECK(done == 0 && summaries[2].line_count == third_count); /* needs more than 2 */
    CHECK(howdytext_layout_many(styles + 2, joined, offsets[4], offsets + 2, widths + 2, 2, lines, MAX_LINES,
                                summaries + 2, statuses + 2, &done, NULL) == HOWDYTEXT_OK);
    CHECK(done == 2 && statuses[2] == HOWDYTEXT_OK && same_line(lines[0], third[0], offsets[2]));

    /* Bad batches: refused whole, with a message. */
    size_t backwards[3] = {0, 10, 5};
    CHECK(howdytext_layout_many(styles, joined, offsets[4], backwards, widths, 2, lines, MAX_LINES, summaries,
                                statuses, &done, &message) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(done == 0 && message && strstr(message, "offsets[2]"));
    howdytext_message_free(message);
    message = NULL;
    size_t past[2] = {0, offsets[4] + 1};
    CHECK(howdytext_layout_many(styles, joined, offsets[4], past, widths, 1, lines, MAX_LINES, summaries, statuses,
                                &done, NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_layout_many(styles, joined, offsets[4], offsets, widths, 1, lines, MAX_LINES, summaries, statuses,
                                NULL, NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_layout_many(NULL, joined, offsets[4], offsets, widths, 1, lines, MAX_LINES, summaries, statuses,
                                &done, NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_layout_many(styles, joined, offsets[4], offsets, widths, 1, NULL, 5, summaries, statuses, &done,
                                NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_layout_many(styles, joined, offsets[4], offsets, widths, (size_t)-1, lines, MAX_LINES, summaries,
                                statuses, &done, NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    /* Invalid UTF-8 in one paragraph: that paragraph's status only. */
    char broken[] = "ok\xff";
    size_t broken_offsets[3] = {0, 2, 3};
    CHECK(howdytext_layout_many(styles, broken, 3, broken_offsets, widths, 2, lines, MAX_LINES, summaries, statuses,
                                &done, NULL) == HOWDYTEXT_OK);
    CHECK(done == 2 && statuses[0] == HOWDYTEXT_OK && statuses[1] == HOWDYTEXT_ERROR_ARGUMENT);
    /* No paragraphs: nothing needed but offsets and out_done. */
    size_t zero = 0;
    CHECK(howdytext_layout_many(NULL, NULL, 0, &zero, NULL, 0, NULL, 0, NULL, NULL, &done, NULL) == HOWDYTEXT_OK &&
          done == 0);

    /* A flat layout: the style's lines, in three units, and the count when they do not fit. */
    {
        /* "Café déjà vu 🎉 encore une fois": é, à are 2 bytes and 1 unit; 🎉 4 bytes, 2 UTF-16 units. */
        const char *mixed = "Caf\xc3\xa9 d\xc3\xa9j\xc3\xa0 vu \xf0\x9f\x8e\x89 encore une fois, \xc3\xa0 bient\xc3\xb4t";
        size_t length = strlen(mixed);
        howdytext_line reference[MAX_LINES];
        CHECK(howdytext_style_layout_into(style, mixed, length, 120, reference, MAX_LINES, &summary, NULL) ==
              HOWDYTEXT_OK);
        size_t count = summary.line_count;
        CHECK(count >= 3);
        /* The block and its lines, 8-byte aligned. */
        uint64_t memory[(sizeof(howdytext_flat) + MAX_LINES * sizeof(howdytext_line)) / 8];
        howdytext_flat *io = (howdytext_flat *)memory;
        howdytext_line *flat_lines = (howdytext_line *)(io + 1);
        for (size_t units = 0; units < 3; units++) {
            memset(memory, 0, sizeof memory);
            *io = (howdytext_flat){.text_length = length, .width = 120, .units = units, .capacity = MAX_LINES};
            CHECK(howdytext_style_layout_flat(style, mixed, io) == (ptrdiff_t)count);
            CHECK(io->widest == summary.width && io->height == summary.height &&
                  io->greedy_line_count == summary.greedy_line_count);
            /* Each bound counted in the units asked for: the reference's byte offsets converted here. */
            for (size_t i = 0; i < count; i++) {
                size_t bounds[2] = {reference[i].start, reference[i].end}, got_bounds[2] = {flat_lines[i].start,
                                                                                            flat_lines[i].end};
                for (int b = 0; b < 2; b++) {
                    size_t expected_units = 0;
                    for (size_t at = 0; at < bounds[b]; at++) {
                        unsigned char byte = (unsigned char)mixed[at];
                        if ((byte & 0xC0) == 0x80) continue; /* a continuation byte */
                        expected_units += units == HOWDYTEXT_UNITS_UTF16 && byte >= 0xF0 ? 2 : 1;
                    }
                    if (units == HOWDYTEXT_UNITS_UTF8) expected_units = bounds[b];
                    CHECK(got_bounds[b] == expected_units);
                }
                CHECK(flat_lines[i].width == reference[i].width && flat_lines[i].hyphen == reference[i].hyphen &&
                      flat_lines[i].rtl == reference[i].rtl);
            }
        }
        /* ASCII: every unit is a byte. */
        *io = (howdytext_flat){.text_length = strlen(readme), .width = 330, .units = HOWDYTEXT_UNITS_SCALARS,
                               .capacity = MAX_LINES};
        CHECK(howdytext_style_layout_flat(style, readme, io) == 2);
        CHECK(same_line(flat_lines[0], expected[0], 0) && same_line(flat_lines[1], expected[1], 0));
        /* Room for one line: the count, the summary, no line written. */
        memset(flat_lines, 0, MAX_LINES * sizeof(howdytext_line));
        *io = (howdytext_flat){.text_length = strlen(readme), .width = 330, .units = 0, .capacity = 1};
        CHECK(howdytext_style_layout_flat(style, readme, io) == 2 && io->greedy_line_count == 2);
        CHECK(flat_lines[0].end == 0);
        /* The empty text: no lines. */
        *io = (howdytext_flat){.text_length = 0, .width = 330, .units = 0, .capacity = 0};
        CHECK(howdytext_style_layout_flat(style, NULL, io) == 0);
        /* Errors: minus the status style_layout_into gives. */
        *io = (howdytext_flat){.text_length = strlen(readme), .width = NAN, .units = 0, .capacity = MAX_LINES};
        CHECK(howdytext_style_layout_flat(style, readme, io) == -HOWDYTEXT_ERROR_RANGE);
        *io = (howdytext_flat){.text_length = 1, .width = 330, .units = 0, .capacity = MAX_LINES};
        CHECK(howdytext_style_layout_flat(style, "\xff", io) == -HOWDYTEXT_ERROR_ARGUMENT);
        *io = (howdytext_flat){.text_length = 3, .width = 330, .units = 3, .capacity = MAX_LINES};
        CHECK(howdytext_style_layout_flat(style, readme, io) == -HOWDYTEXT_ERROR_ARGUMENT);
        *io = (howdytext_flat){.text_length = 3, .width = 330, .units = (size_t)-1, .capacity = MAX_LINES};
        CHECK(howdytext_style_layout_flat(style, readme, io) == -HOWDYTEXT_ERROR_ARGUMENT);
        *io = (howdytext_flat){.text_length = (size_t)-1, .width = 330, .units = 0, .capacity = MAX_LINES};
        CHECK(howdytext_style_layout_flat(style, readme, io) == -HOWDYTEXT_ERROR_ARGUMENT);
        *io = (howdytext_flat){.text_length = 3, .width = 330, .units = 0, .capacity = MAX_LINES};
        CHECK(howdytext_style_layout_flat(style, NULL, io) == -HOWDYTEXT_ERROR_ARGUMENT);
        CHECK(howdytext_style_layout_flat(NULL, readme, io) == -HOWDYTEXT_ERROR_ARGUMENT);
        CHECK(howdytext_style_layout_flat(style, readme, NULL) == -HOWDYTEXT_ERROR_ARGUMENT);
        /* A block 4 bytes off alignment: refused, nothing read. */
        CHECK(howdytext_style_layout_flat(style, readme, (howdytext_flat *)((char *)memory + 4)) ==
              -HOWDYTEXT_ERROR_ARGUMENT);
    }

    howdytext_style_free(style);
    howdytext_style_free(NULL);
    howdytext_font_free(font);
    if (failures) return 1;
    printf("styles, batches and flat layouts: same lines as alone, errors as codes\n");
    return 0;
}
