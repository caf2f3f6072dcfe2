/* SPDX-License-Identifier: MIT */
/* A* on a tile grid with caller-owned scratch memory and an octile heuristic. */
#include "steer/astar.h"

#include "grid_internal.h"

#define STEER_SQRT2        1.41421356237f
#define STEER_ASTAR_CLOSED (-1)

size_t steer_astar_scratch_bytes(int cell_count)
{
    if (cell_count < 1 || (size_t)cell_count > ((size_t)-1) / 24u) return 0;
    return (size_t)cell_count * 24u;
}

bool steer_astar_scratch_init(steer_astar_scratch *scratch, void *memory, size_t bytes,
                              int cell_count)
{
    STEER_ASSERT(scratch != NULL);
    if (scratch == NULL) return false;
    size_t need = steer_astar_scratch_bytes(cell_count);
    scratch->capacity = 0;
    scratch->generation = 0;
    scratch->heap_size = 0;
    if (memory == NULL || need == 0 || bytes < need || (uintptr_t)memory % 4u != 0) return false;
    size_t n = (size_t)cell_count;
    scratch->g = (float *)memory;
    scratch->f = scratch->g + n;
    scratch->parent = (int32_t *)(scratch->f + n);
    scratch->heap_pos = scratch->parent + n;
    scratch->heap = scratch->heap_pos + n;
    scratch->stamp = (uint32_t *)(scratch->heap + n);
    for (size_t i = 0; i < n; i++) scratch->stamp[i] = 0;
    scratch->capacity = cell_count;
    return true;
}

steer_astar_params steer_astar_default(void)
{
    steer_astar_params p;
    p.moves = STEER_MOVES_8;
    p.max_expanded = 0;
    p.avoid = NULL;
    return p;
}

/* ---- the open list: a binary heap on f, deeper cells (larger g) first on ties ------- */

static bool steer_astar__before(const steer_astar_scratch *s, int32_t a, int32_t b)
{
    if (s->f[a] != s->f[b]) return s->f[a] < s->f[b];
    return s->g[a] > s->g[b]; /* ties: the one nearer the goal, so straight runs stay cheap */
}

static void steer_astar__place(steer_astar_scratch *s, int pos, int32_t cell)
{
    s->heap[pos] = cell;
    s->heap_pos[cell] = pos;
}

static void steer_astar__sift_up(steer_astar_scratch *s, int pos)
{
    int32_t cell = s->heap[pos];
    while (pos > 0) {
        int up = (pos - 1) / 2;
        if (!steer_astar__before(s, cell, s->heap[up])) break;
        steer_astar__place(s, pos, s->heap[up]);
        pos = up;
    }
    steer_astar__place(s, pos, cell);
}

static void steer_astar__sift_down(steer_astar_scratch *s, int pos)
{
    int32_t cell = s->heap[pos];
    for (;;) {
        int child = 2 * pos + 1;
        if (child >= s->heap_size) break;
        if (child + 1 < s->heap_size && steer_astar__before(s, s->heap[child + 1], s->heap[child]))
            child++;
        if (!steer_astar__before(s, s->heap[child], cell)) break;
        steer_astar__place(s, pos, s->heap[child]);
        pos = child;
    }
    steer_astar__place(s, pos, cell);
}

static int32_t steer_astar__pop(steer_astar_scratch *s)
{
    int32_t top = s->heap[0];
    s->heap_size--;
    if (s->heap_size > 0) {
        steer_astar__place(s, 0, s->heap[s->heap_size]);
        steer_astar__sift_down(s, 0);
    }
    s->heap_pos[top] = STEER_ASTAR_CLOSED;
    return top;
}

/* ---- the search ----------------------------------------------------------------------- */

/* What one search needs at hand. */
typedef struct steer_astar_run {
    const steer_grid *grid;
    steer_astar_scratch *s;
    steer_astar_params p;
    int goal_x, goal_y;
    int32_t start, goal;
} steer_astar_run;

static float steer_astar__heuristic(const steer_astar_run *r, int32_t cell)
{
    int dx = steer_grid__abs(cell % r->grid->width - r->goal_x);
    int dy = steer_grid__abs(cell / r->grid->width - r->goal_y);
    if (r->p.moves != STEER_MOVES_8) return (float)(dx + dy);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (float)(hi - lo) + STEER_SQRT2 * (float)lo;
}

/* A new search: bump the stamp so every cell reads as unseen; on wrap-around, clear. */
static void steer_astar__begin(steer_astar_scratch *s)
{
    s->heap_size = 0;
    if (++s->generation == 0) {
        for (int i = 0; i < s->capacity; i++) s->stamp[i] = 0;
        s->generation = 1;
    }
}

