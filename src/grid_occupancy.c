/* SPDX-License-Identifier: MIT */
/* Cell occupancy: which cells hold a character, so two never share one. */
#include "steer/grid.h"

static int steer_occ__index(const steer_occupancy *occ, steer_cell c)
{
    if (occ == NULL || occ->taken == NULL) return -1;
    if (c.x < 0 || c.y < 0 || c.x >= occ->width || c.y >= occ->height) return -1;
    return c.y * occ->width + c.x;
}

bool steer_occupancy_init(steer_occupancy *occ, const steer_grid *grid, uint8_t *taken,
                          size_t capacity)
{
    STEER_ASSERT(occ != NULL);
    if (occ == NULL) return false;
    occ->width = occ->height = 0;
    occ->taken = NULL;
    if (grid == NULL || grid->cells == NULL || taken == NULL) return false;
    size_t n = steer_grid_cells_needed(grid->width, grid->height);
    if (n == 0 || capacity < n) return false;
    for (size_t i = 0; i < n; i++) taken[i] = 0;
    occ->width = grid->width;
    occ->height = grid->height;
    occ->taken = taken;
    return true;
}

bool steer_occupancy_is_free(const steer_occupancy *occ, steer_cell c)
{
    if (occ == NULL) return true;
    int i = steer_occ__index(occ, c);
    return i >= 0 && occ->taken[i] == 0;
}

bool steer_occupancy_place(steer_occupancy *occ, steer_cell c)
{
    int i = steer_occ__index(occ, c);
    if (i < 0 || occ->taken[i] != 0) return false;
    occ->taken[i] = 1;
    return true;
}

bool steer_occupancy_move(steer_occupancy *occ, steer_cell from, steer_cell to)
{
    if (steer_cell_eq(from, to)) return steer_occ__index(occ, to) >= 0;
    if (!steer_occupancy_place(occ, to)) return false;
    steer_occupancy_clear(occ, from);
    return true;
}

void steer_occupancy_clear(steer_occupancy *occ, steer_cell c)
{
    int i = steer_occ__index(occ, c);
    if (i >= 0) occ->taken[i] = 0;
}
