/* SPDX-License-Identifier: MIT */
/* Grid cells to world positions and back: the bridge to continuous motion. */
#include "steer/grid.h"

#include "steering_internal.h"

#include <limits.h>
#include <math.h>

steer_grid_frame steer_grid_frame_default(void)
{
    steer_grid_frame f;
    f.origin = steer_v3_zero();
    f.cell_size = 1.0f;
    f.plane = STEER_SPACE_XY;
    return f;
}

/* The frame with a usable cell size; NULL means the default. */
static steer_grid_frame steer_grid__frame(const steer_grid_frame *frame)
{
    steer_grid_frame f = frame != NULL ? *frame : steer_grid_frame_default();
    if (!(f.cell_size > 0.0f) || !steer_is_finite(f.cell_size)) f.cell_size = 1.0f;
    if (!steer_v3_is_finite(f.origin)) f.origin = steer_v3_zero();
    return f;
}

steer_vec3 steer_grid_cell_center(const steer_grid_frame *frame, steer_cell c)
{
    steer_grid_frame f = steer_grid__frame(frame);
    float u = ((float)c.x + 0.5f) * f.cell_size;
    float v = ((float)c.y + 0.5f) * f.cell_size;
    steer_vec3 offset = f.plane == STEER_SPACE_XY ? steer_v3(u, v, 0.0f) : steer_v3(u, 0.0f, v);
    /* A far cell times a large cell size can pass FLT_MAX: held at the edge, never inf. */
    return steer__hold_in_range(steer_add(f.origin, offset));
}

/* floor(x) as an int, or INT_MIN/2 when it would not fit comfortably. */
static int steer_grid__floor_cell(float x)
{
    if (!steer_is_finite(x) || x >= 1073741824.0f || x <= -1073741824.0f) return INT_MIN / 2;
    return (int)floorf(x);
}

steer_cell steer_grid_world_to_cell(const steer_grid_frame *frame, steer_vec3 p)
{
    steer_grid_frame f = steer_grid__frame(frame);
    steer_vec3 d = steer_sub(p, f.origin);
    float v = f.plane == STEER_SPACE_XY ? d.y : d.z;
    int x = steer_grid__floor_cell(d.x / f.cell_size);
    int y = steer_grid__floor_cell(v / f.cell_size);
    if (x == INT_MIN / 2 || y == INT_MIN / 2) return steer_cell_make(INT_MIN / 2, INT_MIN / 2);
    return steer_cell_make(x, y);
}

int steer_grid_path_to_points(const steer_grid_frame *frame, const steer_cell *cells, int count,
                              steer_vec3 *out, int capacity)
{
    if (cells == NULL || out == NULL || count <= 0 || capacity <= 0) return 0;
    int n = count < capacity ? count : capacity;
    for (int i = 0; i < n; i++) out[i] = steer_grid_cell_center(frame, cells[i]);
    return n;
}

int steer_grid_path_build(steer_path *path, steer_path_node *storage, int capacity,
                          steer_vec3 *points, const steer_grid_frame *frame,
                          const steer_cell *cells, int count, float radius)
{
    STEER_ASSERT(path != NULL);
    if (path == NULL) return 0;
    int n = steer_grid_path_to_points(frame, cells, count, points, count);
    return steer_path_init(path, storage, capacity, points, n, false, radius);
}