/* Offer `cell` reached from `from` at cost g. */
static void steer_astar__relax(steer_astar_run *r, int32_t cell, int32_t from, float g)
{
    steer_astar_scratch *s = r->s;
    if (s->stamp[cell] != s->generation) {
        s->stamp[cell] = s->generation;
        s->g[cell] = g;
        s->f[cell] = g + steer_astar__heuristic(r, cell);
        s->parent[cell] = from;
        steer_astar__place(s, s->heap_size++, cell);
        steer_astar__sift_up(s, s->heap_size - 1);
        return;
    }
    /* The heuristic is consistent, so a closed cell already has its best cost. */
    if (s->heap_pos[cell] == STEER_ASTAR_CLOSED || !(g < s->g[cell])) return;
    s->f[cell] += g - s->g[cell];
    s->g[cell] = g;
    s->parent[cell] = from;
    steer_astar__sift_up(s, s->heap_pos[cell]);
}

/* A cell a path may enter: free and, with an avoid set, not taken (unless the goal). */
static bool steer_astar__open(const steer_astar_run *r, int x, int y)
{
    const steer_grid *g = r->grid;
    if (x < 0 || y < 0 || x >= g->width || y >= g->height) return false;
    int32_t i = y * g->width + x;
    if (g->cells[i] != STEER_CELL_FREE) return false;
    if (r->p.avoid == NULL || i == r->goal) return true;
    return steer_occupancy_is_free(r->p.avoid, steer_cell_make(x, y));
}

static void steer_astar__expand(steer_astar_run *r, int32_t cell)
{
    int w = r->grid->width, x = cell % w, y = cell / w;
    float g = r->s->g[cell];
    bool edge[4];
    for (int d = 0; d < 4; d++) {
        int nx = x + steer_grid__dx(d), ny = y + steer_grid__dy(d);
        edge[d] = steer_astar__open(r, nx, ny);
        if (edge[d]) steer_astar__relax(r, ny * w + nx, cell, g + 1.0f);
    }
    if (r->p.moves != STEER_MOVES_8) return;
    /* Diagonal d (4..7) passes between edges d-4 and (d-3)%4: both must be open. */
    for (int d = 4; d < 8; d++) {
        int nx = x + steer_grid__dx(d), ny = y + steer_grid__dy(d);
        if (!edge[d - 4] || !edge[(d - 3) % 4] || !steer_astar__open(r, nx, ny)) continue;
        steer_astar__relax(r, ny * w + nx, cell, g + STEER_SQRT2);
    }
}

/* Count the path's cells and, when they fit, write them start first. */
static steer_path_result steer_astar__emit(const steer_astar_run *r, steer_cell *out, int capacity,
                                           int expanded)
{
    steer_path_result res = {STEER_PATH_FOUND, 0, r->s->g[r->goal], expanded};
    for (int32_t c = r->goal; c >= 0; c = r->s->parent[c]) res.length++;
    if (res.length > capacity) {
        res.status = STEER_PATH_TOO_LONG;
        return res;
    }
    int i = res.length;
    int w = r->grid->width;
    for (int32_t c = r->goal; c >= 0; c = r->s->parent[c]) out[--i] = steer_cell_make(c % w, c / w);
    return res;
}

static steer_path_result steer_astar__fail(steer_path_status status, int expanded)
{
    steer_path_result res = {status, 0, 0.0f, expanded};
    return res;
}

static steer_path_result steer_astar__search(steer_astar_run *r, steer_cell *out, int capacity)
{
    steer_astar_scratch *s = r->s;
    steer_astar__begin(s);
    steer_astar__relax(r, r->start, -1, 0.0f);
    int expanded = 0;
    while (s->heap_size > 0) {
        int32_t cell = steer_astar__pop(s);
        expanded++;
        if (cell == r->goal) return steer_astar__emit(r, out, capacity, expanded);
        if (r->p.max_expanded > 0 && expanded >= r->p.max_expanded)
            return steer_astar__fail(STEER_PATH_LIMIT, expanded);
        steer_astar__expand(r, cell);
    }
    return steer_astar__fail(STEER_PATH_UNREACHABLE, expanded);
}

steer_path_result steer_astar(const steer_grid *grid, steer_cell start, steer_cell goal,
                              const steer_astar_params *params, steer_astar_scratch *scratch,
                              steer_cell *out, int capacity)
{
    STEER_ASSERT(grid != NULL && scratch != NULL);
    if (grid == NULL || scratch == NULL || out == NULL || capacity < 0)
        return steer_astar__fail(STEER_PATH_BAD_INPUT, 0);
    steer_astar_run r;
    r.grid = grid;
    r.s = scratch;
    r.p = params != NULL ? *params : steer_astar_default();
    if (r.p.moves != STEER_MOVES_4) r.p.moves = STEER_MOVES_8;
    if (!steer_grid_is_free(grid, start) || !steer_grid_in_bounds(grid, goal) ||
        (size_t)scratch->capacity < steer_grid_cells_needed(grid->width, grid->height))
        return steer_astar__fail(STEER_PATH_BAD_INPUT, 0);
    if (!steer_grid_is_free(grid, goal)) return steer_astar__fail(STEER_PATH_UNREACHABLE, 0);
    r.goal_x = goal.x;
    r.goal_y = goal.y;
    r.start = steer_grid_cell_index(grid, start);
    r.goal = steer_grid_cell_index(grid, goal);
    return steer_astar__search(&r, out, capacity);
}
