/* SPDX-License-Identifier: MIT */
/* The vector path's rows for the behaviours that head for a target (private): seek, flee,
 * arrive (both kinds), pursue and evade, one agent per lane, each with the operations of
 * seek.c, arrive.c and pursue.c in their order, so the same bits. A part of
 * world_lanes.h, which includes it once its own helpers (the lanes' agent, the
 * truncation, the projection) are defined; not to be included anywhere else. */
#ifndef STEER_WORLD_LANES_TARGETS_H
#define STEER_WORLD_LANES_TARGETS_H

#include "steering_internal.h" /* the parameters read as the scalar behaviours read them */

/* The goals of the block's agents (steer__world_goal: the target agent's position when it
 * has a live one, else the target point), gathered lane by lane: aims are in handle
 * order, not the block's. */
static steer_vl steer_lanes_goal(const steer_world *w, int i)
{
    steer_vec3 goal[STEER_LANES_WIDTH];
    const steer_world_traits *t = steer__world_traits(w, i);
    for (int k = 0; k < STEER_LANES_WIDTH; k++) goal[k] = steer__world_goal(w, &w->aims[t[k].slot]);
    return steer_lanes_xyz(goal);
}

/* steer__nonneg per lane: x where it is finite and >= 0, else 0. */
static steer_fl steer_lanes_nonneg_fl(steer_fl x)
{
    return steer_fl_select((x >= 0.0f) & steer_fl_finite(x), x, steer_fl_splat(0.0f));
}

/* steer_sqrt per lane: the root of x > 0, else 0. */
static steer_fl steer_lanes_sqrt(steer_fl x)
{
    steer_il pos = x > 0.0f;
    return steer_fl_select(pos, steer_fl_sqrt(steer_fl_select(pos, x, steer_fl_splat(1.0f))),
                           steer_fl_splat(0.0f));
}

/* steer__reach_velocity per lane: (desired - velocity) / time as an acceleration, times
 * the mass under the Reynolds model, in the agent's plane, limited. */
static steer_vl steer_lanes_reach(const steer_lanes_agent *a, steer_space space, steer_model model,
                                  steer_vl desired, steer_fl time, steer_fl max_linear,
                                  steer_il *odd)
{
    steer_vl change = steer_vl_scale(steer_vl_sub(desired, a->vel), 1.0f / time);
    if (model == STEER_MODEL_REYNOLDS) change = steer_vl_scale(change, steer_lanes_mass(a));
    return steer_lanes_truncate(steer_lanes_project(space, change), max_linear, odd);
}

/* steer_seek_with and steer_flee_with per lane (seek.c): full speed toward the goal, or
 * away from it (along the forward direction when on it); that velocity reached within
 * `time` (> 0), or under the Reynolds model Reynolds' desired - velocity. */
static steer_vl steer_lanes_seek(const steer_lanes_agent *a, steer_space space, steer_model model,
                                 steer_vl goal, bool flee, float time, steer_fl max_linear,
                                 steer_il *odd)
{
    steer_vl to = flee ? steer_vl_sub(a->pos, goal) : steer_vl_sub(goal, a->pos);
    steer_vl dir = steer_vl_normalize(steer_lanes_project(space, to));
    if (flee) dir = steer_vl_select(steer_vl_dot(dir, dir) == 0.0f, a->forward, dir);
    steer_vl desired = steer_vl_scale(dir, steer_lanes_nonneg_fl(a->max_speed));
    if (model != STEER_MODEL_REYNOLDS)
        return steer_lanes_reach(a, space, model, desired, steer_fl_splat(time), max_linear, odd);
    return steer_lanes_truncate(steer_lanes_project(space, steer_vl_sub(desired, a->vel)),
                                max_linear, odd);
}

/* The target agents of the block's agents (a live one's dense index: steer__world_goal's
 * test), their positions and velocities; `live` is false, and both zero, in lanes without
 * one. */
