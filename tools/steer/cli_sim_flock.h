/* SPDX-License-Identifier: MIT */
/* cli_sim_flock.h - the flock of a scenario, run by the library's batch world.
 *
 * The boids live in a steer_world (steer/world.h) with one recipe (separation,
 * alignment, cohesion, wander) and the scenario's edges as the world's bounds; the
 * runner steps the world once per step and copies every boid's state and steering back
 * into its own arrays, so observers see boids as any other agent. Only the public
 * world API is used.
 */
#ifndef CLI_SIM_FLOCK_H
#define CLI_SIM_FLOCK_H

#include "cli_scenario.h"

typedef struct cli_flock_run {
    steer_world *world; /* NULL when the scenario has no flock */
    steer_handle *handles;
    int first, count; /* the boids are agents[first .. first + count - 1] */
} cli_flock_run;

/* Puts every boid at a random point of the spawn box heading a random way (from
 * rngs[boid], the boid's own generator), then builds the world with `seed`. Succeeds
 * doing nothing when the scenario has no flock; false when memory runs out or the
 * world refuses an agent. */
bool cli_flock_run_init(cli_flock_run *f, const cli_scenario *s, steer_agent *agents,
                        steer_rng *rngs, uint64_t seed);

/* One step of the world; the boids' new states go to agents[], their steering to
 * forces[]. */
bool cli_flock_run_step(cli_flock_run *f, const cli_scenario *s, steer_agent *agents,
                        steer_vec3 *forces);

/* True when agent i is a boid of the flock. */
bool cli_flock_run_has(const cli_flock_run *f, int i);

void cli_flock_run_free(cli_flock_run *f);

#endif /* CLI_SIM_FLOCK_H */
