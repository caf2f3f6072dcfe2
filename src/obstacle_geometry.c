/* SPDX-License-Identifier: MIT */
/* Plane geometry for obstacles: closest points, ray casts, polygons. */
#include "obstacle_internal.h"

#include <math.h>

#include "steering_internal.h"

steer_vec3 steer__closest_on_segment(steer_vec3 p, steer_vec3 a, steer_vec3 b)
{
    steer_vec3 ab = steer_sub(b, a);
    float len_sq = steer_length_sq(ab);
    if (!(len_sq > STEER_EPSILON_SQ)) return a;
    float t = steer_clampf(steer_dot(steer_sub(p, a), ab) / len_sq, 0.0f, 1.0f);
    return steer_add_scaled(a, ab, t);
}

float steer__perp_dot(steer_space space, steer_vec3 a, steer_vec3 b)
{
    if (space == STEER_SPACE_XY) return a.x * b.y - a.y * b.x;
    return a.z * b.x - a.x * b.z; /* about +Y, so that +z turns towards +x */
}

steer_vec3 steer__left_of(steer_space space, steer_vec3 d)
{
    if (space == STEER_SPACE_XY) return steer_v3(-d.y, d.x, 0.0f);
    return steer_normalize(steer_cross(d, steer_v3(0.0f, 1.0f, 0.0f))); /* left of d, Y up */
}

float steer__ray_circle(steer_vec3 p, steer_vec3 d, steer_vec3 c, float r)
{
    steer_vec3 m = steer_sub(p, c);
    float c_term = steer_dot(m, m) - r * r;
    if (c_term <= 0.0f) return 0.0f;
    float b = steer_dot(m, d);
    if (b > 0.0f) return -1.0f; /* outside and moving away */
    float disc = b * b - c_term;
    if (disc < 0.0f) return -1.0f;
    return -b - steer_sqrt(disc);
}

/* Ray against segment ab (no thickness) in the plane: distance, or -1. */
static float steer_ray_segment(steer_space space, steer_vec3 p, steer_vec3 d, steer_vec3 a,
                               steer_vec3 b)
{
    steer_vec3 e = steer_sub(b, a);
    float denom = steer__perp_dot(space, d, e);
    if (denom == 0.0f) return -1.0f;
    steer_vec3 ap = steer_sub(a, p);
    float t = steer__perp_dot(space, ap, e) / denom;
    float u = steer__perp_dot(space, ap, d) / denom;
    return t >= 0.0f && u >= 0.0f && u <= 1.0f ? t : -1.0f;
}

static float steer_min_hit(float best, float t)
{
    return t >= 0.0f && (best < 0.0f || t < best) ? t : best;
}

float steer__ray_capsule(steer_space space, steer_vec3 p, steer_vec3 d, steer_vec3 a, steer_vec3 b,
                         float r)
{
    if (steer_distance(p, steer__closest_on_segment(p, a, b)) <= r) return 0.0f;
    float best = steer_min_hit(-1.0f, steer__ray_circle(p, d, a, r));
    best = steer_min_hit(best, steer__ray_circle(p, d, b, r));
    steer_vec3 n = steer_scale(steer__left_of(space, steer_normalize(steer_sub(b, a))), r);
    best = steer_min_hit(best, steer_ray_segment(space, p, d, steer_add(a, n), steer_add(b, n)));
    best = steer_min_hit(best, steer_ray_segment(space, p, d, steer_sub(a, n), steer_sub(b, n)));
    return best;
}

bool steer__point_in_polygon(steer_space space, steer_polygon poly, steer_vec3 p)
{
    bool inside = false;
    for (int i = 0; i < poly.count; i++) {
        steer_vec3 a, b;
        steer__polygon_edge(space, poly, i, &a, &b);
        float au = a.x, bu = b.x, pu = p.x;
        float av = space == STEER_SPACE_XY ? a.y : a.z;
        float bv = space == STEER_SPACE_XY ? b.y : b.z;
        float pv = space == STEER_SPACE_XY ? p.y : p.z;
        if ((av > pv) != (bv > pv) && pu < (bu - au) * (pv - av) / (bv - av) + au) inside = !inside;
    }
    return inside;
}

bool steer__wall_valid(steer_space space, steer_vec3 a, steer_vec3 b)
{
    if (!steer_v3_is_finite(a) || !steer_v3_is_finite(b)) return false;
    return steer_length_sq(steer_space_project(space, steer_sub(b, a))) > STEER_EPSILON_SQ;
}

bool steer__circle_valid(const steer_circle *c)
{
    return steer_v3_is_finite(c->center) && c->radius > 0.0f && steer_is_finite(c->radius);
}

void steer__polygon_edge(steer_space space, steer_polygon poly, int i, steer_vec3 *a, steer_vec3 *b)
{
    *a = steer_space_project(space, poly.points[i]);
    *b = steer_space_project(space, poly.points[(i + 1) % poly.count]);
}

steer_steering steer__accel_output(const steer_agent *agent, steer_vec3 accel)
{
    if (agent->model == STEER_MODEL_REYNOLDS) accel = steer_scale(accel, steer__mass(agent));
    steer_steering s = steer_steering_zero();
    s.linear =
        steer_truncate(steer_space_project(agent->space, accel), steer_agent_max_linear(agent));
    return s;
}
