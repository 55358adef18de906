/* The in-process Swift figure for the Python benchmark: the same corpus laid out through
 * libhowdytext with no Python in between. Reads "font\tsize\twidth\ttext" lines from the
 * file named by argv[1], warms up with one pass, then times `rounds` (argv[2]) passes of
 * each way to call the library, in turns, and prints the medians as JSON:
 *   nsPerParagraph        howdytext_style_layout_into, a style per font (what Python calls)
 *   createNsPerParagraph  howdytext_layout_create with the options JSON, _lines, _free
 *   batchNsPerParagraph   howdytext_layout_many over the whole corpus in one call
 * Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID): the library lays out on the
 * calling thread, and on a shared machine wall time mostly measures the other processes.
 * Exits 1 if any layout fails. */
#include <howdytext.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    howdytext_font *font;
    howdytext_style *style;
    char *text;
    size_t length;
    double width;
} item;

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: bench CORPUS.tsv ROUNDS\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "r");
    if (!file) return 2;
    int rounds = atoi(argv[2]);
    if (rounds < 1 || rounds > 1000) return 2;
    size_t capacity = 1024, count = 0;
    item *items = malloc(capacity * sizeof(item));
    char names[64][128];
    double sizes[64];
    howdytext_font *fonts[64];
    howdytext_style *styles[64];
    int font_count = 0;
    char *line = NULL;
    size_t line_capacity = 0;
    ssize_t read;
    while ((read = getline(&line, &line_capacity, file)) > 0) {
        if (line[read - 1] == '\n') line[--read] = 0;
        char *name = strtok(line, "\t"), *size = strtok(NULL, "\t"), *width = strtok(NULL, "\t");
        char *text = width ? width + strlen(width) + 1 : NULL;
        if (!name || !size || !width || !text) return 2;
        int f = 0;
        while (f < font_count && !(strcmp(names[f], name) == 0 && sizes[f] == atof(size))) f++;
        if (f == font_count) {
            if (font_count == 64 || strlen(name) >= 128) return 2;
            snprintf(names[f], sizeof names[f], "%s", name);
            sizes[f] = atof(size);
            if (howdytext_font_open(name, sizes[f], &fonts[f], NULL) != HOWDYTEXT_OK) return 1;
            if (howdytext_style_create(fonts[f], "{\"mode\":\"balance\"}", &styles[f], NULL) != HOWDYTEXT_OK) return 1;
            font_count++;
        }
        if (count == capacity) items = realloc(items, (capacity *= 2) * sizeof(item));
        items[count].font = fonts[f];
        items[count].style = styles[f];
        items[count].text = strdup(text);
        items[count].length = strlen(text);
        items[count].width = atof(width);
        count++;
    }
    fclose(file);
    free(line);
    /* The batch's arguments: the texts end to end, their offsets, styles and widths. */
    size_t total = 0;
    for (size_t i = 0; i < count; i++) total += items[i].length;
    char *joined = malloc(total + 1);
    size_t *offsets = malloc((count + 1) * sizeof(size_t));
    const howdytext_style **batch_styles = malloc(count * sizeof(howdytext_style *));
    double *widths = malloc(count * sizeof(double));
    howdytext_summary *summaries = malloc(count * sizeof(howdytext_summary));
    howdytext_status *statuses = malloc(count * sizeof(howdytext_status));
    size_t batch_capacity = 64 * count;
    howdytext_line *batch_lines = malloc(batch_capacity * sizeof(howdytext_line));
    if (!joined || !offsets || !batch_styles || !widths || !summaries || !statuses || !batch_lines) return 1;
    offsets[0] = 0;
    for (size_t i = 0; i < count; i++) {
        memcpy(joined + offsets[i], items[i].text, items[i].length);
        offsets[i + 1] = offsets[i] + items[i].length;
        batch_styles[i] = items[i].style;
        widths[i] = items[i].width;
    }
    howdytext_line lines[64];
    howdytext_summary summary;
    double *times = malloc(3 * (size_t)rounds * sizeof(double));
    double *create_times = times + rounds, *batch_times = times + 2 * rounds;
    for (int round = -1; round < rounds; round++) {
        double start = now_ns();
        for (size_t i = 0; i < count; i++) {
            howdytext_layout *layout;
            if (howdytext_layout_create(items[i].font, items[i].text, items[i].length, items[i].width,
                                        "{\"mode\":\"balance\"}", &layout, NULL) != HOWDYTEXT_OK)
                return 1;
            howdytext_layout_lines(layout, lines, 64);
            howdytext_layout_free(layout);
        }
        if (round >= 0) create_times[round] = (now_ns() - start) / (double)count;
        start = now_ns();
        for (size_t i = 0; i < count; i++) {
            if (howdytext_style_layout_into(items[i].style, items[i].text, items[i].length, items[i].width, lines, 64,
                                            &summary, NULL) != HOWDYTEXT_OK)
                return 1;
        }
        if (round >= 0) times[round] = (now_ns() - start) / (double)count;
        start = now_ns();
        size_t done = 0;
        if (howdytext_layout_many(batch_styles, joined, total, offsets, widths, count, batch_lines, batch_capacity,
                                  summaries, statuses, &done, NULL) != HOWDYTEXT_OK || done != count)
            return 1;
        for (size_t i = 0; i < count; i++)
            if (statuses[i] != HOWDYTEXT_OK) return 1;
        if (round >= 0) batch_times[round] = (now_ns() - start) / (double)count;
    }
    qsort(times, (size_t)rounds, sizeof(double), compare);
    qsort(create_times, (size_t)rounds, sizeof(double), compare);
    qsort(batch_times, (size_t)rounds, sizeof(double), compare);
    printf("{\"nsPerParagraph\": %.0f, \"createNsPerParagraph\": %.0f, \"batchNsPerParagraph\": %.0f, "
           "\"paragraphs\": %zu, \"rounds\": %d}\n",
           times[rounds / 2], create_times[rounds / 2], batch_times[rounds / 2], count, rounds);
    return 0;
}
