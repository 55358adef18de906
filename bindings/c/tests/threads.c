/* One font used from several threads at once: each thread lays out the same texts
 * with the shared font handle (and reads one shared layout) and must get the lines the
 * main thread got alone. Run under -fsanitize=thread by scripts/test-bindings.sh.
 * Exits 1 on the first difference. */
#include <howdytext.h>

#include <pthread.h>
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

static void *worker(void *arg) {
    long failures = 0;
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < TEXTS; i++) {
            result got;
            const char *options = text_options[i] ? text_options[i] : (round + i) % 2 ? "{\"mode\":\"balance\"}" : NULL;
            if (!lay_out(texts[i], options, &got) || !same(&got, &expected[i])) failures++;
        }
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
    howdytext_font_free(font);
    if (failures) {
        fprintf(stderr, "%ld layouts differed from the single-threaded ones\n", failures);
        return 1;
    }
    printf("%d threads x %d rounds: same lines as one thread\n", THREADS, ROUNDS);
    return 0;
}
