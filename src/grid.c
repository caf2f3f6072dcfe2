/* SPDX-License-Identifier: MIT */
/* The tile grid: cells, bounds and the move rule shared by every grid algorithm. */
#include "steer/grid.h"

size_t steer_grid_cells_needed(int width, int height)
{
    if (width < 1 || height < 1 || width > STEER_GRID_MAX_SIDE || height > STEER_GRID_MAX_SIDE)
        return 0;
    return (size_t)width * (size_t)height;
}

bool steer_grid_init(steer_grid *grid, int width, int height, uint8_t *cells, size_t capacity)
{
    STEER_ASSERT(grid != NULL);
    if (grid == NULL) return false;
    size_t n = steer_grid_cells_needed(width, height);
    grid->width = 0;
    grid->height = 0;
    grid->cells = NULL;
    if (n == 0 || cells == NULL || capacity < n) return false;
    for (size_t i = 0; i < n; i++) cells[i] = STEER_CELL_FREE;
    grid->width = width;
    grid->height = height;
    grid->cells = cells;
    return true;
}

bool steer_grid_in_bounds(const steer_grid *grid, steer_cell c)
{
    STEER_ASSERT(grid != NULL);
    return grid != NULL && grid->cells != NULL && c.x >= 0 && c.y >= 0 && c.x < grid->width &&
           c.y < grid->height;
}

int steer_grid_cell_index(const steer_grid *grid, steer_cell c)
{
    return steer_grid_in_bounds(grid, c) ? c.y * grid->width + c.x : -1;
}

bool steer_grid_is_free(const steer_grid *grid, steer_cell c)
{
    int i = steer_grid_cell_index(grid, c);
    return i >= 0 && grid->cells[i] == STEER_CELL_FREE;
}

void steer_grid_set_wall(steer_grid *grid, steer_cell c, bool wall)
{
    int i = steer_grid_cell_index(grid, c);
    if (i >= 0) grid->cells[i] = wall ? STEER_CELL_WALL : STEER_CELL_FREE;
}

bool steer_grid_can_step(const steer_grid *grid, steer_cell from, int dx, int dy,
                         steer_grid_moves moves)
{
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0)) return false;
    if (!steer_grid_is_free(grid, from)) return false;
    if (!steer_grid_is_free(grid, steer_cell_make(from.x + dx, from.y + dy))) return false;
    if (dx == 0 || dy == 0) return true;
    /* A diagonal squeezes between the two edge neighbours: both must be open, or the
     * mover would clip the corner of a wall. */
    return moves == STEER_MOVES_8 &&
           steer_grid_is_free(grid, steer_cell_make(from.x + dx, from.y)) &&
           steer_grid_is_free(grid, steer_cell_make(from.x, from.y + dy));
}
