/* SPDX-License-Identifier: MIT */
/* ORCA (steer/crowd.h, docs/crowd.md): a half-plane of permitted velocities for each
 * nearby agent and wall, then the linear program of crowd_lp.h. After van den Berg, Guy,
 * Lin and Manocha, "Reciprocal n-body collision avoidance" (2011). This file holds the
 * public entry points over a steer_crowd_view; the filter they run is split by step:
 * crowd_filter.h sets it up and solves (built here by crowd_filter.c), crowd_near.h files each
 * neighbour. */
#include "crowd_near.h"

steer_orca_params steer_orca_default(void)
{
    steer_orca_params p;
    p.radius = -1.0f;
    p.neighbour_dist = 15.0f;
    p.max_neighbours = 10;
    p.time_horizon = 10.0f;
    p.time_horizon_obstacles = 10.0f;
    p.responsibility = 1.0f;
    p.clearance = 0.05f;
    p.sidestep = 0.5f;
    return p;
}

void steer__orca_add(steer_orca_filter *f, const steer_orca_near *nb)
{
    steer__orca_add_many(f, nb, 1);
}

void steer__orca_add_many(steer_orca_filter *f, const steer_orca_near *nb, int n)
{
    steer_orca_adder a = steer__orca_adder(f);
    for (int k = 0; k < n; k++) steer__orca_file(f, &a, &nb[k]);
    steer__orca_adder_done(f, &a);
}

/* A neighbour of a view as the filter reads it; false when it is skipped (a coordinate
 * not finite, or its velocity or radius outside the domain: steer__orca_in_domain). */
static bool steer_orca_near_of(const steer_orca_self *s, steer_space space,
                               const steer_crowd_neighbour *nb, steer_orca_near *out)
{
    if (!(steer_v3_is_finite(nb->position) && steer__orca_in_domain(nb->velocity, nb->radius)))
        return false;
    out->rel_p = steer__v2_sub(steer__v2_from(space, nb->position), s->p);
    out->vel = steer__v2_from(space, nb->velocity);
    out->radius = nb->radius;
    out->responsibility = steer__orca_weight(nb->responsibility);
    out->id = nb->id;
    return true;
}

steer_vec3 steer_orca_velocity(const steer_agent *agent, steer_vec3 preferred,
                               const steer_orca_params *params, const steer_crowd_view *view,
                               float dt)
{
    steer_orca_filter f;
    if (!steer__orca_begin(&f, agent, preferred, NULL, params, view ? view->self_id : 0u, dt))
        return steer_v3_zero();
    if (view == NULL) return steer__orca_end(&f, NULL, 0);
    steer_orca_near nb;
    for (int i = 0; view->agents != NULL && i < view->agent_count; i++)
        if (steer_orca_near_of(&f.s, f.space, &view->agents[i], &nb)) steer__orca_add(&f, &nb);
    return steer__orca_end(&f, view->segments, view->segment_count);
}
