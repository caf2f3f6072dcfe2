/* SPDX-License-Identifier: MIT */
/* cli_sim_flock.c - the flock in the batch world: spawning, stepping, reading back. */
#include "cli_sim_flock.h"

#include <stdlib.h>
#include <string.h>

#define CLI_TAU 6.28318530717958647692f

/* A random point of the spawn box and a random heading in the plane (a random
 * direction in 3D), from the boid's own generator. */
static void cli_spawn(const cli_flock *f, steer_agent *a, steer_rng *rng)
{
    steer_vec3 lo = f->spawn_min, hi = f->spawn_max;
    /* One draw per statement: the order in which a call's arguments are evaluated is
     * unspecified in C (gcc and clang differ), and the scenario must not depend on it. */
    float x = steer_rng_range(rng, lo.x, hi.x);
    float y = steer_rng_range(rng, lo.y, hi.y);
    float z = steer_rng_range(rng, lo.z, hi.z);
    a->position = steer_v3(x, y, z);
    float angle = steer_rng_range(rng, 0.0f, CLI_TAU);
    steer_vec3 dir = steer_space_heading(a->space, angle);
    if (a->space == STEER_SPACE_3D) {
        float up = steer_rng_range(rng, -1.0f, 1.0f), flat = steer_sqrt(1.0f - up * up);
        dir = steer_v3(dir.x * flat, up, dir.z * flat);
    }
    if (a->space == STEER_SPACE_XY) a->position.z = lo.z;
    if (a->space == STEER_SPACE_XZ) a->position.y = lo.y;
    a->velocity = steer_scale(dir, f->speed);
    a->orientation = angle;
}

static bool cli_flock_world(cli_flock_run *f, const cli_scenario *s, const steer_agent *agents,
                            uint64_t seed)
{
    steer_world_def def = steer_world_default();
    def.capacity = f->count;
    def.max_recipes = 1;
    def.seed = seed;
    def.bounds = cli_world_bounds(s, cli_edges_bounds_kind(s->edges));
    f->world = steer_world_create(&def);
    if (!f->world) return false;
    int recipe = steer_world_add_recipe(f->world, &s->flock.recipe);
    if (recipe < 0) return false;
    for (int i = 0; i < f->count; i++) {
        steer_world_agent_def a = steer_world_agent_default();
        a.agent = agents[f->first + i];
        a.recipe = recipe;
        if (steer_world_add(f->world, &a, &f->handles[i]) != STEER_WORLD_OK) return false;
    }
    return true;
}

bool cli_flock_run_init(cli_flock_run *f, const cli_scenario *s, steer_agent *agents,
                        steer_rng *rngs, uint64_t seed)
{
    memset(f, 0, sizeof *f);
    if (!s->flock.present) return true;
    f->first = s->flock.first;
    f->count = s->flock.count;
    f->handles = calloc((size_t)f->count, sizeof *f->handles);
    if (!f->handles) return false;
    for (int i = 0; i < f->count; i++)
        cli_spawn(&s->flock, &agents[f->first + i], &rngs[f->first + i]);
    return cli_flock_world(f, s, agents, seed);
}

bool cli_flock_run_step(cli_flock_run *f, const cli_scenario *s, steer_agent *agents,
                        steer_vec3 *forces)
{
    if (!f->world) return true;
    if (steer_world_step(f->world, s->dt) != STEER_WORLD_OK) return false;
    for (int i = 0; i < f->count; i++) {
        steer_steering st = steer_steering_zero();
        if (steer_world_get_agent(f->world, f->handles[i], &agents[f->first + i]) !=
                STEER_WORLD_OK ||
            steer_world_get_steering(f->world, f->handles[i], &st) != STEER_WORLD_OK)
            return false;
        forces[f->first + i] = st.linear;
    }
    return true;
}

bool cli_flock_run_has(const cli_flock_run *f, int i)
{
    return f->world && i >= f->first && i < f->first + f->count;
}

void cli_flock_run_free(cli_flock_run *f)
{
    steer_world_destroy(f->world);
    free(f->handles);
    memset(f, 0, sizeof *f);
}
