/* SPDX-License-Identifier: MIT */
/* The ORCA filter's first and last steps (crowd_internal.h): steer_orca_begin sets up an
 * agent's filter, steer_orca_end adds the walls and solves (crowd_lp.h); the neighbours
 * are filed in between (crowd_near.h). Private code in a header, static: crowd_filter.c
 * defines steer__orca_begin and steer__orca_end from it for steer_orca_velocity, and the
 * world's crowd (world_crowd_filter.h) includes it so that its builds, the baseline one
 * and the AVX2 one (crowd_avx2.c), each have their own. After van den Berg, Guy, Lin
 * and Manocha, "Reciprocal n-body collision avoidance" (2011). */
#ifndef STEER_CROWD_FILTER_H
#define STEER_CROWD_FILTER_H

#include "crowd_lp.h"
#include "crowd_near.h"

#include <string.h>

/* An agent that wants less than this fraction of its max_speed is idle: it makes way
 * (steer_orca_agent_share). */
#define STEER_ORCA_IDLE 0.25f

static float steer_orca_positive_or(float x, float fallback)
{
    return x > 0.0f && steer_is_finite(x) ? x : fallback;
}

/* A time as the filter reads it (the domain, steer/crowd.h): <= 0 or not finite is
 * `fallback`, the rest clamped into [STEER_CROWD_MIN_TIME, max]. */
static float steer_orca_time(float t, float fallback, float max)
{
    t = steer_orca_positive_or(t, fallback);
    return t < STEER_CROWD_MIN_TIME ? STEER_CROWD_MIN_TIME : (t > max ? max : t);
}

/* A finite planar velocity in the domain: one with a component beyond
 * STEER_CROWD_MAX_SPEED scaled down along its direction until none is. */
static steer_v2 steer_orca_speed_in_domain(steer_v2 v)
{
    float m = fabsf(v.x) > fabsf(v.y) ? fabsf(v.x) : fabsf(v.y);
    return m > STEER_CROWD_MAX_SPEED ? steer__v2_scale(v, STEER_CROWD_MAX_SPEED / m) : v;
}

/* A wall's end relative to the agent at p, computed in double (finite floats far apart
 * can differ by more than FLT_MAX). */
static void steer_orca_rel_d(steer_v2 end, steer_v2 p, double out[2])
{
    out[0] = (double)end.x - (double)p.x;
    out[1] = (double)end.y - (double)p.y;
}

/* The point where the line through a along d meets the edge `x_k = edge`: x_k set
 * exactly and the other coordinate moved along the slope, so a wall 1e30 long keeps
 * its offset from the agent to the bits (a + d * t would cancel them away). */
static void steer_orca_on_edge(const double a[2], const double d[2], int k, double edge,
                               double out[2])
{
    out[k] = edge;
    out[1 - k] = a[1 - k] + (edge - a[k]) * (d[1 - k] / d[k]);
}

/* Cut the segment a-b (doubles, relative) to the square |x|, |y| <= STEER_CROWD_WALL_REACH,
 * one axis at a time; false when it misses the square. It compares coordinates, never
 * a parameter along the segment: on a wall 1e38 long, the parameters of its near
 * end and of the square's edge 1e11 from the agent round to the same double, and a wall
 * far off would be cut into one across the agent. */
static bool steer_orca_clip_wall(double a[2], double b[2])
{
    const double box = (double)STEER_CROWD_WALL_REACH;
    const double from[2] = {a[0], a[1]}, d[2] = {b[0] - a[0], b[1] - a[1]};
    double *ends[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        if ((a[k] < -box && b[k] < -box) || (a[k] > box && b[k] > box)) return false;
        /* One end beyond an edge means the ends differ along k, so d[k] != 0. */
        for (int e = 0; e < 2; e++)
            if (fabs(ends[e][k]) > box)
                steer_orca_on_edge(from, d, k, ends[e][k] < 0.0 ? -box : box, ends[e]);
    }
    return true;
}

/* Wall w relative to the agent, in its plane, into *a and *b; false when it is skipped
 * (an end not finite, or nothing of it within STEER_CROWD_WALL_REACH). A wall reaching
 * further is cut to that square: beyond it, it is further than the domain lets the
 * agent look ahead, and inside it its numbers cannot overflow the half-plane's. */
