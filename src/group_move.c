/* SPDX-License-Identifier: MIT */
/* Group move-to: a block of separate spots around a point or along a dragged line, given
 * to the members with the least total distance so their paths do not cross. */
#include "formation_internal.h"
#include "steering_internal.h"

steer_group_move_params steer_group_move_default(void)
{
    steer_group_move_params p = {0.5f, 0, 64};
    return p;
}

static bool steer_move_uses_optimal(int count, const steer_group_move_params *p)
{
    return count <= p->optimal_up_to;
}

size_t steer_group_move_workspace_size(int count, const steer_group_move_params *params)
{
    steer_group_move_params p = params != NULL ? *params : steer_group_move_default();
    if (count < 1 || count > STEER_GROUP_MAX) return 0;
    size_t assign = steer_move_uses_optimal(count, &p)
                        ? steer_assign_workspace_size(count, count)
                        : steer_assign_fast_workspace_size(count, count);
    size_t own = (size_t)count * (sizeof(steer_vec3) + sizeof(int)) + 3 * 8;
    if (assign == 0 || assign > SIZE_MAX - own) return 0;
    return assign + own;
}

/* The checks shared by both moves; on OK *spacing holds the rank spacing. */
static steer_group_status steer_move_check(const steer_vec3 *positions, const float *radii,
                                           int count, const steer_group_move_params *p,
                                           steer_vec3 *destinations, float *spacing)
{
    STEER_ASSERT(positions != NULL && radii != NULL && destinations != NULL);
    if (positions == NULL || radii == NULL || destinations == NULL) return STEER_GROUP_EMPTY;
    if (count > STEER_GROUP_MAX) return STEER_GROUP_INVALID;
    if (count < 1) return STEER_GROUP_EMPTY;
    if (!steer_is_finite(p->gap) || p->gap < 0.0f) return STEER_GROUP_INVALID;
    float widest = 0.0f;
    for (int i = 0; i < count; i++) {
        if (!steer_v3_is_finite(positions[i]) || !steer_is_finite(radii[i]) || radii[i] < 0.0f)
            return STEER_GROUP_INVALID;
        if (radii[i] > widest) widest = radii[i];
    }
    *spacing = 2.0f * widest + p->gap;
    return steer_is_finite(*spacing) ? STEER_GROUP_OK : STEER_GROUP_INVALID;
}

static steer_vec3 steer_move_mean(const steer_vec3 *positions, int count)
{
    double x = 0.0, y = 0.0, z = 0.0;
    for (int i = 0; i < count; i++) {
        x += positions[i].x;
        y += positions[i].y;
        z += positions[i].z;
    }
    return steer_v3((float)(x / count), (float)(y / count), (float)(z / count));
}

/* A block's layout: `cols` side by side `across` apart, ranks `spacing` apart, the
 * first rank `front` ahead of the frame's origin; a short last rank is centred. */
typedef struct steer_block {
    steer_space space;
    steer_vec3 origin;
    float orientation, front, across, spacing;
    int cols;
} steer_block;

static void steer_block_spots(const steer_block *b, int count, steer_vec3 *spots)
{
    for (int i = 0; i < count; i++) {
        int r = i / b->cols, c = i % b->cols;
        int width = count - r * b->cols < b->cols ? count - r * b->cols : b->cols;
        steer_vec3 off = steer_v3(b->front - (float)r * b->spacing,
                                  (0.5f * (float)(width - 1) - (float)c) * b->across, 0.0f);
        spots[i] =
            steer__hold_in_range(steer__frame_point(b->space, b->origin, b->orientation, off));
    }
}

