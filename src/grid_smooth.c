/* SPDX-License-Identifier: MIT */
/* Line of sight between cell centres, and path smoothing built on it. */
#include "steer/astar.h"

#include "grid_internal.h"

bool steer_grid_line_of_sight(const steer_grid *grid, steer_cell a, steer_cell b)
{
    if (!steer_grid_is_free(grid, a) || !steer_grid_is_free(grid, b)) return false;
    int64_t nx = steer_grid__abs(b.x - a.x), ny = steer_grid__abs(b.y - a.y);
    int sx = steer_grid__sign(b.x - a.x), sy = steer_grid__sign(b.y - a.y);
    steer_cell c = a;
    /* Walk every cell the segment touches. The segment leaves the current cell through
     * a vertical side after (0.5 + ix) / nx of its length and through a horizontal side
     * after (0.5 + iy) / ny; comparing the cross-multiplied fractions keeps it exact. */
    for (int64_t ix = 0, iy = 0; ix < nx || iy < ny;) {
        int64_t cmp = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
        if (cmp == 0) {
            /* Through a corner: the two cells beside it must be open too. */
            if (!steer_grid_is_free(grid, steer_cell_make(c.x + sx, c.y)) ||
                !steer_grid_is_free(grid, steer_cell_make(c.x, c.y + sy)))
                return false;
            c.x += sx, c.y += sy, ix++, iy++;
        } else if (cmp < 0) {
            c.x += sx, ix++;
        } else {
            c.y += sy, iy++;
        }
        if (!steer_grid_is_free(grid, c)) return false;
    }
    return true;
}

int steer_grid_smooth_path(const steer_grid *grid, steer_cell *path, int count)
{
    if (path == NULL || count <= 0) return 0;
    if (count <= 2) return count;
    int kept = 1; /* path[0] stays */
    int i = 0;
    while (i < count - 1) {
        /* Go as far as the kept waypoint can see; the next cell is always visible on a
         * valid path, so progress is guaranteed. */
        int j = i + 1;
        while (j + 1 < count && steer_grid_line_of_sight(grid, path[i], path[j + 1])) j++;
        path[kept++] = path[j];
        i = j;
    }
    return kept;
}
