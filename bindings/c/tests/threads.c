/* One font used from several threads at once: each thread lays out the same texts
 * with the shared font handle, with shared styles (howdytext_style_layout_into and
 * howdytext_style_layout_flat, each thread with its own block) and in
 * one batch (howdytext_layout_many), and reads one shared layout, and must get the
 * lines the main thread got alone. Run under -fsanitize=thread by scripts/test-bindings.sh.
 * Exits 1 on the first difference. */
#include <howdytext.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { THREADS = 4, ROUNDS = 25, TEXTS = 7, MAX_LINES = 16 };

static const char *texts[TEXTS] = {
    "Get reminders for every plan you make",
    "Turn on notifications so we can remind you when your plan is ready",
    "Schön, dass du da bist: Benachrichtigungen helfen dir, dranzubleiben",
    "Your streak freezes once a week when you miss a day, so take a break",
    /* Bundled fallback faces (answers per scalar, HarfBuzz fonts for the fallback faces),
     * the ja line-break rules, and hyphens: auto (a dictionary and a word iterator). */
    "新しい計画をいつでもどこでも確認できます。通知をオンにしてください。",
    "مرحبا بك في تطبيقك الجديد للتخطيط الهادئ والتذكير بكل خطة",
    "Donaudampfschifffahrtsgesellschaftskapitän und Rechtsschutzversicherungsgesellschaften",
};

/* Options each text is always laid out with; NULL: alternately none and balance. */
static const char *text_options[TEXTS] = {
    NULL, NULL, NULL, NULL, "{\"locale\":\"ja\"}", "{\"locale\":\"ar\"}",
    "{\"locale\":\"de\",\"hyphens\":\"auto\"}",
};

typedef struct {
    size_t count;
    howdytext_line lines[MAX_LINES];
} result;

static howdytext_font *font;
static howdytext_style *styles[TEXTS];
/* The texts end to end, for the batch. */
static char joined[1024];
static size_t offsets[TEXTS + 1];
static const howdytext_layout *shared_layout;
static result expected[TEXTS];
static result shared_expected;

static int lay_out(const char *text, const char *options, result *out) {
    howdytext_layout *layout = NULL;
    if (howdytext_layout_create(font, text, strlen(text), 260, options, &layout, NULL) != HOWDYTEXT_OK) return 0;
    out->count = howdytext_layout_lines(layout, out->lines, MAX_LINES);
    howdytext_layout_free(layout);
    return 1;
}

static int same(const result *a, const result *b) {
    if (a->count != b->count) return 0;
    for (size_t i = 0; i < a->count; i++) {
        if (a->lines[i].start != b->lines[i].start || a->lines[i].end != b->lines[i].end ||
            a->lines[i].width != b->lines[i].width || a->lines[i].hyphen != b->lines[i].hyphen)
            return 0;
    }
    return 1;
}

/* Every text in one howdytext_layout_many call; 0 when any differs from `expected`. */
static int batch_same(void) {
    const howdytext_style *batch_styles[TEXTS];
    double widths[TEXTS];
    howdytext_line lines[TEXTS * MAX_LINES];
    howdytext_summary summaries[TEXTS];
    howdytext_status statuses[TEXTS];
    size_t done = 0;
    for (int i = 0; i < TEXTS; i++) {
        batch_styles[i] = styles[i];
        widths[i] = 260;
    }
    if (howdytext_layout_many(batch_styles, joined, offsets[TEXTS], offsets, widths, TEXTS, lines, TEXTS * MAX_LINES,
                              summaries, statuses, &done, NULL) != HOWDYTEXT_OK || done != TEXTS)
        return 0;
    size_t at = 0;
    for (int i = 0; i < TEXTS; i++) {
        if (statuses[i] != HOWDYTEXT_OK) return 0;
        result got = {.count = summaries[i].line_count};
        for (size_t l = 0; l < got.count && l < MAX_LINES; l++) {
            got.lines[l] = lines[at + l];
            got.lines[l].start -= offsets[i]; /* batch ranges are into the whole buffer */
            got.lines[l].end -= offsets[i];
        }
        at += got.count;
        if (!same(&got, &expected[i])) return 0;
    }
    return 1;
}

