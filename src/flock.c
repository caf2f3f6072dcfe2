/* SPDX-License-Identifier: MIT */
/* Group behaviours over a neighbour list (steer/flock.h). The per-neighbour steps are
 * in flock_internal.h, shared with the world's neighbour loop. */
#include "steer/flock.h"

#include "flock_internal.h"
#include "steering_internal.h"

static steer_neighbourhood steer_neighbourhood_make(float radius, float cos_view)
{
    steer_neighbourhood nb;
    nb.radius = radius;
    nb.cos_view = cos_view;
    return nb;
}

steer_neighbourhood steer_separation_default(void)
{
    return steer_neighbourhood_make(5.0f, -0.707f);
}

steer_neighbourhood steer_alignment_default(void)
{
    return steer_neighbourhood_make(7.5f, 0.7f);
}

steer_neighbourhood steer_cohesion_default(void)
{
    return steer_neighbourhood_make(9.0f, -0.15f);
}

bool steer_in_neighbourhood(steer_vec3 forward, steer_vec3 offset, const steer_neighbourhood *nb)
{
    STEER_ASSERT(nb != NULL);
    if (nb == NULL || !steer_v3_is_finite(offset)) return false;
    steer_flock_test t = steer__flock_test(nb);
    return steer__flock_accepts(&t, steer_dot(forward, offset), steer_length_sq(offset));
}

steer_steering steer__flock_direction(const steer_agent *agent, steer_vec3 sum)
{
    steer_steering s = steer_steering_zero();
    s.linear = steer_normalize(steer_space_project(agent->space, sum));
    return s;
}

steer_steering steer__alignment_finish(const steer_agent *agent, steer_vec3 forward_sum, int n,
                                       steer_vec3 forward)
{
    steer_steering s = steer_steering_zero();
    /* The mean heading is normalised before the difference: the mean of unit vectors is
     * shorter than one, and mean - forward would then brake an agent that already
     * agrees with its neighbours. Headings that cancel out give no consensus to follow. */
    steer_vec3 heading = steer_normalize(forward_sum);
    if (n <= 0 || steer_length_sq(heading) == 0.0f) return s;
    s.linear = steer_space_project(agent->space, steer_sub(heading, forward));
    return s;
}

steer_steering steer__queue_finish(const steer_agent *agent, bool blocked,
                                   const steer_queue_params *params)
{
    if (!blocked) return steer_steering_zero();
    float keep = steer_clampf(params->keep, 0.0f, 1.0f);
    return steer_match_velocity(agent, steer_scale(agent->velocity, keep), params->time_to_target);
}

/* Whether a group function can run: a usable agent and a non-empty list. */
static bool steer_flock_begin(const steer_agent *agent, const void *list, int count)
{
    return steer__usable(agent) && list != NULL && count > 0;
}

/* The offset from the agent to `position` and its squared length, when that neighbour
 * is finite and inside the radius and view cone; false to skip it. */
static bool steer_flock_neighbour(const steer_agent *agent, const steer_flock_test *t,
                                  steer_vec3 forward, steer_vec3 position, steer_vec3 *o, float *d2)
{
    *o = steer_sub(position, agent->position);
    *d2 = steer_length_sq(*o);
    return steer_is_finite(*d2) && steer__flock_accepts(t, steer_dot(forward, *o), *d2);
}

steer_steering steer_separation(const steer_agent *agent, const steer_vec3 *positions, int count,
                                const steer_neighbourhood *nb)
{
    if (!steer_flock_begin(agent, positions, count)) return steer_steering_zero();
    steer_neighbourhood n = nb != NULL ? *nb : steer_separation_default();
    steer_flock_test t = steer__flock_test(&n);
    steer_vec3 forward = steer_agent_forward(agent), sum = steer_v3_zero();
    for (int j = 0; j < count; j++) {
        steer_vec3 o;
        float d2;
        if (!steer_flock_neighbour(agent, &t, forward, positions[j], &o, &d2)) continue;
        sum = steer_add(sum, steer__separation_term(steer_scale(o, -1.0f), d2, steer_v3_zero()));
    }
    return steer__flock_direction(agent, sum);
}

steer_steering steer_alignment(const steer_agent *agent, const steer_vec3 *positions,
                               const steer_vec3 *velocities, int count,
                               const steer_neighbourhood *nb)
{
    if (!steer_flock_begin(agent, positions, count) || velocities == NULL)
        return steer_steering_zero();
    steer_neighbourhood n = nb != NULL ? *nb : steer_alignment_default();
    steer_flock_test t = steer__flock_test(&n);
    steer_vec3 forward = steer_agent_forward(agent), sum = steer_v3_zero();
    int used = 0;
    for (int j = 0; j < count; j++) {
        steer_vec3 o;
        float d2;
        if (!steer_flock_neighbour(agent, &t, forward, positions[j], &o, &d2)) continue;
        steer_vec3 f = steer_normalize(velocities[j]);
        if (steer_length_sq(f) == 0.0f) continue; /* at rest: no heading to share */
        sum = steer_add(sum, f);
        used++;
    }
    return steer__alignment_finish(agent, sum, used, forward);
}

steer_steering steer_cohesion(const steer_agent *agent, const steer_vec3 *positions, int count,
                              const steer_neighbourhood *nb)
{
    if (!steer_flock_begin(agent, positions, count)) return steer_steering_zero();
    steer_neighbourhood n = nb != NULL ? *nb : steer_cohesion_default();
    steer_flock_test t = steer__flock_test(&n);
    steer_vec3 forward = steer_agent_forward(agent), sum = steer_v3_zero();
    for (int j = 0; j < count; j++) {
        steer_vec3 o;
        float d2;
        if (!steer_flock_neighbour(agent, &t, forward, positions[j], &o, &d2)) continue;
        /* Summing offsets rather than positions keeps precision far from the origin; the
         * mean's direction is the sum's. */
        sum = steer_add(sum, o);
    }
    return steer__flock_direction(agent, sum);
}

steer_queue_params steer_queue_default(void)
{
    steer_queue_params p;
    p.ahead = steer_neighbourhood_make(2.0f, 0.8f);
    p.keep = 0.3f;
    p.time_to_target = 0.1f;
    return p;
}

steer_steering steer_queue(const steer_agent *agent, const steer_vec3 *positions, int count,
                           const steer_queue_params *params)
{
    if (!steer_flock_begin(agent, positions, count)) return steer_steering_zero();
    steer_queue_params p = params != NULL ? *params : steer_queue_default();
    steer_flock_test t = steer__flock_test(&p.ahead);
    steer_vec3 forward = steer_agent_forward(agent);
    bool blocked = false;
    for (int j = 0; j < count && !blocked; j++) {
        steer_vec3 o = steer_sub(positions[j], agent->position);
        float d2 = steer_length_sq(o);
        /* A neighbour on top of the agent is not "ahead": it would block both forever. */
        blocked = steer_is_finite(d2) && d2 > STEER_FLOCK_TIE_SQ &&
                  steer__flock_accepts(&t, steer_dot(forward, o), d2);
    }
    return steer__queue_finish(agent, blocked, &p);
}
