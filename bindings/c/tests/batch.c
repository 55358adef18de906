/* howdytext_style and howdytext_layout_many as howdytext.h documents them: a style lays
 * out as howdytext_layout_create does; a batch gives each paragraph the lines it gets
 * alone (ranges into the whole buffer), a status per paragraph, and stops before a
 * paragraph whose lines do not fit; bad arguments are refused with a message. Run
 * plainly and under AddressSanitizer by scripts/test-bindings.sh. Exits 1 on the first
 * failed check, naming it. */
#include <howdytext.h>

#include <math.h>
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

    howdytext_style_free(style);
    howdytext_style_free(NULL);
    howdytext_font_free(font);
    if (failures) return 1;
    printf("styles and batches: same lines as alone, errors as codes\n");
    return 0;
}