static bool steer_orca_wall_rel(const steer_orca_self *s, steer_space space, const steer_segment *w,
                                steer_v2 *a, steer_v2 *b)
{
    if (!steer_v3_is_finite(w->a) || !steer_v3_is_finite(w->b)) return false;
    steer_v2 wa = steer__v2_from(space, w->a), wb = steer__v2_from(space, w->b);
    *a = steer__v2_sub(wa, s->p);
    *b = steer__v2_sub(wb, s->p);
    const float box = STEER_CROWD_WALL_REACH;
    if (fabsf(a->x) <= box && fabsf(a->y) <= box && fabsf(b->x) <= box && fabsf(b->y) <= box)
        return true;
    double da[2], db[2];
    steer_orca_rel_d(wa, s->p, da);
    steer_orca_rel_d(wb, s->p, db);
    if (!steer_orca_clip_wall(da, db)) return false;
    *a = steer__v2((float)da[0], (float)da[1]);
    *b = steer__v2((float)db[0], (float)db[1]);
    return true;
}

/* Squared distance from the origin to segment a-b. */
static float steer_orca_segment_d2(steer_v2 a, steer_v2 b)
{
    steer_v2 ab = steer__v2_sub(b, a);
    float l2 = steer__v2_len_sq(ab);
    float t = l2 > 0.0f ? -steer__v2_dot(a, ab) / l2 : 0.0f;
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    return steer__v2_len_sq(steer__v2_add(a, steer__v2_scale(ab, t)));
}

/* The wall at `index` of the two lists, segments[0, segment_count) then more[...]. */
static const steer_segment *steer_orca_wall_at(const steer_segment *segments, int segment_count,
                                               const steer_segment *more, int index)
{
    return index < segment_count ? &segments[index] : &more[index - segment_count];
}

/* Half-planes for the nearest walls within reach (nearest first, so nearer walls can
 * cover the ones behind them) among segments[0, segment_count) and more[0, more_count)
 * (the world's crowd walls and a navmesh's nearby edges, world_crowd_filter.h; either
 * may be empty), written from lines[0]; returns the count. Ties go to the earlier, the
 * first list first. */
static int steer_orca_wall_lines(const steer_orca_self *s, float max_speed, steer_space space,
                                 const steer_segment *segments, int segment_count,
                                 const steer_segment *more, int more_count, float more_inv_tau,
                                 steer_orca_line *lines)
{
    if (segments == NULL) segment_count = 0;
    if (more == NULL) more_count = 0;
    if (segment_count + more_count == 0) return 0;
    float r = s->radius * s->grow, reach = max_speed / s->inv_tau_obst + r, reach2 = reach * reach;
    float more_reach = max_speed / more_inv_tau + r, more_reach2 = more_reach * more_reach;
    steer_orca_pick picks[STEER_ORCA_MAX_SEGMENTS];
    int count = 0;
    steer_v2 a, b;
    for (int i = 0; i < segment_count + more_count; i++) {
        if (!steer_orca_wall_rel(s, space, steer_orca_wall_at(segments, segment_count, more, i), &a,
                                 &b))
            continue;
        float d2 = steer_orca_segment_d2(a, b);
        if (d2 < (i < segment_count ? reach2 : more_reach2))
            steer_orca_keep_nearest(picks, &count, STEER_ORCA_MAX_SEGMENTS, d2, i);
    }
    int n = 0;
    for (int k = 0; k < count; k++) {
        int i = picks[k].index;
        steer_orca_wall_rel(s, space, steer_orca_wall_at(segments, segment_count, more, i), &a, &b);
        float inv_tau = i < segment_count ? s->inv_tau_obst : more_inv_tau;
        n += steer__orca_wall_line(a, b, r, inv_tau, s->v, lines, n, &lines[n]);
    }
    return n;
}

/* How far walls avoided with the time horizon 1 / inv_tau matter to the filter (walls
 * further than this are never turned into half-planes). */
static inline float steer_orca_wall_reach(const steer_orca_filter *f, float inv_tau)
{
    return f->planar_max / inv_tau + f->s.radius * f->s.grow;
}

/* How far `got` falls short of `aim` along it: 0 when it gets all of it, up to 1. */
static float steer_orca_short_by(steer_v2 got, steer_v2 aim)
{
    float aim2 = steer__v2_len_sq(aim);
    if (!(aim2 > STEER_EPSILON_SQ)) return 0.0f;
    float short_by = 1.0f - steer__v2_dot(got, aim) / aim2;
    return short_by < 0.0f ? 0.0f : (short_by > 1.0f ? 1.0f : short_by);
}