static steer_il steer_lanes_quarry(const steer_world *w, int i, steer_vl *pos, steer_vl *vel)
{
    steer_vec3 p[STEER_LANES_WIDTH], v[STEER_LANES_WIDTH];
    int32_t live[STEER_LANES_WIDTH];
    const steer_world_traits *t = steer__world_traits(w, i);
    for (int k = 0; k < STEER_LANES_WIDTH; k++) {
        const steer_world_slot *q = steer__world_slot(w, w->aims[t[k].slot].target_agent);
        int j = q != NULL ? q->dense : -1;
        p[k] = j >= 0 ? w->pos[w->cur][j] : steer_v3_zero();
        v[k] = j >= 0 ? w->vel[w->cur][j] : steer_v3_zero();
        live[k] = j >= 0 ? -1 : 0;
    }
    *pos = steer_lanes_xyz(p);
    *vel = steer_lanes_xyz(v);
    return steer_il_load((const uint32_t *)(const void *)live);
}

/* steer_pursue and steer_evade per lane (pursue.c): seek or flee the target agent's
 * position ahead by the time the agent would take to reach it at its speed, at most
 * max_prediction; nothing without a target agent. */
static steer_vl steer_lanes_pursue(const steer_lanes_agent *a, const steer_world_eval e[],
                                   const steer_pursue_params *p, bool evade, steer_fl max_linear,
                                   steer_il *odd)
{
    const steer_fl zero = steer_fl_splat(0.0f);
    steer_space space = (steer_space)e[0].traits->space;
    steer_model model = (steer_model)e[0].traits->model;
    steer_vl pos, vel;
    steer_il live = steer_lanes_quarry(e[0].w, e[0].i, &pos, &vel);
    float ahead = steer__nonneg(p->max_prediction);
    steer_vl off = steer_vl_sub(pos, a->pos);
    steer_fl distance = steer_lanes_sqrt(steer_vl_dot(off, off));
    steer_fl speed = steer_lanes_sqrt(steer_vl_dot(a->vel, a->vel));
    steer_il sooner = speed * ahead > distance;
    steer_fl t = steer_fl_select(sooner, distance / steer_fl_select(sooner, speed, zero + 1.0f),
                                 steer_fl_splat(ahead));
    steer_vl goal = steer_vl_add_scaled(pos, vel, t);
    /* The scalar behaviours give nothing for a quarry or a prediction that is not finite:
     * rare, left to them. */
    *odd |= live & ~(steer_vl_finite(pos) & steer_vl_finite(vel) & steer_vl_finite(goal));
    float time = steer__positive_or(p->time_to_target, 0.1f);
    steer_il rare = {0};
    steer_vl v = steer_lanes_seek(a, space, model, goal, evade, time, max_linear, &rare);
    *odd |= rare & live;
    return steer_vl_select(live, v, (steer_vl){zero, zero, zero});
}

/* The cookbook's Arrive per lane (arrive.c's steer_arrive_cookbook): nothing inside the
 * target radius, the speed ramped down inside the slow radius. */
static steer_vl steer_lanes_arrive_cookbook(const steer_lanes_agent *a, steer_space space,
                                            steer_model model, steer_vl to, steer_fl distance,
                                            const steer_arrive_params *p, steer_fl max_linear,
                                            steer_il *odd)
{
    const steer_fl zero = steer_fl_splat(0.0f);
    steer_il none = (distance < steer__nonneg(p->target_radius)) | (distance == 0.0f);
    steer_fl speed = steer_lanes_nonneg_fl(a->max_speed);
    /* The slow radius is > 0 in every lane that ramps: the others are inside the target
     * radius or on the goal, and their results are dropped. */
    speed = steer_fl_select(distance <= steer__nonneg(p->slow_radius),
                            speed * distance / steer__nonneg(p->slow_radius), speed);
    float time = steer__positive_or(p->time_to_target, 0.1f);
    steer_il rare = {0};
    steer_vl v = steer_lanes_reach(a, space, model, steer_vl_scale(steer_vl_normalize(to), speed),
                                   steer_fl_splat(time), max_linear, &rare);
    *odd |= rare & ~none;
    return steer_vl_select(none, (steer_vl){zero, zero, zero}, v);
}

