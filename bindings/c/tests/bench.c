/* The in-process Swift figure for the Python benchmark (bindings/python/benchmarks/
 * bench_peers.py): the same paragraphs laid out through libhowdytext with no Python in
 * between, in a process of its own that the benchmark drives, so that this process's
 * library sees exactly the texts the Python process's library sees, in the same order
 * (its caches hold the same things when each set is timed).
 *
 * Protocol: one command per line on stdin, one answer per line on stdout:
 *   style PATH   lays out every paragraph of PATH with howdytext_style_layout_into (one
 *                call per paragraph, what Python's balance() does) and reads every
 *                line's text (copies its bytes to a new string and frees it, as Python
 *                makes a str per line); answers the thread CPU time per paragraph in ns
 *   batch PATH   the same through one howdytext_layout_many call for the whole file
 *   untimed PATH the style pass, untimed (a set the Python process laid out untimed);
 *                answers 0
 * PATH holds "font\tsize\twidth\ttext" lines. Styles ({"mode":"balance"}, as balance()
 * makes them) are made once per font and size. Times are CLOCK_THREAD_CPUTIME_ID: the
 * library lays out on the calling thread, and on a shared machine wall time mostly
 * measures the other processes. Exits 1 if any layout fails, 2 on bad input. */
#include <howdytext.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    howdytext_style *style;
    char *text;
    size_t length;
    double width;
} item;

static char names[64][128];
static double sizes[64];
static howdytext_font *fonts[64];
static howdytext_style *styles[64];
static int font_count = 0;

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static howdytext_style *style_for(const char *name, double size) {
    for (int f = 0; f < font_count; f++)
        if (strcmp(names[f], name) == 0 && sizes[f] == size) return styles[f];
    if (font_count == 64 || strlen(name) >= 128) exit(2);
    int f = font_count;
    snprintf(names[f], sizeof names[f], "%s", name);
    sizes[f] = size;
    if (howdytext_font_open(name, size, &fonts[f], NULL) != HOWDYTEXT_OK) exit(1);
    if (howdytext_style_create(fonts[f], "{\"mode\":\"balance\"}", &styles[f], NULL) != HOWDYTEXT_OK) exit(1);
    font_count++;
    return styles[f];
}

/* The paragraphs of `path`; their count in *count. */
static item *load(const char *path, size_t *count) {
    FILE *file = fopen(path, "r");
    if (!file) exit(2);
    size_t capacity = 1024;
    item *items = malloc(capacity * sizeof(item));
    char *line = NULL;
    size_t line_capacity = 0;
    ssize_t read;
    *count = 0;
    while ((read = getline(&line, &line_capacity, file)) > 0) {
        if (line[read - 1] == '\n') line[--read] = 0;
        char *name = strtok(line, "\t"), *size = strtok(NULL, "\t"), *width = strtok(NULL, "\t");
        char *text = width ? width + strlen(width) + 1 : NULL;
        if (!name || !size || !width || !text) exit(2);
        if (*count == capacity) items = realloc(items, (capacity *= 2) * sizeof(item));
        if (!items) exit(2);
        items[*count].style = style_for(name, atof(size));
        items[*count].text = strdup(text);
        items[*count].length = strlen(text);
        items[*count].width = atof(width);
        (*count)++;
    }
    fclose(file);
    free(line);
    return items;
}

static size_t sink = 0;

/* Reads a line's text as a caller does: its own copy, made and dropped. */
static void read_text(const char *text, const howdytext_line *line) {
    size_t length = line->end - line->start;
    char *copy = malloc(length + 1);
    if (!copy) exit(1);
    memcpy(copy, text + line->start, length);
    copy[length] = 0;
    sink += (unsigned char)copy[0];
    free(copy);
}

static double style_pass(item *items, size_t count) {
    howdytext_line lines[64];
    howdytext_summary summary;
    double start = now_ns();
    for (size_t i = 0; i < count; i++) {
        if (howdytext_style_layout_into(items[i].style, items[i].text, items[i].length, items[i].width, lines, 64,
                                        &summary, NULL) != HOWDYTEXT_OK || summary.line_count > 64)
            exit(1);
        for (size_t l = 0; l < summary.line_count; l++) read_text(items[i].text, &lines[l]);
    }
    return (now_ns() - start) / (double)count;
}

static double batch_pass(item *items, size_t count) {
    size_t total = 0;
    for (size_t i = 0; i < count; i++) total += items[i].length;
    char *joined = malloc(total + 1);
    size_t *offsets = malloc((count + 1) * sizeof(size_t));
    const howdytext_style **batch_styles = malloc(count * sizeof(howdytext_style *));
    double *widths = malloc(count * sizeof(double));
    howdytext_summary *summaries = malloc(count * sizeof(howdytext_summary));
    howdytext_status *statuses = malloc(count * sizeof(howdytext_status));
    size_t capacity = 64 * count;
    howdytext_line *lines = malloc(capacity * sizeof(howdytext_line));
    if (!joined || !offsets || !batch_styles || !widths || !summaries || !statuses || !lines) exit(1);
    offsets[0] = 0;
    for (size_t i = 0; i < count; i++) {
        memcpy(joined + offsets[i], items[i].text, items[i].length);
        offsets[i + 1] = offsets[i] + items[i].length;
        batch_styles[i] = items[i].style;
        widths[i] = items[i].width;
    }
    double start = now_ns();
    size_t done = 0;
    if (howdytext_layout_many(batch_styles, joined, total, offsets, widths, count, lines, capacity, summaries,
                              statuses, &done, NULL) != HOWDYTEXT_OK || done != count)
        exit(1);
    size_t at = 0;
    for (size_t i = 0; i < count; i++) {
        if (statuses[i] != HOWDYTEXT_OK) exit(1);
        for (size_t l = 0; l < summaries[i].line_count; l++) read_text(joined, &lines[at + l]);
        at += summaries[i].line_count;
    }
    double elapsed = (now_ns() - start) / (double)count;
    free(joined);
    free(offsets);
    free(batch_styles);
    free(widths);
    free(summaries);
    free(statuses);
    free(lines);
    return elapsed;
}

int main(void) {
    char command[4096];
    while (fgets(command, sizeof command, stdin)) {
        command[strcspn(command, "\n")] = 0;
        char *space = strchr(command, ' ');
        if (!space) return 2;
        *space = 0;
        size_t count;
        item *items = load(space + 1, &count);
        if (count == 0) return 2;
        double ns;
        if (strcmp(command, "style") == 0) ns = style_pass(items, count);
        else if (strcmp(command, "batch") == 0) ns = batch_pass(items, count);
        else if (strcmp(command, "untimed") == 0) ns = (style_pass(items, count), 0);
        else return 2;
        for (size_t i = 0; i < count; i++) free(items[i].text);
        free(items);
        printf("%.1f\n", ns);
        fflush(stdout);
    }
    for (int f = 0; f < font_count; f++) {
        howdytext_style_free(styles[f]);
        howdytext_font_free(fonts[f]);
    }
    return sink == (size_t)-1;
}
