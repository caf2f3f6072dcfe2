/* SPDX-License-Identifier: MIT */
/* Group moves over a navigation mesh (world_group_navigate.c), for world_groups.c. */
#ifndef STEER_WORLD_GROUP_NAVIGATE_H
#define STEER_WORLD_GROUP_NAVIGATE_H

#include "formation_internal.h"
#include "world_internal.h"

/* The navmesh the recipe of agent h navigates (its navigate item's), or NULL. */
const steer_world_navmesh *steer__world_group_navmesh(const steer_world *w, steer_handle h);

/* Workspace the move below carves for n members, besides steer_group_move_workspace_size. */
size_t steer__world_group_nav_size(int count);

/* Spots on the mesh for members at pos (radii) sent to a (b NULL) or along a to b:
 * destinations[i] receives member i's. Plans with the mesh's query: call it between
 * steps only. Statuses as steer_group_move_to / _along. */
steer_group_status steer__world_group_nav_move(const steer_world_navmesh *nm, const steer_vec3 *pos,
                                               const float *radii, int n, steer_vec3 a,
                                               const steer_vec3 *b,
                                               const steer_group_move_params *params,
                                               steer_vec3 *destinations, steer_carve *c);

/* Whether the recipe holds both a formation item and a navigate item: its agents are
 * formation members that walk the mesh to their slots when the way is not straight. */
bool steer__world_recipe_walks_to_slot(const steer_recipe *r);

/* Where the navigate item of slot s's agent heads (world_navigate.c plans toward it): its
 * slot in the anchor's frame for a member that walks to its slot, else
 * steer__world_goal. */
steer_vec3 steer__world_nav_goal(const steer_world *w, const steer_world_slot *s,
                                 const steer_recipe *r);

#endif /* STEER_WORLD_GROUP_NAVIGATE_H */
