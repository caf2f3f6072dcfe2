/* SPDX-License-Identifier: MIT */
/* steer/astar.h - chasing through walls: A* on a tile grid, line of sight, path
 * smoothing and a chase that follows an A* path while the target moves.
 *
 * Function index
 *   scratch:    steer_astar_scratch_bytes, steer_astar_scratch_init
 *   search:     steer_astar_default, steer_astar
 *   smoothing:  steer_grid_line_of_sight, steer_grid_smooth_path
 *   chase:      steer_astar_chase_default, steer_astar_chase_init, steer_astar_chase_step
 *   fallback:   steer_fallback_chase_init, steer_fallback_chase_step
 *
 * Memory: a search needs scratch space of a fixed size per cell. The caller allocates
 * it once (steer_astar_scratch_bytes tells how much) and hands it to
 * steer_astar_scratch_init; searches then never allocate and never clear the whole
 * buffer (cells are stamped with the search they belong to). One scratch serves one
 * search at a time: give each thread its own.
 *
 * Costs: an edge move costs 1, a diagonal sqrt(2), in cells. The heuristic is the
 * octile distance (8-connected) or the Manhattan distance (4-connected), both exact on
 * an open grid and never an overestimate, so the path found is a cheapest one.
 */
#ifndef STEER_ASTAR_H
#define STEER_ASTAR_H

#include "steer/grid.h"

STEER_EXTERN_C_BEGIN

/* Per-search bookkeeping over caller memory. Treat the fields as private. */
typedef struct steer_astar_scratch {
    int capacity;        /* cells it can search */
    uint32_t generation; /* which search the stamps belong to */
    int heap_size;
    float *g, *f;      /* cost from the start; g + heuristic */
    int32_t *parent;   /* cell index we came from, -1 at the start */
    int32_t *heap_pos; /* position in the open heap; -1 when closed */
    int32_t *heap;     /* open cells, a binary heap on (f, -g) */
    uint32_t *stamp;   /* == generation when this cell's entries are current */
} steer_astar_scratch;

/* Bytes of scratch memory for grids of up to cell_count cells (24 a cell); 0 when
 * cell_count < 1 or the size would overflow. */
STEER_API size_t steer_astar_scratch_bytes(int cell_count);

/* Carve `memory` (bytes long, aligned to 4 bytes, e.g. from malloc) into a scratch for
 * grids of up to cell_count cells. Returns false, leaving a scratch that fails every
 * search with STEER_PATH_BAD_INPUT, when the memory is NULL, misaligned or too small. */
STEER_API bool steer_astar_scratch_init(steer_astar_scratch *scratch, void *memory, size_t bytes,
                                        int cell_count);

/* Settings of a search. */
typedef struct steer_astar_params {
    steer_grid_moves moves;       /* STEER_MOVES_4 or STEER_MOVES_8 (default 8) */
    int max_expanded;             /* stop after expanding this many cells; <= 0: no
                                     limit (default 0) */
    const steer_occupancy *avoid; /* cells taken here count as walls, except the start
                                     and the goal (default NULL: none) */
} steer_astar_params;

/* Defaults: STEER_MOVES_8, no expansion limit, nothing to avoid. */
STEER_API steer_astar_params steer_astar_default(void);

/* What a search found. */
typedef enum steer_path_status {
    STEER_PATH_FOUND = 0,   /* a cheapest path; `length` cells written to out */
    STEER_PATH_UNREACHABLE, /* the goal cannot be reached (a wall goal, a closed room);
                               nothing is written */
    STEER_PATH_TOO_LONG,    /* a path exists but has `length` cells, more than the array
                               holds; nothing is written, so retry with a bigger array */
    STEER_PATH_LIMIT,       /* max_expanded reached first; nothing is written */
    STEER_PATH_BAD_INPUT    /* start or goal outside the grid, start on a wall, grid
                               larger than the scratch, NULL arguments */
} steer_path_status;

/* The outcome of steer_astar. */
typedef struct steer_path_result {
    steer_path_status status;
    int length;   /* cells in the path, start and goal included (FOUND, TOO_LONG), else 0 */
    float cost;   /* path cost in cells (FOUND, TOO_LONG), else 0 */
    int expanded; /* cells taken off the open list: the measure of the search's work */
} steer_path_result;

/* A* from start to goal. On STEER_PATH_FOUND, out[0] = start, out[length-1] = goal and
 * each cell is one legal move from the one before (no diagonal cuts past a wall's
 * corner). A path is only ever reported whole: every other status writes nothing.
 * start == goal: FOUND with length 1. NULL params: defaults. */
STEER_API steer_path_result steer_astar(const steer_grid *grid, steer_cell start, steer_cell goal,
                                        const steer_astar_params *params,
                                        steer_astar_scratch *scratch, steer_cell *out,
                                        int capacity);

/* ---- line of sight and smoothing ------------------------------------------------ */

/* True when the segment between the centres of a and b crosses only free cells. Where
 * it passes exactly through a corner shared by four cells, all four must be free, so a
 * mover never squeezes between two walls that touch at a corner. Cells outside the
 * grid are walls. */
STEER_API bool steer_grid_line_of_sight(const steer_grid *grid, steer_cell a, steer_cell b);

