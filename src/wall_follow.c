/* SPDX-License-Identifier: MIT */
/* Wall following: a damped spring holding a set distance, and a speed along the wall. */
#include "obstacle_internal.h"
#include "steering_internal.h"

steer_wall_follow_params steer_wall_follow_default(void)
{
    steer_wall_follow_params p;
    p.distance = 1.0f;
    p.stiffness = 8.0f;
    p.damping = 6.0f; /* a little over 2*sqrt(stiffness): no overshoot, no wobble */
    p.speed = 0.0f;
    p.side = 0;
    return p;
}

/* Nearest point on any wall or polygon edge to p (flattened); false when none. */
static bool steer_nearest_wall_point(const steer_obstacles *o, steer_space ws, steer_vec3 p,
                                     steer_vec3 *nearest)
{
    float best = -1.0f;
    for (int i = 0; i < o->wall_count && o->walls != NULL; i++) {
        steer_vec3 a = steer_space_project(ws, o->walls[i].a),
                   b = steer_space_project(ws, o->walls[i].b);
        if (!steer__wall_valid(ws, a, b)) continue;
        steer_vec3 q = steer__closest_on_segment(p, a, b);
        float d = steer_distance(p, q);
        if (best < 0.0f || d < best) best = d, *nearest = q;
    }
    for (int k = 0; k < o->polygon_count && o->polygons != NULL; k++) {
        steer_polygon poly = o->polygons[k];
        if (steer_polygon_check(poly, ws) != STEER_POLYGON_OK) continue;
        for (int i = 0; i < poly.count; i++) {
            steer_vec3 a, b;
            steer__polygon_edge(ws, poly, i, &a, &b);
            steer_vec3 q = steer__closest_on_segment(p, a, b);
            float d = steer_distance(p, q);
            if (best < 0.0f || d < best) best = d, *nearest = q;
        }
    }
    return best >= 0.0f;
}

steer_steering steer_follow_wall(const steer_agent *agent, const steer_obstacles *obstacles,
                                 const steer_wall_follow_params *params)
{
    if (!steer__usable(agent) || obstacles == NULL) return steer_steering_zero();
    steer_wall_follow_params p = params != NULL ? *params : steer_wall_follow_default();
    steer_space ws = steer__wall_space(agent->space);
    steer_vec3 pos = steer_space_project(ws, agent->position), q = pos;
    if (!steer_nearest_wall_point(obstacles, ws, pos, &q)) return steer_steering_zero();
    steer_vec3 n = steer_normalize(steer_sub(pos, q));
    if (steer_length_sq(n) == 0.0f) n = steer__left_of(ws, steer_agent_forward(agent));
    steer_vec3 along = steer__left_of(ws, n); /* keeps the wall on the agent's left */
    steer_vec3 v = steer_space_project(ws, agent->velocity);
    int side = p.side != 0 ? p.side : (steer_dot(v, along) >= 0.0f ? 1 : -1);
    if (side < 0) along = steer_scale(along, -1.0f);
    float speed =
        p.speed > 0.0f && steer_is_finite(p.speed) ? p.speed : steer__nonneg(agent->max_speed);
    if (speed > agent->max_speed) speed = steer__nonneg(agent->max_speed);
    float gap = steer_distance(pos, q) - steer__nonneg(agent->radius);
    float lateral = steer__nonneg(p.stiffness) * (steer__nonneg(p.distance) - gap) -
                    steer__nonneg(p.damping) * steer_dot(v, n);
    float tangential = (speed - steer_dot(v, along)) / 0.25f; /* reach speed in ~0.25 s */
    steer_vec3 accel = steer_add(steer_scale(n, lateral), steer_scale(along, tangential));
    return steer__accel_output(agent, accel);
}
