/* SPDX-License-Identifier: MIT */
/* The boids scenario: its world, recipe and random placement (boids.h). */
#include "boids.h"

static int steer_boids_add_recipe(steer_world *w, bool flocking)
{
    steer_recipe r = steer_recipe_default();
    if (flocking) {
        steer_recipe_item sep = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 12.0f);
        steer_recipe_item ali = steer_recipe_item_make(STEER_BEHAVIOUR_ALIGNMENT, 8.0f);
        steer_recipe_item coh = steer_recipe_item_make(STEER_BEHAVIOUR_COHESION, 8.0f);
        sep.neighbourhood.radius = 5.0f, sep.neighbourhood.cos_view = -0.707f;
        ali.neighbourhood.radius = 7.5f, ali.neighbourhood.cos_view = 0.7f;
        coh.neighbourhood.radius = 9.0f, coh.neighbourhood.cos_view = -0.15f;
        r.items[r.count++] = sep;
        r.items[r.count++] = ali;
        r.items[r.count++] = coh;
    }
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    return steer_world_add_recipe(w, &r);
}

/* A uniform point in the ball of `radius` about the origin (rejection from the cube; the
 * three draws are sequenced, so every compiler makes the same point from the same
 * stream). */
static steer_vec3 steer_boids_in_ball(steer_rng *rng, float radius)
{
    for (;;) {
        /* One statement per draw: the order of a function's arguments is unspecified. */
        float x = steer_rng_range(rng, -1, 1);
        float y = steer_rng_range(rng, -1, 1);
        float z = steer_rng_range(rng, -1, 1);
        steer_vec3 p = steer_v3(x, y, z);
        if (steer_length_sq(p) <= 1.0f) return steer_scale(p, radius);
    }
}

/* A uniform random unit vector. */
static steer_vec3 steer_boids_on_sphere(steer_rng *rng)
{
    for (;;) {
        steer_vec3 p = steer_boids_in_ball(rng, 1.0f);
        if (steer_length_sq(p) > 1e-4f) return steer_normalize(p);
    }
}

steer_world *steer_boids_world(int n, float radius, bool flocking,
                               steer_parallel_for_fn parallel_for, void *parallel_user)
{
    steer_world_def def = steer_world_default();
    def.capacity = n;
    def.seed = 1u;
    def.bounds.kind = STEER_BOUNDS_WRAP_SPHERE;
    def.bounds.radius = radius;
    def.parallel_for = parallel_for;
    def.parallel_user = parallel_user;
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    int recipe = steer_boids_add_recipe(w, flocking);
    steer_rng rng = steer_rng_make(42u, 7u);
    for (int i = 0; i < n; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.space = STEER_SPACE_3D;
        d.agent.model = STEER_MODEL_KINEMATIC;
        d.agent.max_speed = 9.0f;
        d.agent.max_accel = 27.0f;
        d.agent.max_force = 27.0f;
        d.agent.position = steer_boids_in_ball(&rng, radius);
        d.agent.velocity = steer_scale(steer_boids_on_sphere(&rng), 2.7f);
        d.recipe = recipe;
        if (steer_world_add(w, &d, NULL) != STEER_WORLD_OK) {
            steer_world_destroy(w);
            return NULL;
        }
    }
    return w;
}