/* Spots to members with the least total distance, then written to destinations. */
static steer_group_status steer_move_assign(const steer_vec3 *positions, int count,
                                            const steer_block *b, const steer_group_move_params *p,
                                            steer_vec3 *destinations, void *work, size_t work_size)
{
    size_t need = steer_group_move_workspace_size(count, p);
    if (work == NULL || need == 0 || work_size < need) return STEER_GROUP_NO_MEMORY;
    steer_carve c = steer__carve_start(work, work_size);
    steer_vec3 *spots = steer__carve(&c, sizeof(steer_vec3) * (size_t)count);
    int *slot_of = steer__carve(&c, sizeof(int) * (size_t)count);
    steer_block_spots(b, count, spots);
    steer_assign_input in = {positions, NULL, count, spots, NULL, count};
    steer_group_status st = steer_move_uses_optimal(count, p)
                                ? steer_assign_optimal(&in, slot_of, c.at, c.left)
                                : steer_assign_fast(&in, slot_of, c.at, c.left);
    if (st != STEER_GROUP_OK) return st;
    for (int i = 0; i < count; i++) destinations[i] = spots[slot_of[i]];
    return STEER_GROUP_OK;
}

steer_group_status steer_group_move_to(steer_space space, const steer_vec3 *positions,
                                       const float *radii, int count, steer_vec3 point,
                                       const steer_group_move_params *params,
                                       steer_vec3 *destinations, void *work, size_t work_size)
{
    steer_group_move_params p = params != NULL ? *params : steer_group_move_default();
    float spacing = 0.0f;
    steer_group_status st = steer_move_check(positions, radii, count, &p, destinations, &spacing);
    if (st != STEER_GROUP_OK) return st;
    if (!steer_v3_is_finite(point)) return STEER_GROUP_INVALID;
    int cols = 1;
    while (cols * cols < count) cols++;
    if (p.columns > 0) cols = p.columns < count ? p.columns : count;
    int rows = (count + cols - 1) / cols;
    steer_vec3 travel = steer_sub(point, steer_move_mean(positions, count));
    steer_block b = {space,
                     point,
                     steer_space_orientation(space, travel, 0.0f),
                     0.5f * (float)(rows - 1) * spacing,
                     spacing,
                     spacing,
                     cols};
    return steer_move_assign(positions, count, &b, &p, destinations, work, work_size);
}

steer_group_status steer_group_move_along(steer_space space, const steer_vec3 *positions,
                                          const float *radii, int count, steer_vec3 a, steer_vec3 b,
                                          const steer_group_move_params *params,
                                          steer_vec3 *destinations, void *work, size_t work_size)
{
    steer_group_move_params p = params != NULL ? *params : steer_group_move_default();
    float spacing = 0.0f;
    steer_group_status st = steer_move_check(positions, radii, count, &p, destinations, &spacing);
    if (st != STEER_GROUP_OK) return st;
    if (!steer_v3_is_finite(a) || !steer_v3_is_finite(b)) return STEER_GROUP_INVALID;
    steer_vec3 line =
        steer_space_project(space == STEER_SPACE_3D ? STEER_SPACE_XZ : space, steer_sub(b, a));
    float length = steer_length(line);
    if (!(length > 1e-6f) || !steer_is_finite(length))
        return steer_group_move_to(space, positions, radii, count, a, params, destinations, work,
                                   work_size);
    steer_vec3 mid = steer__lerp_wide(a, b, 0.5f);
    steer_vec3 face = steer_cross(line, steer_space_up(space));
    if (steer_dot(face, steer_sub(steer_move_mean(positions, count), mid)) > 0.0f)
        face = steer_scale(face, -1.0f);
    int cols = spacing > 0.0f ? (int)steer_clampf(length / spacing, 0.0f, (float)count) + 1 : count;
    if (p.columns > 0) cols = p.columns;
    if (cols > count) cols = count;
    float across = cols > 1 ? length / (float)(cols - 1) : 0.0f;
    if (across < spacing) across = spacing;
    steer_block blk = {space,   mid, steer_space_orientation(space, face, 0.0f), 0.0f, across,
                       spacing, cols};
    return steer_move_assign(positions, count, &blk, &p, destinations, work, work_size);
}
