/* SPDX-License-Identifier: MIT */
/* The two grid chase methods: the simple chase (coordinate comparison) and line tracking. */
#include "grid_internal.h"

/* A candidate step and how good it is (lower key is better). */
typedef struct steer_chase_step {
    int dx, dy;
    int64_t key;
} steer_chase_step;

/* Take the first enterable step of `steps` (already in order of preference). Returns its
 * index, or -1 when every step is blocked. */
static int steer_chase__first_free(const steer_grid *grid, const steer_occupancy *occ,
                                   steer_cell chaser, steer_grid_moves moves,
                                   const steer_chase_step *steps, int count, steer_cell *next)
{
    for (int i = 0; i < count; i++) {
        if (!steer_grid__may_enter(grid, occ, chaser, steps[i].dx, steps[i].dy, moves)) continue;
        *next = steer_cell_make(chaser.x + steps[i].dx, chaser.y + steps[i].dy);
        return i;
    }
    return -1;
}

/* Stable insertion sort by key: equal keys keep the order they were listed in. */
static void steer_chase__sort(steer_chase_step *steps, int count)
{
    for (int i = 1; i < count; i++) {
        steer_chase_step s = steps[i];
        int j = i;
        for (; j > 0 && steps[j - 1].key > s.key; j--) steps[j] = steps[j - 1];
        steps[j] = s;
    }
}

/* The steps toward the target, in tie-break order: the diagonal (8-connected only), the
 * step along the axis with the larger difference (x on ties, or always x first when
 * `x_first`), then the other axis. */
static int steer_chase__toward(steer_cell chaser, steer_cell target, steer_grid_moves moves,
                               bool x_first, steer_chase_step *steps)
{
    int ddx = target.x - chaser.x, ddy = target.y - chaser.y;
    int sx = steer_grid__sign(ddx), sy = steer_grid__sign(ddy);
    bool x_major = x_first || steer_grid__abs(ddx) >= steer_grid__abs(ddy);
    int n = 0;
    if (moves == STEER_MOVES_8 && sx != 0 && sy != 0) steps[n++] = (steer_chase_step){sx, sy, 0};
    if (x_major && sx != 0) steps[n++] = (steer_chase_step){sx, 0, 0};
    if (sy != 0) steps[n++] = (steer_chase_step){0, sy, 0};
    if (!x_major && sx != 0) steps[n++] = (steer_chase_step){sx, 0, 0};
    return n;
}

steer_grid_status steer_grid_chase_compare(const steer_grid *grid, const steer_occupancy *occ,
                                           steer_cell chaser, steer_cell target,
                                           steer_grid_moves moves, steer_cell *next)
{
    steer_grid_status s = steer_grid__chase_check(grid, chaser, target, next);
    if (s != STEER_GRID_MOVED) return s;
    /* The toward-order is already method 1's preference: both axes when diagonals are
     * allowed, else the longer axis. */
    steer_chase_step steps[3];
    int n = steer_chase__toward(chaser, target, moves, false, steps);
    return steer_chase__first_free(grid, occ, chaser, moves, steps, n, next) >= 0
               ? STEER_GRID_MOVED
               : STEER_GRID_WAITING;
}

void steer_line_chase_reset(steer_line_chase *line)
{
    if (line == NULL) return;
    line->anchor = line->target = line->last = steer_cell_make(0, 0);
    line->valid = false;
    line->tie = STEER_LINE_TIE_LONGER_AXIS;
}

/* Twice the signed area of triangle (a, b, c): exact in 64-bit integers. */
static int64_t steer_chase__cross(steer_cell a, steer_cell b, steer_cell c)
{
    return (int64_t)(b.x - a.x) * (c.y - a.y) - (int64_t)(b.y - a.y) * (c.x - a.x);
}

float steer_line_distance(steer_cell a, steer_cell b, steer_cell c)
{
    /* In double from the first subtraction: int differences of far-apart cells overflow
     * (INT_MIN to INT_MAX), and so would the int64 area of steer_chase__cross. Exact for
     * differences below 2^26, which covers every grid (STEER_GRID_MAX_SIDE). */
    double lx = (double)b.x - a.x, ly = (double)b.y - a.y;
    double cx = (double)c.x - a.x, cy = (double)c.y - a.y;
    double len = lx * lx + ly * ly;
    if (len == 0.0) return steer_sqrt((float)(cx * cx + cy * cy));
    double area2 = lx * cy - ly * cx;
    if (area2 < 0) area2 = -area2;
    return (float)(area2 / (double)steer_sqrt((float)len));
}

/* Redraw the line when it no longer describes this chase, or when the caller's state
 * holds an anchor off the grid (its int64 areas could overflow). */
static void steer_chase__anchor(const steer_grid *grid, steer_line_chase *line, steer_cell chaser,
                                steer_cell target)
{
    if (line->valid && steer_cell_eq(line->target, target) && steer_cell_eq(line->last, chaser) &&
        steer_grid_in_bounds(grid, line->anchor))
        return;
    line->anchor = chaser;
    line->target = target;
    line->valid = true;
}

steer_grid_status steer_grid_chase_line(const steer_grid *grid, const steer_occupancy *occ,
                                        steer_line_chase *line, steer_cell chaser,
                                        steer_cell target, steer_grid_moves moves, steer_cell *next)
{
    steer_grid_status s = steer_grid__chase_check(grid, chaser, target, next);
    if (s != STEER_GRID_MOVED) return s;
    steer_line_chase fresh = {chaser, target, chaser, false, STEER_LINE_TIE_LONGER_AXIS};
    if (line == NULL) line = &fresh;
    steer_chase__anchor(grid, line, chaser, target);
    steer_chase_step steps[3];
    /* The sort below is stable, so the listing order decides exact ties. */
    int n =
        steer_chase__toward(chaser, target, moves, line->tie == STEER_LINE_TIE_HORIZONTAL, steps);
    /* Every candidate shares the line, so comparing |twice the area| compares the
     * distances without dividing by the line's length. */
    for (int i = 0; i < n; i++) {
        steer_cell c = steer_cell_make(chaser.x + steps[i].dx, chaser.y + steps[i].dy);
        int64_t a = steer_chase__cross(line->anchor, line->target, c);
        steps[i].key = a < 0 ? -a : a;
    }
    steer_chase__sort(steps, n);
    int chosen = steer_chase__first_free(grid, occ, chaser, moves, steps, n, next);
    line->last = *next;
    if (chosen < 0) return STEER_GRID_WAITING;
    if (chosen > 0 && steps[chosen].key > steps[0].key) line->valid = false; /* pushed off */
    return STEER_GRID_MOVED;
}

steer_grid_status steer_grid_chase_step(const steer_grid *grid, steer_occupancy *occ,
                                        steer_grid_chase_method method, steer_line_chase *line,
                                        steer_cell chaser, steer_cell target,
                                        steer_grid_moves moves, steer_cell *next)
{
    steer_grid_status s = method == STEER_CHASE_LINE
                              ? steer_grid_chase_line(grid, occ, line, chaser, target, moves, next)
                              : steer_grid_chase_compare(grid, occ, chaser, target, moves, next);
    if (s != STEER_GRID_MOVED || occ == NULL) return s;
    steer_occupancy_move(occ, chaser, *next); /* cannot fail: the step was checked free */
    return s;
}
