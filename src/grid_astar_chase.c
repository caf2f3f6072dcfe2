/* SPDX-License-Identifier: MIT */
/* A chaser that follows an A* path and re-plans only when the plan goes stale. */
#include "steer/astar.h"

#include "grid_internal.h"

steer_astar_chase_params steer_astar_chase_default(void)
{
    steer_astar_chase_params p;
    p.search = steer_astar_default();
    p.replan_fraction = 0.1f;
    return p;
}

void steer_astar_chase_init(steer_astar_chase *chase, steer_cell *storage, int capacity)
{
    STEER_ASSERT(chase != NULL);
    if (chase == NULL) return;
    chase->path = storage;
    chase->capacity = storage != NULL && capacity > 0 ? capacity : 0;
    chase->count = chase->cursor = 0;
    chase->goal = steer_cell_make(0, 0);
    chase->valid = false;
    chase->plans = 0;
}

static int steer_chase__chebyshev(steer_cell a, steer_cell b)
{
    int dx = steer_grid__abs(a.x - b.x), dy = steer_grid__abs(a.y - b.y);
    return dx > dy ? dx : dy;
}

/* Does the plan still serve? (The cheap test that saves a search most ticks.) The
 * caller owns the state: a cursor or count outside the storage, or a next cell off the
 * grid (whose offset could overflow an int), means planning again. */
static bool steer_chase__plan_ok(const steer_grid *grid, const steer_occupancy *occ,
                                 const steer_astar_chase *c, const steer_astar_chase_params *p,
                                 steer_cell chaser, steer_cell target)
{
    if (!c->valid || c->cursor < 0 || c->cursor >= c->count || c->count > c->capacity ||
        !steer_cell_eq(c->path[c->cursor], chaser))
        return false;
    int remaining = c->count - 1 - c->cursor;
    if (remaining == 0) return steer_cell_eq(c->goal, target);
    steer_cell n = c->path[c->cursor + 1];
    if (!steer_grid_in_bounds(grid, n) ||
        !steer_grid__may_enter(grid, occ, chaser, n.x - chaser.x, n.y - chaser.y, p->search.moves))
        return false;
    float fraction = p->replan_fraction >= 0.0f ? p->replan_fraction : 0.0f;
    return (float)steer_chase__chebyshev(target, c->goal) <= fraction * (float)remaining;
}

/* Plan around other characters first, then through them; returns the search's status. */
static steer_path_status steer_chase__plan(const steer_grid *grid, const steer_occupancy *occ,
                                           steer_astar_chase *c, steer_astar_scratch *scratch,
                                           const steer_astar_chase_params *p, steer_cell chaser,
                                           steer_cell target)
{
    steer_astar_params sp = p->search;
    sp.avoid = occ;
    steer_path_result r = steer_astar(grid, chaser, target, &sp, scratch, c->path, c->capacity);
    c->plans++;
    if (r.status == STEER_PATH_UNREACHABLE && occ != NULL) {
        sp.avoid = NULL;
        r = steer_astar(grid, chaser, target, &sp, scratch, c->path, c->capacity);
        c->plans++;
    }
    c->valid = r.status == STEER_PATH_FOUND;
    c->count = c->valid ? r.length : 0;
    c->cursor = 0;
    c->goal = target;
    return r.status;
}

static steer_grid_status steer_chase__status(steer_path_status s)
{
    switch (s) {
    case STEER_PATH_FOUND:
        return STEER_GRID_MOVED;
    case STEER_PATH_UNREACHABLE:
        return STEER_GRID_UNREACHABLE;
    case STEER_PATH_LIMIT:
        return STEER_GRID_WAITING;
    default:
        return STEER_GRID_BAD_INPUT;
    }
}

/* The moves the A* chase will use, so both methods of a fallback chase move alike. */
static steer_grid_moves steer_chase__moves(const steer_astar_chase_params *params)
{
    if (params != NULL && params->search.moves == STEER_MOVES_4) return STEER_MOVES_4;
    return STEER_MOVES_8;
}

steer_grid_status steer_astar_chase_step(const steer_grid *grid, steer_occupancy *occ,
                                         steer_astar_chase *chase, steer_astar_scratch *scratch,
                                         const steer_astar_chase_params *params, steer_cell chaser,
                                         steer_cell target, steer_cell *next)
{
    STEER_ASSERT(chase != NULL);
    steer_grid_status s = steer_grid__chase_check(grid, chaser, target, next);
    if (s != STEER_GRID_MOVED || chase == NULL) return chase == NULL ? STEER_GRID_BAD_INPUT : s;
    if (chase->path == NULL || chase->capacity <= 0) return STEER_GRID_BAD_INPUT;
    steer_astar_chase_params p = params != NULL ? *params : steer_astar_chase_default();
    if (p.search.moves != STEER_MOVES_4) p.search.moves = STEER_MOVES_8;
    if (!steer_chase__plan_ok(grid, occ, chase, &p, chaser, target)) {
        s = steer_chase__status(steer_chase__plan(grid, occ, chase, scratch, &p, chaser, target));
        if (s != STEER_GRID_MOVED) return s;
    }
    steer_cell n = chase->path[chase->cursor + 1];
    /* A fallback plan may lead through someone: wait for them to move on. */
    if (!steer_grid__may_enter(grid, occ, chaser, n.x - chaser.x, n.y - chaser.y, p.search.moves))
        return STEER_GRID_WAITING;
    chase->cursor++;
    *next = n;
    if (occ != NULL) steer_occupancy_move(occ, chaser, n);
    return STEER_GRID_MOVED;
}

void steer_fallback_chase_init(steer_fallback_chase *chase, steer_grid_chase_method method,
                               steer_cell *storage, int capacity)
{
    STEER_ASSERT(chase != NULL);
    if (chase == NULL) return;
    chase->method = method == STEER_CHASE_COMPARE ? STEER_CHASE_COMPARE : STEER_CHASE_LINE;
    steer_line_chase_reset(&chase->line);
    steer_astar_chase_init(&chase->astar, storage, capacity);
    chase->on_astar = false;
    chase->fallbacks = 0;
}

steer_grid_status steer_fallback_chase_step(const steer_grid *grid, steer_occupancy *occ,
                                            steer_fallback_chase *chase,
                                            steer_astar_scratch *scratch,
                                            const steer_astar_chase_params *params,
                                            steer_cell chaser, steer_cell target, steer_cell *next)
{
    STEER_ASSERT(chase != NULL);
    steer_grid_status s = steer_grid__chase_check(grid, chaser, target, next);
    if (s != STEER_GRID_MOVED || chase == NULL) return chase == NULL ? STEER_GRID_BAD_INPUT : s;
    /* In sight again: the straight line is free, so the straight method can lead. */
    if (chase->on_astar && steer_grid_line_of_sight(grid, chaser, target)) {
        chase->on_astar = false;
        steer_line_chase_reset(&chase->line);
    }
    if (!chase->on_astar) {
        steer_grid_chase_method m =
            chase->method == STEER_CHASE_COMPARE ? STEER_CHASE_COMPARE : STEER_CHASE_LINE;
        s = steer_grid_chase_step(grid, occ, m, &chase->line, chaser, target,
                                  steer_chase__moves(params), next);
        if (s != STEER_GRID_WAITING) return s;
        chase->on_astar = true;
        chase->fallbacks++;
        chase->astar.valid = false;
    }
    return steer_astar_chase_step(grid, occ, &chase->astar, scratch, params, chaser, target, next);
}
