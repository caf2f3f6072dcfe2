/* SPDX-License-Identifier: MIT */
/* Distance fields to goals on a tile grid (Dijkstra from every goal at once) and the
 * steepest-descent flow field over them. */
#include "steer/goal_field.h"

#include "steer/math.h"

#include <math.h>

#define STEER_GOAL_SQRT2 1.41421356237f

size_t steer_goal_field_scratch_bytes(int cell_count)
{
    if (cell_count < 1) return 0;
    return (size_t)cell_count * 8u;
}

/* The open list: a binary heap of cell indices on distance, index on ties. */
typedef struct steer__goal_heap {
    int32_t *cells, *pos; /* heap, and each cell's place in it (-1: not in it) */
    int size;
    const float *d;
} steer__goal_heap;

static bool steer__goal_before(const steer__goal_heap *h, int32_t a, int32_t b)
{
    return h->d[a] != h->d[b] ? h->d[a] < h->d[b] : a < b;
}

static void steer__goal_place(steer__goal_heap *h, int at, int32_t c)
{
    h->cells[at] = c;
    h->pos[c] = at;
}

static void steer__goal_up(steer__goal_heap *h, int at)
{
    int32_t c = h->cells[at];
    while (at > 0 && steer__goal_before(h, c, h->cells[(at - 1) / 2])) {
        steer__goal_place(h, at, h->cells[(at - 1) / 2]);
        at = (at - 1) / 2;
    }
    steer__goal_place(h, at, c);
}

static int32_t steer__goal_pop(steer__goal_heap *h)
{
    int32_t top = h->cells[0], last = h->cells[--h->size];
    h->pos[top] = -1;
    int at = 0;
    for (;;) {
        int child = 2 * at + 1;
        if (child >= h->size) break;
        if (child + 1 < h->size && steer__goal_before(h, h->cells[child + 1], h->cells[child]))
            child++;
        if (!steer__goal_before(h, h->cells[child], last)) break;
        steer__goal_place(h, at, h->cells[child]);
        at = child;
    }
    if (h->size > 0) steer__goal_place(h, at, last);
    return top;
}

/* Lower cell c's distance to d, opening it when new. */
static void steer__goal_lower(steer__goal_heap *h, float *dist, int32_t c, float d)
{
    if (!(d < dist[c])) return;
    bool fresh = dist[c] == INFINITY;
    dist[c] = d;
    if (fresh) {
        h->pos[c] = h->size;
        h->cells[h->size++] = c;
    }
    if (h->pos[c] >= 0) steer__goal_up(h, h->pos[c]);
}

static const int steer__goal_dx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
static const int steer__goal_dy[8] = {0, 0, 1, -1, 1, 1, -1, -1};

int steer_grid_distance_field(const steer_grid *grid, const steer_cell *goals, int goal_count,
                              steer_grid_moves moves, float *distance, int capacity, void *scratch,
                              size_t scratch_bytes)
{
    STEER_ASSERT(grid != NULL);
    if (grid == NULL || distance == NULL || scratch == NULL || grid->cells == NULL ||
        grid->width < 1 || grid->height < 1 || (uintptr_t)scratch % 4u != 0)
        return -1;
    int n = grid->width * grid->height;
    if (capacity < n || scratch_bytes < steer_goal_field_scratch_bytes(n)) return -1;
    steer__goal_heap h = {(int32_t *)scratch, (int32_t *)scratch + n, 0, distance};
    for (int i = 0; i < n; i++) distance[i] = INFINITY, h.pos[i] = -1;
    for (int i = 0; goals != NULL && i < goal_count; i++)
        if (steer_grid_is_free(grid, goals[i]))
            steer__goal_lower(&h, distance, steer_grid_cell_index(grid, goals[i]), 0.0f);
    int reached = 0, dirs = moves == STEER_MOVES_4 ? 4 : 8;
    while (h.size > 0) {
        int32_t c = steer__goal_pop(&h);
        reached++;
        steer_cell at = {c % grid->width, c / grid->width};
        for (int k = 0; k < dirs; k++) {
            /* Moves are symmetric: a step from the neighbour to c is allowed exactly when
             * the step from c to the neighbour is. */
            if (!steer_grid_can_step(grid, at, steer__goal_dx[k], steer__goal_dy[k], moves))
                continue;
            int32_t nb = c + steer__goal_dy[k] * grid->width + steer__goal_dx[k];
            if (h.pos[nb] < 0 && distance[nb] != INFINITY) continue; /* settled */
            steer__goal_lower(&h, distance, nb, distance[c] + (k < 4 ? 1.0f : STEER_GOAL_SQRT2));
        }
    }
    return reached;
}

/* The direction (dx, dy) of the lowest neighbour of cell c; false when none is lower
 * than `below`. Free cells look only where a move may go; others anywhere around. */
static bool steer__goal_descent(const steer_grid *grid, const float *distance, steer_cell c,
                                steer_grid_moves moves, bool free_cell, int *dx, int *dy)
{
    float best = free_cell ? distance[steer_grid_cell_index(grid, c)] : INFINITY;
    bool found = false;
    for (int k = 0; k < 8; k++) {
        steer_cell nb = {c.x + steer__goal_dx[k], c.y + steer__goal_dy[k]};
        if (!steer_grid_in_bounds(grid, nb)) continue;
        if (free_cell && !steer_grid_can_step(grid, c, steer__goal_dx[k], steer__goal_dy[k], moves))
            continue;
        float d = distance[steer_grid_cell_index(grid, nb)];
        if (d < best) best = d, found = true, *dx = steer__goal_dx[k], *dy = steer__goal_dy[k];
    }
    return found;
}

bool steer_grid_flow_from_distance(const steer_grid *grid, const steer_grid_frame *frame,
                                   const float *distance, steer_grid_moves moves, float speed,
                                   steer_flow_field *field, steer_vec3 *cells, int capacity)
{
    STEER_ASSERT(grid != NULL && field != NULL);
    if (field == NULL) return false;
    steer_flow_field_init(field, NULL, 0, 0, steer_v3_zero(), 1.0f, STEER_SPACE_XY);
    if (grid == NULL || distance == NULL || cells == NULL || grid->width < 1 || grid->height < 1 ||
        capacity < grid->width * grid->height)
        return false;
    steer_grid_frame fr = frame != NULL ? *frame : steer_grid_frame_default();
    if (!(speed >= 0.0f) || !steer_is_finite(speed)) speed = 0.0f;
    steer_vec3 origin = steer_grid_cell_center(&fr, steer_cell_make(0, 0));
    steer_vec3 east = steer_sub(steer_grid_cell_center(&fr, steer_cell_make(1, 0)), origin);
    steer_vec3 south = steer_sub(steer_grid_cell_center(&fr, steer_cell_make(0, 1)), origin);
    float size = steer_length(east);
    steer_flow_field_init(field, cells, grid->width, grid->height, origin, size,
                          fr.plane == STEER_SPACE_XY ? STEER_SPACE_XY : STEER_SPACE_XZ);
    for (int y = 0; y < grid->height; y++)
        for (int x = 0; x < grid->width; x++) {
            steer_cell c = {x, y};
            int i = y * grid->width + x, dx = 0, dy = 0;
            bool free_cell = steer_grid_is_free(grid, c) && distance[i] != INFINITY;
            cells[i] = steer_v3_zero();
            if (!steer__goal_descent(grid, distance, c, moves, free_cell, &dx, &dy)) continue;
            steer_vec3 dir = steer_add(steer_scale(east, (float)dx), steer_scale(south, (float)dy));
            cells[i] = steer_scale(steer_normalize(dir), speed);
        }
    return true;
}
