/* SPDX-License-Identifier: MIT */
/* Reading a map file: the one place the grid code touches stdio and malloc. */
#include "steer/grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool steer_map__file_fail(steer_grid_error *error, const char *what, const char *path)
{
    if (error == NULL) return false;
    error->line = 0;
    error->column = 0;
    snprintf(error->message, sizeof error->message, "%s %s", what, path);
    return false;
}

/* The whole file in a malloc'd buffer, or NULL. */
static char *steer_map__slurp(FILE *f, size_t *length)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        char *bigger = cap < ((size_t)-1) / 2 ? realloc(buf, cap * 2) : NULL;
        if (bigger == NULL) {
            free(buf);
            return NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    *length = n;
    return buf;
}

bool steer_grid_load_file(steer_grid *grid, const char *path, steer_grid_error *error)
{
    STEER_ASSERT(grid != NULL && path != NULL);
    if (grid == NULL) return false;
    grid->width = grid->height = 0;
    grid->cells = NULL;
    if (path == NULL) return steer_map__file_fail(error, "no file name given", "");
    FILE *f = fopen(path, "rb");
    if (f == NULL) return steer_map__file_fail(error, "cannot open", path);
    size_t length = 0;
    char *text = steer_map__slurp(f, &length);
    bool read_error = ferror(f) != 0;
    fclose(f);
    if (text == NULL || read_error) {
        free(text);
        return steer_map__file_fail(error, "cannot read", path);
    }
    int w = 0, h = 0;
    bool ok = steer_grid_text_size(text, length, &w, &h, error);
    uint8_t *cells = ok ? malloc(steer_grid_cells_needed(w, h)) : NULL;
    if (ok && cells == NULL) ok = steer_map__file_fail(error, "out of memory loading", path);
    if (ok)
        ok = steer_grid_from_text(grid, cells, steer_grid_cells_needed(w, h), text, length, error);
    if (!ok) free(cells);
    free(text);
    return ok;
}