/* The keep-right rule (steer_orca_params.sidestep): aim plus a lean to the right of
 * `want` (clockwise seen from the up axis) of sidestep * short_by * |want|. Since every
 * agent leans the same way, a ring or a grid of agents heading for one point turns into
 * a swirl instead of a jam that mirror symmetry would hold in place. The lean only tops
 * up the sideways speed `aim` already has (either way: an agent already sliding to its
 * left, along a wall say, is not jammed and is not turned back), so an aim that carries
 * the current velocity (the world's v + a dt) does not pile it up step after step. */
static steer_v2 steer_orca_keep_right(steer_space space, steer_v2 aim, steer_v2 want,
                                      float short_by, float sidestep)
{
    float speed2 = steer__v2_len_sq(want);
    if (!(sidestep > 0.0f) || !steer_is_finite(sidestep) || !(speed2 > STEER_EPSILON_SQ))
        return aim;
    /* (y, -x) in x,y; in x,z (Y up) it is (-z, x); as long as want. */
    steer_v2 right =
        space == STEER_SPACE_XY ? steer__v2(want.y, -want.x) : steer__v2(-want.y, want.x);
    float lean = sidestep * short_by; /* as a fraction of |want| */
    float have = fabsf(steer__v2_dot(aim, right)) / speed2;
    return lean > have ? steer__v2_add(aim, steer__v2_scale(right, lean - have)) : aim;
}

static steer_orca_self steer_orca_self_make(const steer_agent *agent,
                                            const steer_orca_params *params, uint32_t id, float dt)
{
    steer_orca_self s;
    steer_space space = agent->space;
    s.p = steer__v2_from(space, agent->position);
    s.v = steer_orca_speed_in_domain(steer__v2_from(space, agent->velocity));
    float r = params->radius;
    if (!(r >= 0.0f) || !steer_is_finite(r)) r = agent->radius;
    s.radius = r >= 0.0f && steer_is_finite(r) ? r : 0.0f;
    s.radius = s.radius < STEER_CROWD_MAX_LENGTH ? s.radius : STEER_CROWD_MAX_LENGTH;
    s.inv_tau = 1.0f / steer_orca_time(params->time_horizon, 10.0f, STEER_CROWD_MAX_TIME);
    s.inv_tau_obst =
        1.0f / steer_orca_time(params->time_horizon_obstacles, 10.0f, STEER_CROWD_MAX_TIME);
    s.inv_dt = 1.0f / steer_orca_time(dt, 1.0f / 60.0f, HUGE_VALF);
    s.responsibility = steer__orca_weight(params->responsibility);
    float clearance = params->clearance;
    clearance = clearance > 0.0f && steer_is_finite(clearance) ? clearance : 0.0f;
    s.grow = 1.0f + (clearance < STEER_CROWD_MAX_CLEARANCE ? clearance : STEER_CROWD_MAX_CLEARANCE);
    s.id = id;
    s.idle = false;
    s.step_reach = 0.0f;
    return s;
}

static bool steer_orca_begin(steer_orca_filter *f, const steer_agent *agent, steer_vec3 preferred,
                             const steer_vec3 *wanted, const steer_orca_params *params,
                             uint32_t self_id, float dt)
{
    STEER_ASSERT(agent != NULL && params != NULL);
    if (agent == NULL || params == NULL || !steer_agent_state_is_finite(agent)) return false;
    float max_speed = agent->max_speed;
    /* Below the domain the squares of the speeds lose bits (subnormal) and the speed
     * limit could be missed: such an agent stands, as one with max_speed 0 does. */
    if (!(max_speed >= STEER_CROWD_MIN_SPEED) || !steer_is_finite(max_speed)) return false;
    max_speed = max_speed < STEER_CROWD_MAX_SPEED ? max_speed : STEER_CROWD_MAX_SPEED;
    if (!steer_v3_is_finite(preferred)) preferred = steer_v3_zero();
    steer_space space = agent->space;
    f->space = space;
    /* 3D flyers keep their climb; the rest of the speed budget is for the plane. */
    f->up = space == STEER_SPACE_3D ? steer_clampf(preferred.y, -max_speed, max_speed) : 0.0f;
    f->planar_max = steer_sqrt(max_speed * max_speed - f->up * f->up);
    f->s = steer_orca_self_make(agent, params, self_id, dt);
    f->aim = steer_orca_speed_in_domain(steer__v2_from(space, preferred));
    f->want = wanted != NULL && steer_v3_is_finite(*wanted)
                  ? steer_orca_speed_in_domain(steer__v2_from(space, *wanted))
                  : f->aim;
    float idle_speed = STEER_ORCA_IDLE * f->planar_max;
    f->s.idle = steer__v2_len_sq(f->want) <= idle_speed * idle_speed;
    f->s.step_reach = f->planar_max / f->s.inv_dt;
    float side = params->sidestep; /* above the domain: the largest lean in it */
    f->sidestep =
        side > STEER_CROWD_MAX_SIDESTEP && steer_is_finite(side) ? STEER_CROWD_MAX_SIDESTEP : side;
    f->cap = params->max_neighbours < STEER_ORCA_MAX_NEIGHBOURS ? params->max_neighbours
                                                                : STEER_ORCA_MAX_NEIGHBOURS;
    float range = steer_orca_positive_or(params->neighbour_dist, 0.0f);
    range = range < STEER_CROWD_MAX_LENGTH ? range : STEER_CROWD_MAX_LENGTH;
    f->range2 = f->cap > 0 ? range * range : 0.0f; /* nothing is nearer than 0 */
    f->agents = 0;
    f->steps = 0;
    f->unlined = false;
    f->shuffled = false;
    return true;
}

