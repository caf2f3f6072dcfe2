/* SPDX-License-Identifier: MIT */
/* The approach walker as a steering behaviour: straight legs or a spline through the
 * waypoints planned ahead, towards a target that may move (steer/approach.h). */
#include "steer/approach.h"

#include "steer/spline.h"
#include "steering_internal.h"

/* Spline parameter advanced per probe while looking for the point `lead` ahead. */
#define STEER_WALK_U_STEP (1.0f / 16.0f)

/* Most waypoints one call may pass: keeps a step's work bounded even when many planned
 * waypoints lie inside the reach radius. */
#define STEER_WALK_MAX_SHIFTS (STEER_APPROACH_AHEAD_MAX + 1)

steer_approach_walk_params steer_approach_walk_default(void)
{
    steer_approach_walk_params p;
    p.approach = steer_approach_default();
    p.ahead = 1;
    p.smooth = false;
    p.reach_radius = 0.5f;
    p.lead = 1.0f;
    p.arrive = steer_arrive_default();
    return p;
}

static steer_approach_walk_params steer_walk_read(const steer_approach_walk_params *params)
{
    steer_approach_walk_params p = params != NULL ? *params : steer_approach_walk_default();
    if (p.ahead < 1) p.ahead = 1;
    if (p.ahead > STEER_APPROACH_AHEAD_MAX) p.ahead = STEER_APPROACH_AHEAD_MAX;
    p.reach_radius = steer__positive_or(p.reach_radius, 0.5f);
    p.lead = steer__positive_or(p.lead, 1.0f);
    return p;
}

/* Draw legs from the last planned point to the current target until `ahead` are planned
 * or the plan reaches the target. */
static void steer_walker_fill(steer_approach_walker *w, steer_space space, steer_vec3 target,
                              const steer_approach_walk_params *p, steer_rng *rng)
{
    while (!w->ends_at_target && w->count < p->ahead + 1) {
        steer_vec3 from = w->plan[w->count - 1];
        steer_approach_leg leg = steer_approach_next(space, from, target, &p->approach, rng);
        if (!leg.reaches_target && !(leg.step > 0.0f)) break; /* no progress possible */
        w->plan[w->count++] = leg.waypoint;
        w->ends_at_target = leg.reaches_target;
    }
}

void steer_approach_walker_start(steer_approach_walker *walker, steer_space space, steer_vec3 from,
                                 steer_vec3 target, const steer_approach_walk_params *params,
                                 steer_rng *rng)
{
    STEER_ASSERT(walker != NULL && rng != NULL);
    if (walker == NULL || rng == NULL) return;
    steer_approach_walk_params p = steer_walk_read(params);
    if (!steer_v3_is_finite(from)) from = steer_v3_is_finite(target) ? target : steer_v3_zero();
    walker->plan[0] = from;
    walker->count = 1;
    walker->previous = from;
    walker->has_previous = false;
    walker->u = 0.0f;
    walker->ends_at_target = false;
    walker->arrived = false;
    walker->legs = 0;
    if (steer_v3_is_finite(target)) steer_walker_fill(walker, space, target, &p, rng);
}

/* The agent left plan[0] behind for good: drop it and plan one more leg. */
static void steer_walker_shift(steer_approach_walker *w, steer_space space, steer_vec3 target,
                               const steer_approach_walk_params *p, steer_rng *rng)
{
    w->previous = w->plan[0];
    w->has_previous = true;
    for (int i = 1; i < w->count; i++) w->plan[i - 1] = w->plan[i];
    w->count--;
    w->legs++;
    w->u = 0.0f;
    steer_walker_fill(w, space, target, p, rng);
}

/* The target may have moved. A plan that ends at the target follows it while the last
 * leg is still a final one from where it starts; otherwise that leg is drawn again from
 * there (from the agent when it is the leg being walked). */
static void steer_walker_retarget(steer_approach_walker *w, const steer_agent *agent,
                                  steer_vec3 target, const steer_approach_walk_params *p,
                                  steer_rng *rng)
{
    int last = w->count - 1;
    if (!w->ends_at_target || last < 1) return;
    steer_vec3 from = last == 1 ? agent->position : w->plan[last - 1];
    if (steer_approach_next_drawn(agent->space, from, target, &p->approach, 0.0f, 0.0f)
            .reaches_target) {
        w->plan[last] = target;
        return;
    }
    if (last == 1) w->plan[0] = agent->position;
    w->count = last;
    w->ends_at_target = false;
    w->u = 0.0f;
    steer_walker_fill(w, agent->space, target, p, rng);
}

