/* SPDX-License-Identifier: MIT */
/* steer/goal_field.h - flow fields generated from goals: the distance from every cell of
 * a tile grid to the nearest of one or several goals (Dijkstra), and the flow field
 * that walks down it, ready for steer_follow_flow_field. One query serves any number
 * of agents heading for the same exits.
 *
 * Function index
 *   steer_goal_field_scratch_bytes, steer_grid_distance_field, steer_grid_flow_from_distance
 *
 * Memory: the caller owns every array; nothing here allocates, reads a clock or keeps
 * global state. Cells follow steer/grid.h: (x, y), row-major, any nonzero byte a wall.
 */
#ifndef STEER_GOAL_FIELD_H
#define STEER_GOAL_FIELD_H

#include "steer/flowfield.h"
#include "steer/grid.h"

STEER_EXTERN_C_BEGIN

/* Bytes of scratch steer_grid_distance_field needs for grids of up to cell_count cells
 * (8 a cell); 0 for cell_count < 1. */
STEER_API size_t steer_goal_field_scratch_bytes(int cell_count);

/* Fill distance[y * width + x] with the cost of the cheapest route from each cell to the
 * nearest goal, in cells: 1 a straight move, sqrt(2) a diagonal one (with
 * STEER_MOVES_8, never cutting a wall's corner), 0 on a goal. Walls and cells no goal
 * can reach get INFINITY. Goals outside the grid or on a wall are skipped (a blocked
 * exit). `scratch` is scratch_bytes long, 4-byte aligned (steer_goal_field_scratch_bytes).
 * Returns the number of cells reached (goals included); 0, with every distance
 * INFINITY, when no goal is usable; -1 (nothing written) for NULL arrays, an empty
 * grid, capacity below the grid's cell count or too little scratch. */
STEER_API int steer_grid_distance_field(const steer_grid *grid, const steer_cell *goals,
                                        int goal_count, steer_grid_moves moves, float *distance,
                                        int capacity, void *scratch, size_t scratch_bytes);

/* Turn a distance field into a flow field over `cells` (capacity vectors, at least the
 * grid's cell count): node (x, y) sits at the centre of cell (x, y) of `frame` (NULL:
 * the default frame) and points, at `speed` (units/s; NaN or negative reads as 0),
 * toward its neighbour with the smallest distance that a move may reach (steepest
 * descent; ties go to the first in the order E, W, S, N, then diagonals). A goal cell
 * has zero velocity. A wall or unreachable cell points toward its reachable neighbour
 * (any of the 8) with the smallest distance, so an agent pushed into a wall's cell is
 * led back out; with none it is zero. Returns false, leaving an empty field, for NULL
 * arrays, an empty grid or a capacity below the cell count. */
STEER_API bool steer_grid_flow_from_distance(const steer_grid *grid, const steer_grid_frame *frame,
                                             const float *distance, steer_grid_moves moves,
                                             float speed, steer_flow_field *field,
                                             steer_vec3 *cells, int capacity);

STEER_EXTERN_C_END

#endif /* STEER_GOAL_FIELD_H */
