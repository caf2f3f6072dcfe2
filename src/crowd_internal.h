/* SPDX-License-Identifier: MIT */
/* Private 2D helpers of the crowd code (steer/crowd.h): planar vectors, ORCA half-planes
 * and the linear program that intersects them (crowd_lp.h). */
#ifndef STEER_CROWD_INTERNAL_H
#define STEER_CROWD_INTERNAL_H

#include "steer/crowd.h"

/* A vector in the agent's plane: (x, y) for XY agents, (x, z) for XZ and 3D agents. */
typedef struct steer_v2 {
    float x, y;
} steer_v2;

static inline steer_v2 steer__v2(float x, float y)
{
    steer_v2 v = {x, y};
    return v;
}

static inline steer_v2 steer__v2_add(steer_v2 a, steer_v2 b)
{
    return steer__v2(a.x + b.x, a.y + b.y);
}

static inline steer_v2 steer__v2_sub(steer_v2 a, steer_v2 b)
{
    return steer__v2(a.x - b.x, a.y - b.y);
}

static inline steer_v2 steer__v2_scale(steer_v2 a, float s)
{
    return steer__v2(a.x * s, a.y * s);
}

static inline float steer__v2_dot(steer_v2 a, steer_v2 b)
{
    return a.x * b.x + a.y * b.y;
}

/* The 2D cross product: > 0 when b is counter-clockwise from a. */
static inline float steer__v2_det(steer_v2 a, steer_v2 b)
{
    return a.x * b.y - a.y * b.x;
}

static inline float steer__v2_len_sq(steer_v2 a)
{
    return steer__v2_dot(a, a);
}

/* a turned a quarter counter-clockwise. */
static inline steer_v2 steer__v2_left(steer_v2 a)
{
    return steer__v2(-a.y, a.x);
}

/* Unit vector along a, or zero when a is (nearly) zero. */
static inline steer_v2 steer__v2_normalize(steer_v2 a)
{
    float l2 = steer__v2_len_sq(a);
    if (!(l2 > STEER_EPSILON_SQ)) return steer__v2(0.0f, 0.0f);
    return steer__v2_scale(a, 1.0f / sqrtf(l2));
}

/* The planar part of a 3D vector, and back (the up component is set to `up`). */
static inline steer_v2 steer__v2_from(steer_space space, steer_vec3 v)
{
    return space == STEER_SPACE_XY ? steer__v2(v.x, v.y) : steer__v2(v.x, v.z);
}

static inline steer_vec3 steer__v2_to(steer_space space, steer_v2 v, float up)
{
    return space == STEER_SPACE_XY ? steer_v3(v.x, v.y, up) : steer_v3(v.x, up, v.y);
}

/* FLT_MIN: the half-plane builders treat a squared distance at or below it as contact,
 * and a squared length at or below it as no direction (its reciprocal would overflow,
 * and squares this small have lost bits). */
#define STEER_ORCA_TINY_SQ 1.17549435e-38f

/* Whether a neighbour's velocity and radius are in the filter's domain (steer/crowd.h):
 * every velocity component within +-STEER_CROWD_MAX_SPEED, the radius in [0,
 * STEER_CROWD_MAX_LENGTH]; NaN fails. A neighbour outside it is skipped, as a
 * non-finite one always was. Compares only, no branch between them. */
static inline bool steer__orca_in_domain(steer_vec3 v, float radius)
{
    const float s = STEER_CROWD_MAX_SPEED;
    return (fabsf(v.x) <= s) & (fabsf(v.y) <= s) & (fabsf(v.z) <= s) & (radius >= 0.0f) &
           (radius <= STEER_CROWD_MAX_LENGTH);
}

/* An avoidance weight as the filter reads it: negative or not finite reads as 1. */
static inline float steer__orca_weight(float w)
{
    return w >= 0.0f && steer_is_finite(w) ? w : 1.0f;
}

/* A half-plane of allowed velocities: those on the left of the directed line through
 * `point` along the unit vector `dir` (or on it). */
typedef struct steer_orca_line {
    steer_v2 point, dir;
} steer_orca_line;

/* Most half-planes one solve holds: every wall, a step half-plane and an ORCA half-plane
 * for every neighbour. */
#define STEER_ORCA_MAX_LINES (2 * STEER_ORCA_MAX_NEIGHBOURS + STEER_ORCA_MAX_SEGMENTS)

/* The half-plane of a wall segment a-b (relative to the agent, already in its plane) for
 * an agent of radius r moving at velocity v, seen within 1/inv_tau seconds; false when
 * the half-planes already in lines[0, count) cover it (nothing to add). */
bool steer__orca_wall_line(steer_v2 a, steer_v2 b, float r, float inv_tau, steer_v2 v,
                           const steer_orca_line *lines, int count, steer_orca_line *out);

