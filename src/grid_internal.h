/* SPDX-License-Identifier: MIT */
/* Helpers shared by the grid files; not part of the public API. */
#ifndef STEER_GRID_INTERNAL_H
#define STEER_GRID_INTERNAL_H

#include "steer/grid.h"

/* The eight moves in a fixed order (edges first), so ties break the same way on every
 * platform. */
static inline int steer_grid__dx(int dir)
{
    static const int dx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
    return dx[dir & 7];
}

static inline int steer_grid__dy(int dir)
{
    static const int dy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    return dy[dir & 7];
}

static inline int steer_grid__sign(int v)
{
    return (v > 0) - (v < 0);
}

static inline int steer_grid__abs(int v)
{
    return v < 0 ? -v : v;
}

/* A step a chaser may take: legal under the move rule and not onto a cell taken in
 * occ. (A target that is itself marked in occ is caught by standing next to it.) */
static inline bool steer_grid__may_enter(const steer_grid *grid, const steer_occupancy *occ,
                                         steer_cell from, int dx, int dy, steer_grid_moves moves)
{
    steer_cell to = steer_cell_make(from.x + dx, from.y + dy);
    return steer_grid_can_step(grid, from, dx, dy, moves) && steer_occupancy_is_free(occ, to);
}

/* Common checks of a chase tick: BAD_INPUT or ARRIVED, or MOVED meaning "go on". */
static inline steer_grid_status steer_grid__chase_check(const steer_grid *grid, steer_cell chaser,
                                                        steer_cell target, steer_cell *next)
{
    if (next != NULL) *next = chaser;
    if (next == NULL || !steer_grid_is_free(grid, chaser) || !steer_grid_in_bounds(grid, target))
        return STEER_GRID_BAD_INPUT;
    return steer_cell_eq(chaser, target) ? STEER_GRID_ARRIVED : STEER_GRID_MOVED;
}

#endif /* STEER_GRID_INTERNAL_H */
