/* SPDX-License-Identifier: MIT */
/* The world's crowd features (steer/world.h, docs/crowd.md): the ORCA velocity filter a
 * recipe can switch on, and the predictive-avoidance recipe item. Private; the step calls
 * them (world_step.c). */
#ifndef STEER_WORLD_CROWD_H
#define STEER_WORLD_CROWD_H

#include "world_internal.h"

/* The ORCA filter for dense entry i, run after its blended steering (and callback) and
 * before integration: turns *out into the velocity it would reach this step, replaces
 * that by the ORCA velocity against the snapshot's neighbours and the world's walls,
 * writes it into agent->velocity and sets out->linear to zero (so the integrator moves
 * the agent at exactly that velocity). *seen receives the number of neighbours used.
 * Reads only the snapshot: the split of work cannot change it. The steering goes by
 * pointer, not by value (world_step.c's steer_world_steer says why). */
void steer__world_crowd(const steer_world *world, int i, steer_agent *agent,
                        const steer_world_traits *traits, steer_world_pose *pose,
                        const steer_world_recipe *recipe, steer_steering *out, uint32_t *seen);

/* The same built for AVX2 (crowd_avx2.c; the step calls it when the world's vector path
 * is the AVX2 one): the same bits, about 4.5% less time in a dense crowd. */
void steer__world_crowd_avx2(const steer_world *world, int i, steer_agent *agent,
                             const steer_world_traits *traits, steer_world_pose *pose,
                             const steer_world_recipe *recipe, steer_steering *out, uint32_t *seen);

/* The same built for AVX-512 (crowd_avx512.c; the step calls it when the world's vector
 * path is the AVX-512 one): the same bits. */
void steer__world_crowd_avx512(const steer_world *world, int i, steer_agent *agent,
                               const steer_world_traits *traits, steer_world_pose *pose,
                               const steer_world_recipe *recipe, steer_steering *out,
                               uint32_t *seen);

/* The settled state of dense entry i (steer_recipe.settle, docs/crowd.md "Coming to
 * rest"), updated in pose->flags (STEER_WORLD_SETTLED) and the slot's memory for this step:
 * true when the agent stops pressing for its goal, its preferred velocity then zero.
 * near[0..count) are the dense indices of the neighbours the filter reads; their states
 * come from the snapshot, so the split of work cannot change the result. */
bool steer__world_settle(const steer_world *world, int i, const steer_agent *agent,
                         const steer_world_traits *traits, steer_world_pose *pose,
                         const steer_world_recipe *recipe, const int32_t *near, int count);

/* STEER_BEHAVIOUR_AVOID_AGENTS for dense entry i: steer_avoid_agents over the nearest
 * STEER_ORCA_MAX_NEIGHBOURS agents within item->neighbourhood.radius whose layer meets
 * mask. */
steer_steering steer__world_avoid_agents(const steer_world *world, int i, const steer_agent *agent,
                                         uint32_t mask, const steer_recipe_item *item);

/* The spatial index cell edge a recipe's crowd features ask for (the automatic cell
 * size): 0.3 of their neighbour distance, or 0 without them. */
float steer__world_crowd_reach(const steer_recipe *recipe);

/* The largest radius a recipe's crowd features search, or 0 without them (the folded
 * grid's cell edge, world_internal.h's steer_world_grid). */
float steer__world_crowd_radius(const steer_recipe *recipe);

#endif /* STEER_WORLD_CROWD_H */
