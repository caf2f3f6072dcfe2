/* SPDX-License-Identifier: MIT */
/* Containment: turn back before the edge, judged at the agent's stopping point. */
#include <math.h>

#include "obstacle_internal.h"
#include "steering_internal.h"

steer_contain_params steer_contain_default(void)
{
    steer_contain_params p;
    p.margin = 0.5f;
    p.look_time = 0.25f;
    return p;
}

static bool steer_region_valid(const steer_region *r, steer_space space)
{
    switch (r->kind) {
    case STEER_REGION_BOX:
        return steer_v3_is_finite(r->min) && steer_v3_is_finite(r->max) && r->min.x <= r->max.x &&
               (space == STEER_SPACE_XZ || r->min.y <= r->max.y) &&
               (space == STEER_SPACE_XY || r->min.z <= r->max.z);
    case STEER_REGION_CIRCLE:
        return steer_v3_is_finite(r->center) && r->radius > 0.0f && steer_is_finite(r->radius);
    case STEER_REGION_POLYGON:
        return steer_polygon_check(r->polygon, space) == STEER_POLYGON_OK;
    }
    return false;
}

/* Distance to the edge (positive inside) and the inward normal there. */
static float steer_box_edge(const steer_region *r, steer_vec3 p, steer_space space, steer_vec3 *in)
{
    const float lo[3] = {p.x - r->min.x, p.y - r->min.y, p.z - r->min.z};
    const float hi[3] = {r->max.x - p.x, r->max.y - p.y, r->max.z - p.z};
    float best = HUGE_VALF;
    for (int axis = 0; axis < 3; axis++) {
        if ((space == STEER_SPACE_XY && axis == 2) || (space == STEER_SPACE_XZ && axis == 1))
            continue;
        float unit[3] = {0.0f, 0.0f, 0.0f};
        if (lo[axis] < best)
            best = lo[axis], unit[axis] = 1.0f, *in = steer_v3(unit[0], unit[1], unit[2]);
        unit[axis] = 0.0f;
        if (hi[axis] < best)
            best = hi[axis], unit[axis] = -1.0f, *in = steer_v3(unit[0], unit[1], unit[2]);
    }
    return best;
}

static float steer_polygon_edge_distance(const steer_region *r, steer_vec3 p, steer_space ws,
                                         steer_vec3 *in)
{
    float best = HUGE_VALF;
    steer_vec3 q = p;
    for (int i = 0; i < r->polygon.count; i++) {
        steer_vec3 a, b;
        steer__polygon_edge(ws, r->polygon, i, &a, &b);
        steer_vec3 c = steer__closest_on_segment(p, a, b);
        float d = steer_distance(p, c);
        if (d < best) best = d, q = c;
    }
    bool inside = steer__point_in_polygon(ws, r->polygon, p);
    *in = steer_normalize(inside ? steer_sub(p, q) : steer_sub(q, p));
    return inside ? best : -best;
}

static float steer_region_edge(const steer_region *r, steer_vec3 p, steer_space space,
                               steer_vec3 *in)
{
    *in = steer_v3_zero();
    if (r->kind == STEER_REGION_BOX) return steer_box_edge(r, p, space, in);
    if (r->kind == STEER_REGION_CIRCLE) {
        steer_vec3 out = steer_space_project(space, steer_sub(p, r->center));
        *in = steer_scale(steer_normalize(out), -1.0f);
        return r->radius - steer_length(out);
    }
    steer_space ws = steer__wall_space(space);
    return steer_polygon_edge_distance(r, steer_space_project(ws, p), ws, in);
}

float steer_region_distance(const steer_region *region, steer_vec3 p, steer_space space)
{
    if (region == NULL || !steer_v3_is_finite(p) || !steer_region_valid(region, space))
        return -HUGE_VALF;
    steer_vec3 in;
    return steer_region_edge(region, p, space, &in);
}

steer_steering steer_contain(const steer_agent *agent, const steer_region *region,
                             const steer_contain_params *params)
{
    if (!steer__usable(agent) || region == NULL || !steer_region_valid(region, agent->space))
        return steer_steering_zero();
    steer_contain_params p = params != NULL ? *params : steer_contain_default();
    float accel = steer__max_accel(agent);
    steer_vec3 v = steer_space_project(agent->space, agent->velocity);
    float speed = steer_length(v);
    float ahead = speed * steer__nonneg(p.look_time);
    if (accel > 0.0f) ahead += speed * speed / (2.0f * accel);
    steer_vec3 probe = steer_add_scaled(agent->position, steer_normalize(v), ahead);
    steer_vec3 in;
    float room = steer_region_edge(region, probe, agent->space, &in);
    if (room >= steer__nonneg(agent->radius) + steer__nonneg(p.margin))
        return steer_steering_zero();
    if (steer_length_sq(in) == 0.0f) in = steer_scale(steer_normalize(v), -1.0f);
    return steer__accel_output(agent, steer_scale(in, accel));
}
