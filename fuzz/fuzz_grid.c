/* SPDX-License-Identifier: MIT */
/* fuzz_grid: the text map loader (steer_grid_text_size, steer_grid_from_text) fed any
 * bytes, then A* and line-of-sight smoothing on every map it accepts.
 *
 * Properties:
 * - measuring and parsing agree: both accept or both refuse, with the same error;
 * - a refused map names a place: line >= 1 and column >= 1 inside the text, and the
 *   formatted message reads "name:line:column: ..."; the only error without a place is
 *   the empty map, and then the text really holds no row;
 * - an accepted map holds exactly the rows of the text, '#' as walls ('.' free);
 * - A* between two free cells finds a path of legal moves from start to goal, or says
 *   why not; smoothing keeps both ends and only cells in sight of each other.
 */
#include "fuzz_input.h"
#include "steer/astar.h"
#include "steer/grid.h"

/* Lines of the text, counted as the loader counts them (a last line without "\n"
 * counts; a final "\n" does not start another). */
static int grid_line_count(const char *t, size_t n)
{
    int lines = 0;
    for (size_t i = 0; i < n; i++)
        if (t[i] == '\n') lines++;
    return lines + (n > 0 && t[n - 1] != '\n' ? 1 : 0);
}

/* Calls fn(user, row, line bytes, length) for every row line of the text, in order: the
 * lines that are neither empty nor comments. Returns the number of rows. */
typedef void (*grid_row_fn)(void *user, int row, const char *s, size_t n);
static int grid_rows(const char *t, size_t n, grid_row_fn fn, void *user)
{
    int rows = 0;
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && t[i] != '\n') continue;
        size_t len = i - start;
        if (len > 0 && t[start + len - 1] == '\r') len--;
        if (len > 0 && t[start] != ';') {
            if (fn != NULL) fn(user, rows, t + start, len);
            rows++;
        }
        start = i + 1;
    }
    return rows;
}

static void grid_check_row(void *user, int row, const char *s, size_t n)
{
    const steer_grid *g = user;
    FUZZ_REQUIRE(row < g->height && (int)n == g->width, "row %d of %zu cells, map %dx%d", row, n,
                 g->width, g->height);
    for (int x = 0; x < g->width; x++) {
        bool wall = g->cells[(size_t)row * (size_t)g->width + (size_t)x] != STEER_CELL_FREE;
        FUZZ_REQUIRE(wall == (s[x] == '#'), "cell (%d, %d) is '%c' in the text", x, row, s[x]);
    }
}

static void grid_check_error(const steer_grid_error *e, const char *t, size_t n)
{
    char buf[256], expect[64];
    steer_grid_error_format(e, "map", buf, sizeof buf);
    if (e->line == 0) {
        FUZZ_REQUIRE(grid_rows(t, n, NULL, NULL) == 0, "no place for: %s", buf);
        return;
    }
    FUZZ_REQUIRE(e->line >= 1 && e->line <= grid_line_count(t, n) && e->column >= 1,
                 "place %d:%d outside the text of %d lines", e->line, e->column,
                 grid_line_count(t, n));
    snprintf(expect, sizeof expect, "map:%d:%d: ", e->line, e->column);
    FUZZ_REQUIRE(strncmp(buf, expect, strlen(expect)) == 0, "message \"%s\"", buf);
}

/* A free cell picked by a number; false when the map has none. */
static bool grid_pick_free(const steer_grid *g, uint32_t pick, steer_cell *out)
{
    int cells = g->width * g->height;
    for (int k = 0; k < cells; k++) {
        int i = (int)((pick + (uint32_t)k) % (uint32_t)cells);
        if (g->cells[i] == STEER_CELL_FREE) {
            *out = steer_cell_make(i % g->width, i / g->width);
            return true;
        }
    }
    return false;
}