/* True when plan[0] -> plan[1] is the walk's last leg. */
static bool steer_walker_on_final(const steer_approach_walker *w)
{
    return w->count < 2 || (w->count == 2 && w->ends_at_target);
}

static float steer_walker_gap(const steer_agent *agent, steer_vec3 point)
{
    return steer_length(steer_space_project(agent->space, steer_sub(point, agent->position)));
}

static steer_vec3 steer_walker_spline(const steer_approach_walker *w)
{
    steer_vec3 p0 = w->has_previous ? w->previous : w->plan[0];
    steer_vec3 p3 = w->count > 2 ? w->plan[2] : w->plan[1];
    return steer_spline_point(p0, w->plan[0], w->plan[1], p3, w->u);
}

/* Straight legs: pass every waypoint the agent has come within reach of. */
static void steer_walker_advance_straight(steer_approach_walker *w, const steer_agent *agent,
                                          steer_vec3 target, const steer_approach_walk_params *p,
                                          steer_rng *rng)
{
    for (int i = 0; i < STEER_WALK_MAX_SHIFTS && !steer_walker_on_final(w); i++) {
        if (steer_walker_gap(agent, w->plan[1]) > p->reach_radius) return;
        steer_walker_shift(w, agent->space, target, p, rng);
    }
}

/* Spline: move the sought point along the curve until it is `lead` ahead of the agent,
 * passing on to the next leg at the end of each one. */
static steer_vec3 steer_walker_advance_smooth(steer_approach_walker *w, const steer_agent *agent,
                                              steer_vec3 target,
                                              const steer_approach_walk_params *p, steer_rng *rng)
{
    int shifts = 0;
    for (;;) {
        steer_vec3 carrot = steer_walker_spline(w);
        if (steer_walker_gap(agent, carrot) >= p->lead) return carrot;
        if (w->u < 1.0f) {
            w->u = w->u + STEER_WALK_U_STEP < 1.0f ? w->u + STEER_WALK_U_STEP : 1.0f;
            continue;
        }
        if (steer_walker_on_final(w) || shifts++ >= STEER_WALK_MAX_SHIFTS) return carrot;
        steer_walker_shift(w, agent->space, target, p, rng);
    }
}

/* A state the walk can use: the caller owns the struct, and a count beyond the plan's
 * array read past it. A new walker (count 0) is not usable either. */
static bool steer_walker_usable(const steer_approach_walker *w)
{
    if (w->count < 1 || w->count > STEER_APPROACH_AHEAD_MAX + 1) return false;
    if (!(w->u >= 0.0f && w->u <= 1.0f) || !steer_v3_is_finite(w->previous)) return false;
    for (int i = 0; i < w->count; i++)
        if (!steer_v3_is_finite(w->plan[i])) return false;
    return true;
}

steer_steering steer_approach_walk(const steer_agent *agent, steer_approach_walker *walker,
                                   steer_vec3 target, const steer_approach_walk_params *params,
                                   steer_rng *rng, bool *arrived)
{
    if (arrived != NULL) *arrived = false;
    STEER_ASSERT(walker != NULL && rng != NULL);
    if (!steer__usable(agent) || walker == NULL || rng == NULL || !steer_v3_is_finite(target))
        return steer_steering_zero();
    steer_approach_walk_params p = steer_walk_read(params);
    if (!steer_walker_usable(walker))
        steer_approach_walker_start(walker, agent->space, agent->position, target, &p, rng);
    steer_walker_retarget(walker, agent, target, &p, rng);
    steer_vec3 goal = walker->count > 1 ? walker->plan[1] : target;
    if (p.smooth && walker->count > 1)
        goal = steer_walker_advance_smooth(walker, agent, target, &p, rng);
    else
        steer_walker_advance_straight(walker, agent, target, &p, rng);
    if (!p.smooth && walker->count > 1) goal = walker->plan[1];
    bool at_end =
        steer_walker_on_final(walker) && (!p.smooth || walker->u >= 1.0f || walker->count < 2);
    walker->arrived = false;
    if (!at_end) return steer_seek(agent, goal);
    steer_steering s = steer_arrive(agent, target, &p.arrive, &walker->arrived);
    if (arrived != NULL) *arrived = walker->arrived;
    return s;
}
