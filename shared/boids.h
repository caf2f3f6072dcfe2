/* OpenSteer's Boids scenario as the issue fixes it, shared by the benchmark and the
 * determinism test so both run the same flock (never part of the library). */
#ifndef STEER_SHARED_BOIDS_H
#define STEER_SHARED_BOIDS_H

#include "steer/steer.h"

/* Register the boids recipe in w: separation (radius 5, cos -0.707, weight 12),
 * alignment (7.5, 0.7, 8), cohesion (9, -0.15, 8) and wander (weight 1); with flocking
 * false, wander alone. Returns the recipe id (steer_world_add_recipe). */
int steer_boids_add_recipe(steer_world *w, bool flocking);

/* A uniform point in the ball of `radius` about the origin (rejection from the cube; the
 * three draws are sequenced, so every compiler makes the same point from the same
 * stream). */
steer_vec3 steer_boids_in_ball(steer_rng *rng, float radius);

/* A uniform random unit vector. */
steer_vec3 steer_boids_on_sphere(steer_rng *rng);

#endif /* STEER_SHARED_BOIDS_H */