static void grid_check_path(const steer_grid *g, const steer_cell *path, int count,
                            steer_cell start, steer_cell goal, steer_grid_moves moves)
{
    FUZZ_REQUIRE(count >= 1 && steer_cell_eq(path[0], start) &&
                     steer_cell_eq(path[count - 1], goal),
                 "path of %d cells does not join start and goal", count);
    for (int i = 1; i < count; i++) {
        int dx = path[i].x - path[i - 1].x, dy = path[i].y - path[i - 1].y;
        FUZZ_REQUIRE(steer_grid_can_step(g, path[i - 1], dx, dy, moves),
                     "illegal move %d of (%d, %d)", i, dx, dy);
    }
    int kept = steer_grid_smooth_path(g, (steer_cell *)path, count);
    FUZZ_REQUIRE(kept >= 1 && kept <= count && steer_cell_eq(path[0], start) &&
                     steer_cell_eq(path[kept - 1], goal),
                 "smoothing kept %d of %d", kept, count);
    for (int i = 1; i < kept; i++)
        FUZZ_REQUIRE(steer_grid_line_of_sight(g, path[i - 1], path[i]), "waypoint %d not in sight",
                     i);
}

static void grid_search(const steer_grid *g, const uint8_t *data, size_t size)
{
    int cells = g->width * g->height;
    size_t bytes = steer_astar_scratch_bytes(cells);
    void *memory = malloc(bytes);
    steer_cell *path = malloc(sizeof *path * (size_t)cells);
    steer_astar_scratch scratch;
    steer_cell start, goal;
    uint32_t pick = size > 0 ? (uint32_t)data[0] * 2654435761u + (uint32_t)data[size - 1] : 0u;
    if (memory != NULL && path != NULL &&
        steer_astar_scratch_init(&scratch, memory, bytes, cells) &&
        grid_pick_free(g, pick, &start) && grid_pick_free(g, pick * 7919u + 13u, &goal)) {
        steer_astar_params p = steer_astar_default();
        p.moves = (pick & 1u) ? STEER_MOVES_4 : STEER_MOVES_8;
        steer_path_result r = steer_astar(g, start, goal, &p, &scratch, path, cells);
        FUZZ_REQUIRE(r.status == STEER_PATH_FOUND || r.status == STEER_PATH_UNREACHABLE,
                     "status %d between free cells with room for every cell", (int)r.status);
        if (r.status == STEER_PATH_FOUND) grid_check_path(g, path, r.length, start, goal, p.moves);
    }
    free(path);
    free(memory);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    int w = -1, h = -1;
    steer_grid_error e1, e2;
    memset(&e1, 0, sizeof e1);
    memset(&e2, 0, sizeof e2);
    bool measured = steer_grid_text_size(text, size, &w, &h, &e1);
    size_t need = measured ? steer_grid_cells_needed(w, h) : 1;
    uint8_t *cells = malloc(need > 0 ? need : 1);
    if (cells == NULL) return 0;
    steer_grid g;
    bool parsed = steer_grid_from_text(&g, cells, need, text, size, &e2);
    FUZZ_REQUIRE(measured == parsed, "size says %d, parse says %d", measured, parsed);
    if (!parsed) {
        FUZZ_REQUIRE(e1.line == e2.line && e1.column == e2.column &&
                         strcmp(e1.message, e2.message) == 0,
                     "errors differ: %d:%d %s / %d:%d %s", e1.line, e1.column, e1.message, e2.line,
                     e2.column, e2.message);
        FUZZ_REQUIRE(g.width == 0 && g.height == 0 && g.cells == NULL, "%s",
                     "refused map not empty");
        grid_check_error(&e1, text, size);
    } else {
        FUZZ_REQUIRE(g.width == w && g.height == h && g.cells == cells,
                     "grid %dx%d, measured %dx%d", g.width, g.height, w, h);
        FUZZ_REQUIRE(grid_rows(text, size, grid_check_row, &g) == h, "%s", "row count");
        grid_search(&g, data, size);
    }
    free(cells);
    return 0;
}
