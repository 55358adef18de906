/* The README's example through the C ABI, plus every error path a caller can reach:
 * built with nothing but `cc $(pkg-config --cflags --libs howdytext)` against an
 * installed prefix (scripts/test-bindings.sh), and again with -fsanitize=address.
 * Prints the balanced lines; exits 1 naming the first check that failed. */
#include <howdytext.h>

#include <math.h> /* NAN, INFINITY: macros, no libm needed */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(condition)                                                       \
    do {                                                                       \
        if (!(condition)) {                                                    \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
            failures++;                                                        \
        }                                                                      \
    } while (0)

/* Lays out `text` and expects `status`, a message when it fails, and no layout. */
static void expect_layout_error(const howdytext_font *font, const char *text, size_t length, double width,
                                const char *options, howdytext_status status, const char *message_part) {
    howdytext_layout *layout = (howdytext_layout *)1;
    char *message = NULL;
    howdytext_status got = howdytext_layout_create(font, text, length, width, options, &layout, &message);
    CHECK(got == status);
    CHECK(layout == NULL);
    CHECK(message != NULL && strstr(message, message_part) != NULL);
    if (got != status || message == NULL || strstr(message, message_part) == NULL)
        fprintf(stderr, "  expected status %d with \"%s\", got %d: %s\n", status, message_part, got,
                message ? message : "(no message)");
    howdytext_message_free(message);
}

