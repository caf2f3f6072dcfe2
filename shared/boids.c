/* The boids scenario's recipe and random placement (boids.h). */
#include "boids.h"

int steer_boids_add_recipe(steer_world *w, bool flocking)
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

steer_vec3 steer_boids_in_ball(steer_rng *rng, float radius)
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

steer_vec3 steer_boids_on_sphere(steer_rng *rng)
{
    for (;;) {
        steer_vec3 p = steer_boids_in_ball(rng, 1.0f);
        if (steer_length_sq(p) > 1e-4f) return steer_normalize(p);
    }
}