/* Line-of-sight smoothing, in place: keep the first cell, then repeatedly the furthest
 * following cell still in sight of the last one kept, and the last cell. The result is
 * a list of waypoints (no longer one move apart) for continuous motion; its length
 * along straight segments never exceeds the original's. Returns the new count (count
 * itself when count <= 2; 0 for a NULL path or count <= 0). */
STEER_API int steer_grid_smooth_path(const steer_grid *grid, steer_cell *path, int count);

/* ---- chasing along an A* path ----------------------------------------------------- */

/* Settings of the A* chase. */
typedef struct steer_astar_chase_params {
    steer_astar_params search; /* how to search (defaults as steer_astar_default) */
    float replan_fraction;     /* re-plan when the target has moved further (Chebyshev
                                  cells) from the planned goal than this fraction of the
                                  path still to walk (default 0.1); < 0 or NaN is 0,
                                  which re-plans whenever the target moves */
} steer_astar_chase_params;

/* Defaults: search defaults, replan_fraction 0.1. */
STEER_API steer_astar_chase_params steer_astar_chase_default(void);

/* The state of one A* chaser, over caller storage for its path. */
typedef struct steer_astar_chase {
    steer_cell *path; /* capacity cells; a route to always fit holds width*height */
    int capacity;
    int count;       /* cells in the current path */
    int cursor;      /* index of the chaser's cell in the path */
    steer_cell goal; /* the target's cell when the path was planned */
    bool valid;      /* false: plan on the next tick */
    int plans;       /* searches run so far (statistics) */
} steer_astar_chase;

/* Attach path storage and forget any plan. */
STEER_API void steer_astar_chase_init(steer_astar_chase *chase, steer_cell *storage, int capacity);

/* One tick: follow the planned path one cell toward the target, re-planning only when
 *  - there is no plan, or the chaser is not where the plan put it;
 *  - the next cell of the plan is now a wall, or taken in `occ` (may be NULL);
 *  - the target has left the planned goal by more than replan_fraction of the path
 *    still to walk, or the path is used up.
 * With `occ`, plans first route around cells other characters stand on (so chasers
 * spread over several routes), and fall back to a plan through them; the chaser is
 * moved in `occ` as steer_grid_chase_step does. Returns MOVED, ARRIVED, WAITING (the
 * next cell is taken, or the search limit was hit), UNREACHABLE (no route: stays), or
 * BAD_INPUT (as the other chases, plus: no storage, a route longer than the storage,
 * a grid larger than the scratch). *next is the new cell. NULL params: defaults. A
 * chase state out of range (cursor or count outside the storage, a next cell off the
 * grid) counts as no plan. */
STEER_API steer_grid_status steer_astar_chase_step(const steer_grid *grid, steer_occupancy *occ,
                                                   steer_astar_chase *chase,
                                                   steer_astar_scratch *scratch,
                                                   const steer_astar_chase_params *params,
                                                   steer_cell chaser, steer_cell target,
                                                   steer_cell *next);

/* ---- a straight chase that falls back to A* ------------------------------------------ */

/* A chaser that uses one of the straight methods (steer_grid_chase_step) while they make
 * progress and an A* chase while they are blocked. Zero it and call
 * steer_fallback_chase_init. */
typedef struct steer_fallback_chase {
    steer_grid_chase_method method; /* the straight method (STEER_CHASE_LINE by default) */
    steer_line_chase line;          /* its memory (line tracking) */
    steer_astar_chase astar;        /* the A* chase, over the caller's path storage */
    bool on_astar;                  /* true while the A* chase leads */
    int fallbacks;                  /* times the straight method was blocked (statistics) */
} steer_fallback_chase;

/* Set the straight method (a value outside the enum reads as STEER_CHASE_LINE), attach
 * path storage for A* (a route to always fit holds width*height cells) and forget any
 * plan. NULL chase: nothing. */
STEER_API void steer_fallback_chase_init(steer_fallback_chase *chase,
                                         steer_grid_chase_method method, steer_cell *storage,
                                         int capacity);

/* One tick. While the straight method can step toward the target it leads, as
 * steer_grid_chase_step. When it cannot (a wall, a corner or `occ` in the way: WAITING),
 * the A* chase (steer_astar_chase_step with `params`, NULL for defaults, and `scratch`)
 * takes over, and leads until the chaser has a line of sight to the target
 * (steer_grid_line_of_sight), so a chaser never sits against a wall while a route exists.
 * Returns as steer_astar_chase_step: MOVED, ARRIVED, WAITING (both methods blocked this
 * tick, e.g. by other characters), UNREACHABLE (no route), BAD_INPUT. The chaser is moved
 * in `occ` (may be NULL). *next is the new cell. */
STEER_API steer_grid_status steer_fallback_chase_step(const steer_grid *grid, steer_occupancy *occ,
                                                      steer_fallback_chase *chase,
                                                      steer_astar_scratch *scratch,
                                                      const steer_astar_chase_params *params,
                                                      steer_cell chaser, steer_cell target,
                                                      steer_cell *next);

STEER_EXTERN_C_END

#endif /* STEER_ASTAR_H */