int main(void) {
    /* The version the header states is the version of the library loaded. */
    CHECK(strcmp(howdytext_version(), HOWDYTEXT_VERSION_STRING) == 0);
    CHECK(HOWDYTEXT_VERSION_NUMBER == HOWDYTEXT_VERSION_MAJOR * 10000 + HOWDYTEXT_VERSION_MINOR * 100 + HOWDYTEXT_VERSION_PATCH);

    howdytext_font *font = NULL;
    char *message = NULL;
    howdytext_status status = howdytext_font_open("Inter-Bold", 28, &font, &message);
    if (status != HOWDYTEXT_OK) {
        fprintf(stderr, "howdytext_font_open: %s\n", message);
        return 1;
    }
    CHECK(howdytext_font_size(font) == 28);

    /* README: balance(text: "Get reminders for every plan you make", Inter-Bold 28 px, width: 330). */
    const char *text = "Get reminders for every plan you make";
    const char *expected[] = {"Get reminders for", "every plan you make"};
    howdytext_layout *layout = NULL;
    status = howdytext_layout_create(font, text, strlen(text), 330, NULL, &layout, &message);
    CHECK(status == HOWDYTEXT_OK && layout != NULL && message == NULL);
    if (layout == NULL) return 1;
    size_t count = howdytext_layout_line_count(layout);
    CHECK(count == 2);
    CHECK(howdytext_layout_greedy_line_count(layout) == 2);
    double widest = 0;
    for (size_t i = 0; i < count && i < 2; i++) {
        howdytext_line line;
        CHECK(howdytext_layout_line(layout, i, &line) == HOWDYTEXT_OK);
        int length = (int)(line.end - line.start);
        printf("%.*s\t%g\n", length, text + line.start, line.width);
        CHECK(strlen(expected[i]) == (size_t)length && strncmp(text + line.start, expected[i], length) == 0);
        CHECK(line.width > 0 && line.width <= 330 && line.hyphen == 0 && line.rtl == 0);
        /* Widths are whole 1/64 px. */
        CHECK(line.width * 64 == (double)(long long)(line.width * 64));
        if (line.width > widest) widest = line.width;
    }
    CHECK(howdytext_layout_width(layout) == widest);
    CHECK(howdytext_layout_height(layout) > 0);
    howdytext_line all[4];
    CHECK(howdytext_layout_lines(layout, all, 4) == 2);
    CHECK(howdytext_layout_lines(layout, all, 1) == 1);
    CHECK(howdytext_layout_lines(layout, NULL, 4) == 0);
    howdytext_line past;
    CHECK(howdytext_layout_line(layout, 2, &past) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_layout_line(layout, (size_t)-1, &past) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_layout_line(layout, 0, NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    howdytext_layout_free(layout);

    /* Greedy, the README's contrast: "Get reminders for every" / "plan you make". */
    status = howdytext_layout_create(font, text, strlen(text), 330, "{\"mode\":\"greedy\"}", &layout, &message);
    CHECK(status == HOWDYTEXT_OK);
    if (layout) {
        howdytext_line first;
        CHECK(howdytext_layout_line(layout, 0, &first) == HOWDYTEXT_OK);
        CHECK(first.end - first.start == strlen("Get reminders for every"));
        howdytext_layout_free(layout);
    }

    /* Byte ranges count UTF-8 bytes: "é" is two, the emoji four. */
    const char *accented = "Café déjà vu 🎉 encore une fois";
    status = howdytext_layout_create(font, accented, strlen(accented), 120, "{\"mode\":\"greedy\"}", &layout, &message);
    CHECK(status == HOWDYTEXT_OK);
    if (layout) {
        size_t lines = howdytext_layout_line_count(layout);
        CHECK(lines >= 2);
        howdytext_line last;
        CHECK(howdytext_layout_line(layout, lines - 1, &last) == HOWDYTEXT_OK);
        CHECK(last.end == strlen(accented));
        howdytext_layout_free(layout);
    }

    /* A soft hyphen (U+00AD) taken shows a hyphen: the flag is set. */
    const char *soft = "Notifications\xc2\xad" "ein\xc2\xad" "stel\xc2\xad" "lungen";
    status = howdytext_layout_create(font, soft, strlen(soft), 200, "{\"hyphens\":\"manual\",\"mode\":\"greedy\"}",
                                     &layout, &message);
    CHECK(status == HOWDYTEXT_OK);
    if (layout) {
        howdytext_line first;
        CHECK(howdytext_layout_line(layout, 0, &first) == HOWDYTEXT_OK);
        CHECK(howdytext_layout_line_count(layout) >= 2 && first.hyphen == 1);
        howdytext_layout_free(layout);
    }

    /* Empty text: no lines. NULL text with length 0 is the empty text. */
    status = howdytext_layout_create(font, NULL, 0, 330, NULL, &layout, &message);
    CHECK(status == HOWDYTEXT_OK && howdytext_layout_line_count(layout) == 0);
    howdytext_layout_free(layout);

    /* Errors: a code, a message naming the input, no layout, no abort. */
    expect_layout_error(font, text, strlen(text), 330, "{\"mode\":\"wide\"}", HOWDYTEXT_ERROR_OPTIONS, "mode");
    expect_layout_error(font, text, strlen(text), 330, "{\"mode\":", HOWDYTEXT_ERROR_OPTIONS, "not JSON");
    expect_layout_error(font, text, strlen(text), 330, "[1]", HOWDYTEXT_ERROR_OPTIONS, "expected a JSON object");
    expect_layout_error(font, text, strlen(text), 330, "{\"text\":\"x\"}", HOWDYTEXT_ERROR_OPTIONS, "text: an argument");
    expect_layout_error(font, text, strlen(text), 330, "{\"colour\":1}", HOWDYTEXT_ERROR_OPTIONS, "colour: unknown option");
    expect_layout_error(font, text, strlen(text), 330, "{\"features\":[\"k e r n\"]}", HOWDYTEXT_ERROR_OPTIONS, "k e r n");
    expect_layout_error(font, text, strlen(text), 330, "{\"lineHeight\":-1}", HOWDYTEXT_ERROR_RANGE, "line height");
    expect_layout_error(font, text, strlen(text), NAN, NULL, HOWDYTEXT_ERROR_RANGE, "width");
    expect_layout_error(font, text, strlen(text), -5, NULL, HOWDYTEXT_ERROR_RANGE, "width");
    expect_layout_error(font, text, strlen(text), INFINITY, NULL, HOWDYTEXT_ERROR_RANGE, "width");
    expect_layout_error(font, "caf\xc3", 4, 330, NULL, HOWDYTEXT_ERROR_ARGUMENT, "UTF-8");
    expect_layout_error(font, NULL, 3, 330, NULL, HOWDYTEXT_ERROR_ARGUMENT, "text is NULL");
    expect_layout_error(font, text, (size_t)-1, 330, NULL, HOWDYTEXT_ERROR_ARGUMENT, "too large");
    expect_layout_error(font, text, (size_t)1 << 40, 330, NULL, HOWDYTEXT_ERROR_TEXT, "limit");
    expect_layout_error(NULL, text, strlen(text), 330, NULL, HOWDYTEXT_ERROR_ARGUMENT, "font is NULL");
    expect_layout_error(font, text, strlen(text), 330, "{\"hyphens\":\"auto\",\"locale\":\"xx\"}",
                        HOWDYTEXT_ERROR_HYPHENATION, "xx");
    CHECK(howdytext_layout_create(font, text, strlen(text), 330, NULL, NULL, NULL) == HOWDYTEXT_ERROR_ARGUMENT);

    howdytext_font *missing = (howdytext_font *)1;
    CHECK(howdytext_font_open("No Such Font Family 42", 28, &missing, &message) == HOWDYTEXT_ERROR_FONT_NOT_FOUND);
    CHECK(missing == NULL && message != NULL && strstr(message, "No Such Font Family 42") != NULL);
    howdytext_message_free(message);
    message = NULL;
    CHECK(howdytext_font_open("/nonexistent/font.ttf", 28, &missing, &message) == HOWDYTEXT_ERROR_FONT_INVALID);
    howdytext_message_free(message);
    message = NULL;
    CHECK(howdytext_font_open("Inter-Bold", 0, &missing, &message) == HOWDYTEXT_ERROR_RANGE);
    howdytext_message_free(message);
    CHECK(howdytext_font_open("Inter-Bold", NAN, &missing, NULL) == HOWDYTEXT_ERROR_RANGE);
    CHECK(howdytext_font_open(NULL, 28, &missing, NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_font_open("Inter-Bold", 28, NULL, NULL) == HOWDYTEXT_ERROR_ARGUMENT);
    CHECK(howdytext_font_open("\xff\xfe", 28, &missing, NULL) == HOWDYTEXT_ERROR_ARGUMENT);

    /* NULL handles are accepted everywhere. */
    CHECK(howdytext_layout_line_count(NULL) == 0 && howdytext_layout_width(NULL) == 0 && howdytext_font_size(NULL) == 0);
    howdytext_layout_free(NULL);
    howdytext_font_free(NULL);
    howdytext_message_free(NULL);

    howdytext_font_free(font);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    return 0;
}