/* The agent as the half-plane builders see it, in its plane. */
typedef struct steer_orca_self {
    steer_v2 p, v;
    float radius;
    float inv_tau, inv_tau_obst, inv_dt;
    float responsibility;
    float grow; /* 1 + clearance */
    uint32_t id;
    bool idle;        /* wants (nearly) to stand still: makes way (steer_orca_agent_share) */
    float step_reach; /* max_speed * dt: the furthest it can move in the step */
} steer_orca_self;

/* A neighbour as the filter reads it, already in the agent's plane and checked: rel_p
 * and vel finite, radius >= 0 and finite. */
typedef struct steer_orca_near {
    steer_v2 rel_p;       /* its position minus the agent's */
    steer_v2 vel;         /* its velocity */
    float radius;         /* its body radius */
    float responsibility; /* its weight as steer__orca_weight makes it (>= 0, finite) */
    uint32_t id;
} steer_orca_near;

/* One choice of a nearest-first list: the squared distance and where the entry is. */
typedef struct steer_orca_pick {
    float d2;
    int index;
} steer_orca_pick;

/* One agent's filter in the making: steer__orca_begin sets it up, steer__orca_add takes
 * the neighbours one at a time (the step half-planes are built as they come, the
 * nearest ORCA neighbours kept), steer__orca_end adds the walls and solves. The same
 * code serves a steer_crowd_view and the world's snapshot; only the records differ in
 * where they come from. Neighbours fed nearest first (as the world's are) cost one
 * comparison each to keep in order. */
typedef struct steer_orca_filter {
    steer_orca_self s;
    steer_space space;
    float planar_max, up; /* speed budget in the plane; kept vertical speed (3D agents) */
    steer_v2 aim, want;   /* preferred velocity and the one the agent is after, planar */
    float sidestep;
    float range2; /* neighbour_dist^2 (0 when it is not usable) */
    int cap;      /* ORCA neighbours kept, 0..STEER_ORCA_MAX_NEIGHBOURS */
    int agents, steps;
    bool unlined;  /* an agent was kept without a half-plane */
    bool shuffled; /* a kept agent came nearer than an earlier one (not appended) */
    steer_orca_pick agent_pick[STEER_ORCA_MAX_NEIGHBOURS];
    bool on[STEER_ORCA_MAX_NEIGHBOURS]; /* per slot in use: the kept agent has a half-plane */
    steer_orca_pick step_pick[STEER_ORCA_MAX_NEIGHBOURS];
    steer_orca_line step[STEER_ORCA_MAX_NEIGHBOURS];
    /* The solver's list: the kept agents' ORCA half-planes from STEER_ORCA_KEPT_AT on,
     * by slot (a zero line where there is none). When they came nearest first and all
     * have one, that is their order in the list: steer__orca_end puts the walls and
     * the step half-planes just before them and solves in place. */
    steer_orca_line lines[STEER_ORCA_MAX_LINES];
} steer_orca_filter;

/* Where steer_orca_filter.lines holds the kept agents' half-planes: room before them for
 * every wall and step half-plane. */
#define STEER_ORCA_KEPT_AT (STEER_ORCA_MAX_SEGMENTS + STEER_ORCA_MAX_NEIGHBOURS)

/* Start the filter of `agent` (steer_orca_velocity's arguments; `wanted`, below, may be
 * NULL). false when the agent's result is the zero velocity whatever the neighbours
 * (no agent or params, state not finite, max_speed not positive): then neither
 * steer__orca_add nor steer__orca_end may be called. `wanted` is for an agent whose
 * `preferred` velocity is only a step's worth of change towards `*wanted` (the world's
 * v + a dt with a limited acceleration): the keep-right rule then leans by what the
 * half-planes cut off `preferred` in this very step (a first solve without the lean)
 * and by the size and direction of *wanted, and only tops up the sideways velocity
 * `preferred` already carries. */
bool steer__orca_begin(steer_orca_filter *f, const steer_agent *agent, steer_vec3 preferred,
                       const steer_vec3 *wanted, const steer_orca_params *params, uint32_t self_id,
                       float dt);

/* One neighbour of the view, in any order (ties in distance go to the earlier one). */
void steer__orca_add(steer_orca_filter *f, const steer_orca_near *nb);

/* steer__orca_add for nb[0], nb[1], ... nb[n - 1] in turn, without a call for each. */
void steer__orca_add_many(steer_orca_filter *f, const steer_orca_near *nb, int n);

/* The walls (may be NULL with count 0), then the velocity: steer_orca_velocity's result. */
steer_vec3 steer__orca_end(steer_orca_filter *f, const steer_segment *walls, int wall_count);

#endif /* STEER_CROWD_INTERNAL_H */
