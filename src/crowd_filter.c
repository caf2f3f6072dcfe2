/* SPDX-License-Identifier: MIT */
/* The ORCA filter's first and last steps as steer_orca_velocity calls them (crowd_orca.c):
 * crowd_filter.h's code, built once here for every machine. The world's crowd has its own
 * builds of the same code (world_crowd.c, crowd_avx2.c). */
#include "crowd_filter.h"

bool steer__orca_begin(steer_orca_filter *f, const steer_agent *agent, steer_vec3 preferred,
                       const steer_vec3 *wanted, const steer_orca_params *params, uint32_t self_id,
                       float dt)
{
    return steer_orca_begin(f, agent, preferred, wanted, params, self_id, dt);
}

steer_vec3 steer__orca_end(steer_orca_filter *f, const steer_segment *walls, int wall_count)
{
    return steer_orca_end(f, walls, wall_count, NULL, 0, f->s.inv_tau_obst);
}
