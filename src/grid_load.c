/* SPDX-License-Identifier: MIT */
/* The text map format: one line a row, '.' free, '#' wall (docs/grid.md). */
#include "steer/grid.h"

#include <stdarg.h>
#include <stdio.h>

/* What the parser has seen so far. */
typedef struct steer_map_parse {
    int width, height; /* cells: width of the first row, rows so far */
    int width_line;    /* the line that fixed the width */
    int blank_line;    /* first blank line seen after a row, 0 when none */
    uint8_t *cells;    /* NULL when only measuring */
    steer_grid_error *error;
} steer_map_parse;

static bool steer_map__fail(steer_map_parse *p, int line, int column, const char *fmt, ...)
{
    if (p->error == NULL) return false;
    p->error->line = line;
    p->error->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->error->message, sizeof p->error->message, fmt, ap);
    va_end(ap);
    return false;
}

/* A byte as the user would want to read it in a message. */
static void steer_map__show(char c, char *buf, size_t size)
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x20 && u < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02x", (unsigned)u);
}

static bool steer_map__row(steer_map_parse *p, const char *s, int n, int line)
{
    if (p->blank_line != 0)
        return steer_map__fail(p, p->blank_line, 1,
                               "blank line inside the map; expected a row of '.' and '#'");
    for (int i = 0; i < n; i++) {
        if (s[i] == '.' || s[i] == '#') continue;
        char shown[16];
        steer_map__show(s[i], shown, sizeof shown);
        return steer_map__fail(p, line, i + 1, "found %s, expected '.' (free) or '#' (wall)",
                               shown);
    }
    if (p->height == 0) {
        if (n > STEER_GRID_MAX_SIDE)
            return steer_map__fail(p, line, STEER_GRID_MAX_SIDE + 1,
                                   "row longer than %d cells, the largest width",
                                   STEER_GRID_MAX_SIDE);
        p->width = n;
        p->width_line = line;
    } else if (n < p->width) {
        return steer_map__fail(p, line, n + 1,
                               "row ends after %d cells, expected %d (the width of line %d)", n,
                               p->width, p->width_line);
    } else if (n > p->width) {
        return steer_map__fail(p, line, p->width + 1,
                               "row longer than %d cells (the width of line %d); expected the "
                               "end of the line",
                               p->width, p->width_line);
    }
    if (p->height >= STEER_GRID_MAX_SIDE)
        return steer_map__fail(p, line, 1, "more than %d rows, the largest height",
                               STEER_GRID_MAX_SIDE);
    if (p->cells != NULL) {
        uint8_t *row = p->cells + (size_t)p->height * (size_t)p->width;
        for (int i = 0; i < n; i++) row[i] = s[i] == '#' ? STEER_CELL_WALL : STEER_CELL_FREE;
    }
    p->height++;
    return true;
}

/* One line without its end; comments and blank lines are not rows. */
static bool steer_map__line(steer_map_parse *p, const char *s, size_t n, int line)
{
    if (n > 0 && s[n - 1] == '\r') n--; /* "\r\n" files from Windows editors */
    if (n > 0 && s[0] == ';') return true;
    if (n == 0) {
        if (p->height > 0 && p->blank_line == 0) p->blank_line = line;
        return true;
    }
    if (n > (size_t)STEER_GRID_MAX_SIDE) n = (size_t)STEER_GRID_MAX_SIDE + 1;
    return steer_map__row(p, s, (int)n, line);
}

static bool steer_map__parse(steer_map_parse *p, const char *text, size_t length)
{
    if (text == NULL) length = 0;
    size_t start = 0;
    int line = 1;
    for (size_t i = 0; i <= length; i++) {
        if (i < length && text[i] != '\n') continue;
        if (i == length && i == start) break; /* the file ended with a newline */
        if (!steer_map__line(p, text + start, i - start, line)) return false;
        start = i + 1;
        line++;
    }
    if (p->height == 0)
        return steer_map__fail(p, 0, 0, "empty map: expected at least one row of '.' and '#'");
    return true;
}

bool steer_grid_text_size(const char *text, size_t length, int *width, int *height,
                          steer_grid_error *error)
{
    steer_map_parse p = {0, 0, 0, 0, NULL, error};
    bool ok = steer_map__parse(&p, text, length);
    if (width != NULL) *width = ok ? p.width : 0;
    if (height != NULL) *height = ok ? p.height : 0;
    return ok;
}

bool steer_grid_from_text(steer_grid *grid, uint8_t *cells, size_t capacity, const char *text,
                          size_t length, steer_grid_error *error)
{
    STEER_ASSERT(grid != NULL);
    if (grid == NULL) return false;
    int w = 0, h = 0;
    grid->width = grid->height = 0;
    grid->cells = NULL;
    if (!steer_grid_text_size(text, length, &w, &h, error)) return false;
    steer_map_parse p = {0, 0, 0, 0, cells, error};
    if (cells == NULL || capacity < steer_grid_cells_needed(w, h))
        return steer_map__fail(&p, 0, 0, "cell array holds %zu bytes, the map needs %d x %d",
                               cells == NULL ? (size_t)0 : capacity, w, h);
    if (!steer_map__parse(&p, text, length)) return false;
    grid->width = w;
    grid->height = h;
    grid->cells = cells;
    return true;
}

char *steer_grid_error_format(const steer_grid_error *error, const char *name, char *buf,
                              size_t size)
{
    if (buf == NULL || size == 0) return buf;
    buf[0] = '\0';
    if (error == NULL) return buf;
    if (name == NULL) name = "<map>";
    if (error->line > 0)
        snprintf(buf, size, "%s:%d:%d: %s", name, error->line, error->column, error->message);
    else
        snprintf(buf, size, "%s: %s", name, error->message);
    return buf;
}