static void *worker(void *arg) {
    long failures = 0;
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < TEXTS; i++) {
            result got;
            const char *options = text_options[i] ? text_options[i] : (round + i) % 2 ? "{\"mode\":\"balance\"}" : NULL;
            if (!lay_out(texts[i], options, &got) || !same(&got, &expected[i])) failures++;
            howdytext_summary summary;
            if (howdytext_style_layout_into(styles[i], texts[i], strlen(texts[i]), 260, got.lines, MAX_LINES, &summary,
                                            NULL) != HOWDYTEXT_OK)
                failures++;
            got.count = summary.line_count;
            if (!same(&got, &expected[i])) failures++;
            uint64_t memory[(sizeof(howdytext_flat) + MAX_LINES * sizeof(howdytext_line)) / 8];
            howdytext_flat *io = (howdytext_flat *)memory;
            *io = (howdytext_flat){.text_length = strlen(texts[i]), .width = 260, .units = HOWDYTEXT_UNITS_UTF8,
                                   .capacity = MAX_LINES};
            ptrdiff_t count = howdytext_style_layout_flat(styles[i], texts[i], io);
            if (count < 0 || count > MAX_LINES) {
                failures++;
            } else {
                got.count = (size_t)count;
                memcpy(got.lines, io + 1, got.count * sizeof(howdytext_line));
                if (!same(&got, &expected[i])) failures++;
            }
        }
        if (!batch_same()) failures++;
        result read;
        read.count = howdytext_layout_lines(shared_layout, read.lines, MAX_LINES);
        if (!same(&read, &shared_expected)) failures++;
    }
    (void)arg;
    return (void *)failures;
}

int main(void) {
    char *message = NULL;
    if (howdytext_font_open("Inter-Regular", 17, &font, &message) != HOWDYTEXT_OK) {
        fprintf(stderr, "howdytext_font_open: %s\n", message);
        return 1;
    }
    for (int i = 0; i < TEXTS; i++) {
        if (!lay_out(texts[i], text_options[i], &expected[i]) || expected[i].count < 2) {
            fprintf(stderr, "text %d: no reference layout\n", i);
            return 1;
        }
    }
    for (int i = 0; i < TEXTS; i++) {
        if (howdytext_style_create(font, text_options[i], &styles[i], &message) != HOWDYTEXT_OK) {
            fprintf(stderr, "howdytext_style_create: %s\n", message);
            return 1;
        }
        size_t length = strlen(texts[i]);
        if (offsets[i] + length >= sizeof joined) return 1;
        memcpy(joined + offsets[i], texts[i], length);
        offsets[i + 1] = offsets[i] + length;
    }
    howdytext_layout *layout = NULL;
    if (howdytext_layout_create(font, texts[1], strlen(texts[1]), 200, NULL, &layout, NULL) != HOWDYTEXT_OK) return 1;
    shared_layout = layout;
    shared_expected.count = howdytext_layout_lines(layout, shared_expected.lines, MAX_LINES);

    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, worker, NULL);
    long failures = 0;
    for (int t = 0; t < THREADS; t++) {
        void *value;
        pthread_join(threads[t], &value);
        failures += (long)value;
    }
    howdytext_layout_free(layout);
    for (int i = 0; i < TEXTS; i++) howdytext_style_free(styles[i]);
    howdytext_font_free(font);
    if (failures) {
        fprintf(stderr, "%ld layouts differed from the single-threaded ones\n", failures);
        return 1;
    }
    printf("%d threads x %d rounds: same lines as one thread\n", THREADS, ROUNDS);
    return 0;
}
