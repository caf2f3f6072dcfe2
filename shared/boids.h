/* SPDX-License-Identifier: MIT */
/* OpenSteer's Boids scenario with fixed parameters, shared by the benchmark and the
 * determinism test so both run the same flock (never part of the library). */
#ifndef STEER_SHARED_BOIDS_H
#define STEER_SHARED_BOIDS_H

#include "steer/steer.h"

/* A world of n boids: capacity n, seed 1, a teleporting wrap sphere of `radius` about
 * the origin, and n agents (3D, kinematic, max speed 9, max acceleration and force 27)
 * uniform in that ball, at speed 2.7 in a uniform random direction, placed from the
 * stream steer_rng_make(42, 7). Their recipe: separation (radius 5, cos -0.707, weight
 * 12), alignment (7.5, 0.7, 8), cohesion (9, -0.15, 8) and wander (weight 1); with
 * flocking false, wander alone. parallel_for and parallel_user go to the world's def.
 * NULL when the world cannot be made. */
steer_world *steer_boids_world(int n, float radius, bool flocking,
                               steer_parallel_for_fn parallel_for, void *parallel_user);

#endif /* STEER_SHARED_BOIDS_H */
