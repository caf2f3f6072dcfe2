/* SPDX-License-Identifier: MIT */
/* World bounds: wrap-around box and sphere, clamp, respawn (steer/world.h). */
#include "steer/world.h"

#include <math.h>

steer_bounds steer_bounds_none(void)
{
    steer_bounds b;
    b.kind = STEER_BOUNDS_NONE;
    b.centre = steer_v3_zero();
    b.half_extents = steer_v3_zero();
    b.radius = 0.0f;
    return b;
}

static bool steer_axis_bounded(float half)
{
    return half > 0.0f && steer_is_finite(half);
}

/* Wrap x into [c - h, c + h) (h > 0). floor keeps it exact for a step past either face,
 * and a far outlier lands inside too. */
static float steer_wrap_axis(float x, float c, float h)
{
    float lo = c - h, size = 2.0f * h;
    if (x >= lo && x < c + h) return x;
    float w = x - size * floorf((x - lo) / size);
    return w >= lo && w < c + h ? w : lo; /* rounding at the far face */
}

/* Clamp x into [c - h, c + h]; zero the velocity component *v when it points outward. */
static float steer_clamp_axis(float x, float c, float h, float *v)
{
    if (x < c - h) {
        if (*v < 0.0f) *v = 0.0f;
        return c - h;
    }
    if (x > c + h) {
        if (*v > 0.0f) *v = 0.0f;
        return c + h;
    }
    return x;
}

static bool steer_outside_axis(float x, float c, float h)
{
    return steer_axis_bounded(h) && (x < c - h || x > c + h);
}

static bool steer_bounds_box(const steer_bounds *b, steer_agent *a)
{
    steer_vec3 p = a->position, c = b->centre, h = b->half_extents;
    float *pv[3] = {&p.x, &p.y, &p.z}, *vv[3] = {&a->velocity.x, &a->velocity.y, &a->velocity.z};
    float cc[3] = {c.x, c.y, c.z}, hh[3] = {h.x, h.y, h.z};
    bool out = false;
    for (int k = 0; k < 3; k++) out = out || steer_outside_axis(*pv[k], cc[k], hh[k]);
    if (!out) return false;
    if (b->kind == STEER_BOUNDS_RESPAWN) {
        a->position = steer_space_project(a->space, c);
        /* Planar agents keep their own height along the up axis. */
        if (a->space == STEER_SPACE_XY) a->position.z = p.z;
        if (a->space == STEER_SPACE_XZ) a->position.y = p.y;
        return true;
    }
    for (int k = 0; k < 3; k++) {
        if (!steer_axis_bounded(hh[k])) continue;
        if (b->kind == STEER_BOUNDS_WRAP_BOX)
            *pv[k] = steer_wrap_axis(*pv[k], cc[k], hh[k]);
        else
            *pv[k] = steer_clamp_axis(*pv[k], cc[k], hh[k], vv[k]);
    }
    a->position = p;
    return true;
}

static bool steer_bounds_sphere(const steer_bounds *b, steer_agent *a)
{
    float r = b->radius;
    if (!(r > 0.0f) || !steer_is_finite(r)) return false;
    steer_vec3 off = steer_sub(a->position, b->centre);
    float d2 = steer_length_sq(off);
    if (!(d2 > r * r) || !steer_is_finite(d2)) return false;
    /* To the opposite point of the surface: the velocity, which pointed out, now
     * points in. */
    a->position = steer_add_scaled(b->centre, off, -r / steer_sqrt(d2));
    return true;
}

bool steer_bounds_apply(const steer_bounds *bounds, steer_agent *agent)
{
    STEER_ASSERT(bounds != NULL && agent != NULL);
    if (bounds == NULL || agent == NULL || !steer_agent_state_is_finite(agent)) return false;
    if (!steer_v3_is_finite(bounds->centre)) return false;
    switch (bounds->kind) {
    case STEER_BOUNDS_WRAP_BOX:
    case STEER_BOUNDS_CLAMP_BOX:
    case STEER_BOUNDS_RESPAWN:
        return steer_bounds_box(bounds, agent);
    case STEER_BOUNDS_WRAP_SPHERE:
        return steer_bounds_sphere(bounds, agent);
    default:
        return false;
    }
}