/* The solver's list for steer_orca_end: the walls' half-planes (nw of them), the step
 * half-planes, then the kept agents' ORCA half-planes, all nearest first; returns where
 * it starts, *hard and *n its walls and step half-planes and its length. In place in
 * f->lines when the kept agents are there in order, else gathered into `spare`. */
static const steer_orca_line *steer_orca_list(steer_orca_filter *f, const steer_orca_line *wall,
                                              int nw, steer_orca_line *spare, int *hard, int *n)
{
    /* The step half-planes hold the agent's plane for the whole step: ORCA's keep it for
     * the horizon and may be relaxed, these may not. */
    bool in_place = !f->shuffled && !f->unlined;
    steer_orca_line *lines = in_place ? f->lines + STEER_ORCA_KEPT_AT - f->steps - nw : spare;
    if (nw > 0) memcpy(lines, wall, (size_t)nw * sizeof *wall);
    int m = nw;
    for (int k = 0; k < f->steps; k++) lines[m++] = f->step[f->step_pick[k].index];
    *hard = m;
    if (in_place) {
        *n = m + f->agents;
        return lines;
    }
    for (int k = 0; k < f->agents; k++) { /* every one copied, those with a line counted */
        int slot = f->agent_pick[k].index;
        lines[m] = f->lines[STEER_ORCA_KEPT_AT + slot];
        m += f->on[slot] ? 1 : 0;
    }
    *n = m;
    return lines;
}

static steer_vec3 steer_orca_end(steer_orca_filter *f, const steer_segment *walls, int wall_count,
                                 const steer_segment *more, int more_count, float more_inv_tau)
{
    steer_orca_line wall[STEER_ORCA_MAX_SEGMENTS], spare[STEER_ORCA_MAX_LINES];
    const steer_orca_self *s = &f->s;
    int nw = steer_orca_wall_lines(s, f->planar_max, f->space, walls, wall_count, more, more_count,
                                   more_inv_tau, wall);
    int hard, n;
    const steer_orca_line *lines = steer_orca_list(f, wall, nw, spare, &hard, &n);
    /* Leaning is for agents that meet something, and never for one that holds its
     * course (responsibility 0). */
    float sidestep = n > hard && s->responsibility > 0.0f ? f->sidestep : 0.0f;
    /* The lean goes by what the half-planes cut off the preferred velocity in this very
     * step (a first solve without it), so an agent that is merely slower than it wants
     * (still accelerating) does not lean. */
    steer_v2 aim = f->aim;
    bool relaxed;
    steer_v2 v = steer_orca_solve(lines, n, nw, hard, f->planar_max, aim, &relaxed);
    /* Half-planes with no common point give the least violation whatever the aim: a
     * leaned aim would solve to the same point (but for rounding, a few times in a
     * hundred million), so it is not solved for. */
    float short_by = sidestep > 0.0f && !relaxed ? steer_orca_short_by(v, aim) : 0.0f;
    if (short_by > 0.0f) {
        /* When the agent already slides sideways by as much as the lean, the aim is the
         * same and so would be the second solve's answer. */
        steer_v2 leaned = steer_orca_keep_right(f->space, aim, f->want, short_by, sidestep);
        if (memcmp(&leaned, &aim, sizeof aim) != 0)
            v = steer_orca_solve(lines, n, nw, hard, f->planar_max, leaned, NULL);
    }
    return steer__v2_to(f->space, v, f->up);
}

#endif /* STEER_CROWD_FILTER_H */