/* steer_arrive per lane (arrive.c): the target speed capped by the speed from which
 * braking at 0.8 of the acceleration stops at the goal; reached over time_to_target, or
 * within the step while braking (inside the target radius or at or above that speed),
 * the braking along the line to the goal first and the sideways correction from what
 * is left. */
static steer_vl steer_lanes_arrive(const steer_lanes_agent *a, steer_space space, steer_model model,
                                   steer_vl goal, const steer_arrive_params *p, steer_fl max_linear,
                                   steer_il *odd)
{
    const steer_fl zero = steer_fl_splat(0.0f);
    /* steer__model_step: the step the braking plans for. */
    const float h =
        model == STEER_MODEL_REYNOLDS ? 1.0f : steer__positive_or(p->step, 1.0f / 60.0f);
    steer_vl to = steer_lanes_project(space, steer_vl_sub(goal, a->pos));
    steer_fl distance = steer_lanes_sqrt(steer_vl_dot(to, to));
    if (p->cookbook)
        return steer_lanes_arrive_cookbook(a, space, model, to, distance, p, max_linear, odd);
    float target_radius = steer__nonneg(p->target_radius);
    float slow = steer__nonneg(p->slow_radius);
    steer_il inside = distance <= target_radius;
    /* steer__max_accel: the linear limit, over the mass under the Reynolds model. */
    steer_fl accel = model == STEER_MODEL_REYNOLDS ? max_linear / steer_lanes_mass(a) : max_linear;
    /* steer__stopping_speed at 0.8 of it. */
    steer_fl brake = 0.8f * accel;
    steer_fl stop = steer_lanes_sqrt(2.0f * brake * distance) - 0.5f * brake * h;
    steer_fl last = distance / h;
    last = steer_fl_select(last > brake * h, brake * h, last);
    stop = steer_fl_select(stop > last, stop, last);
    /* The cookbook's target speed (steer_arrive_cookbook_speed), capped by it. */
    steer_fl max_speed = steer_lanes_nonneg_fl(a->max_speed);
    steer_fl speed = steer_fl_select(inside, zero,
                                     steer_fl_select((distance <= slow) & (slow > 0.0f ? -1 : 0),
                                                     max_speed * distance / slow, max_speed));
    speed = steer_fl_select(speed > stop, stop, speed);
    float time = steer__positive_or(p->time_to_target, h);
    steer_il braking = inside | (steer_lanes_sqrt(steer_vl_dot(a->vel, a->vel)) >= stop);
    steer_fl lag =
        steer_fl_select(braking | (time < h ? -1 : 0), steer_fl_splat(h), steer_fl_splat(time));
    steer_vl dir = steer_vl_normalize(to);
    /* steer_arrive_brake: on the goal, stop; else the change along dir first. */
    steer_fl budget = accel * h;
    steer_il rare = {0};
    steer_vl stopped =
        steer_vl_scale(steer_lanes_truncate(a->vel, budget, &rare), steer_fl_splat(-1.0f));
    steer_fl along = steer_vl_dot(a->vel, dir);
    steer_vl side = steer_vl_sub(a->vel, steer_vl_scale(dir, along));
    steer_fl change = speed - along;
    change = steer_fl_select(change >= -budget, change, -budget); /* steer_clampf */
    change = steer_fl_select(change > budget, budget, change);
    steer_fl left = steer_lanes_sqrt(budget * budget - change * change);
    steer_vl dv =
        steer_vl_sub(steer_vl_scale(dir, change), steer_lanes_truncate(side, left, &rare));
    dv = steer_vl_select(steer_vl_dot(dir, dir) == 0.0f, stopped, dv);
    *odd |= rare & braking;
    steer_vl desired =
        steer_vl_select(braking, steer_vl_add(a->vel, dv), steer_vl_scale(dir, speed));
    return steer_lanes_reach(a, space, model, desired, lag, max_linear, odd);
}

#endif /* STEER_WORLD_LANES_TARGETS_H */
