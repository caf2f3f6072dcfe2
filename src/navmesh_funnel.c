/* SPDX-License-Identifier: MIT */
/* The funnel (string pulling): walk the portals of a corridor keeping the narrowest
 * wedge from the last corner; when a side would cross the other, that side's end is
 * the next corner. Corners are mesh vertices, copied exactly. */
#include "navmesh_internal.h"

/* The edge polygon a shares with b, as the traveller from a sees it: right end, left
 * end. False when they are not neighbours. */
static bool steer__nav_portal(const steer_navmesh *m, int32_t a, int32_t b, steer_vec3 *right,
                              steer_vec3 *left)
{
    int n = m->first[a + 1] - m->first[a];
    for (int k = 0; k < n; k++) {
        if (m->neighbours[m->first[a] + k] != b) continue;
        /* Counter-clockwise polygon: leaving through edge k -> k+1, vertex k is on the
         * right hand and k+1 on the left. */
        *right = m->vertices[m->indices[m->first[a] + k]];
        *left = m->vertices[m->indices[m->first[a] + (k + 1) % n]];
        return true;
    }
    return false;
}

typedef struct steer__nav_funnel {
    const steer_navmesh *m;
    steer_vec3 *out;
    int count, capacity;
    bool truncated;
} steer__nav_funnel;

static void steer__nav_emit(steer__nav_funnel *f, steer_vec3 p)
{
    if (f->count > 0 && f->out[f->count - 1].x == p.x && f->out[f->count - 1].y == p.y &&
        f->out[f->count - 1].z == p.z)
        return;
    if (f->count >= f->capacity) {
        f->truncated = true;
        return;
    }
    f->out[f->count++] = p;
}

static double steer__nav_side(const steer_navmesh *m, steer_vec3 a, steer_vec3 b, steer_vec3 c)
{
    return steer__nav_orient(steer__nav_ground(m->plane, a), steer__nav_ground(m->plane, b),
                             steer__nav_ground(m->plane, c));
}

static bool steer__nav_same_ground(const steer_navmesh *m, steer_vec3 a, steer_vec3 b)
{
    steer__nav2 ga = steer__nav_ground(m->plane, a), gb = steer__nav_ground(m->plane, b);
    return ga.u == gb.u && ga.v == gb.v;
}

/* Portal i of the corridor (the last one is the goal, as a point). */
static void steer__nav_portal_at(const steer_navmesh *m, const int32_t *corridor, int count,
                                 steer_vec3 goal, int i, steer_vec3 *right, steer_vec3 *left)
{
    if (i >= count - 1) {
        *right = *left = goal;
        return;
    }
    steer__nav_portal(m, corridor[i], corridor[i + 1], right, left);
}

/* May the funnel side from `apex` move to `p` without crossing the other side, which
 * ends at `other` and lies on `sign` (+1 left, -1 right)? On the other side's line it
 * may when it is no further away: the funnel is a zero-width ray then. */
static bool steer__nav_inside(const steer_navmesh *m, steer_vec3 apex, steer_vec3 other,
                              steer_vec3 p, double sign)
{
    if (steer__nav_same_ground(m, apex, other)) return true;
    double side = sign * steer__nav_side(m, apex, other, p);
    if (side != 0.0) return side < 0.0;
    return steer_distance(apex, p) <= steer_distance(apex, other);
}

/* Does the apex lie on the portal r -> l, between its ends (or past it by rounding: a
 * point moved onto the mesh in float)? Then it is in both polygons already and the
 * portal asks nothing of the path; read as a funnel, its sides would point apart. */
static bool steer__nav_on_portal(const steer_navmesh *m, steer_vec3 apex, steer_vec3 r,
                                 steer_vec3 l)
{
    steer__nav2 a = steer__nav_ground(m->plane, apex), gr = steer__nav_ground(m->plane, r);
    steer__nav2 gl = steer__nav_ground(m->plane, l);
    double du = (double)gl.u - gr.u, dv = (double)gl.v - gr.v, len2 = du * du + dv * dv;
    if (!(len2 > 0.0)) return false;
    double t = (((double)a.u - gr.u) * du + ((double)a.v - gr.v) * dv) / len2;
    double len = sqrt(len2);
    /* The polygon before the portal lies left of r -> l (counter-clockwise). */
    return t > 0.0 && t < 1.0 && steer__nav_orient(gr, gl, a) <= 1e-6 * len * (len + 1.0);
}

static void steer__nav_pull(steer__nav_funnel *f, const int32_t *corridor, int count,
                            steer_vec3 start, steer_vec3 goal)
{
    const steer_navmesh *m = f->m;
    steer_vec3 apex = start, left = start, right = start;
    int left_at = 0, right_at = 0;
    steer__nav_emit(f, start);
    for (int i = 0; i < count && !f->truncated; i++) {
        steer_vec3 r, l;
        steer__nav_portal_at(m, corridor, count, goal, i, &r, &l);
        if (i < count - 1 && steer__nav_same_ground(m, left, apex) &&
            steer__nav_same_ground(m, right, apex) && steer__nav_on_portal(m, apex, r, l))
            continue;
        /* The right side narrows when r is left of (or on) it; it must stay right of
         * the left side, else the left end is the next corner. */
        if (!steer__nav_same_ground(m, r, right) && steer__nav_side(m, apex, right, r) >= 0.0) {
            if (steer__nav_same_ground(m, apex, right) ||
                steer__nav_inside(m, apex, left, r, 1.0)) {
                right = r, right_at = i;
            } else {
                apex = left;
                steer__nav_emit(f, apex);
                right = left = apex;
                i = right_at = left_at;
                continue;
            }
        }
        if (!steer__nav_same_ground(m, l, left) && steer__nav_side(m, apex, left, l) <= 0.0) {
            if (steer__nav_same_ground(m, apex, left) ||
                steer__nav_inside(m, apex, right, l, -1.0)) {
                left = l, left_at = i;
            } else {
                apex = right;
                steer__nav_emit(f, apex);
                right = left = apex;
                i = left_at = right_at;
                continue;
            }
        }
    }
    steer__nav_emit(f, goal);
}

static bool steer__nav_corridor_ok(const steer_navmesh *m, const int32_t *corridor, int count)
{
    for (int i = 0; i < count; i++) {
        if (corridor[i] < 0 || corridor[i] >= m->polygon_count) return false;
        steer_vec3 a, b;
        if (i + 1 < count && !steer__nav_portal(m, corridor[i], corridor[i + 1], &a, &b))
            return false;
    }
    return true;
}

int steer_navmesh_string_pull(const steer_navmesh *mesh, const int32_t *corridor,
                              int corridor_count, steer_vec3 start, steer_vec3 goal,
                              steer_vec3 *points, int capacity, bool *truncated)
{
    STEER_ASSERT(mesh != NULL);
    if (truncated != NULL) *truncated = false;
    if (mesh == NULL || corridor == NULL || points == NULL || capacity < 1 || corridor_count < 1 ||
        !steer_v3_is_finite(start) || !steer_v3_is_finite(goal) ||
        !steer__nav_corridor_ok(mesh, corridor, corridor_count))
        return 0;
    steer__nav_funnel f = {mesh, points, 0, capacity, false};
    steer__nav_pull(&f, corridor, corridor_count, start, goal);
    if (truncated != NULL) *truncated = f.truncated;
    return f.count;
}
