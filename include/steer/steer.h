/* SPDX-License-Identifier: MIT */
/* steer/steer.h - the umbrella header: include this to get the whole library.
 *
 * Layers, lowest first (a header only includes the ones above it):
 *   base.h        version, assertion hook, conventions
 *   math.h        vectors, zero-safe helpers, deterministic trigonometry
 *   random.h      the seeded generator the caller owns
 *   agent.h       agent state, limits, spaces (XY, XZ, 3D), the steering output
 *   integrate.h   Reynolds per-frame and kinematic integration, fixed-step helper
 *   behaviours.h  seek, flee, arrive, leave, align, face, pursue, evade, ...
 *   wander.h      wander: Reynolds' circle, and seeking a random target
 *   combine.h     weighted blend and priority
 *   obstacles.h   obstacle shapes, avoidance, walls, containment, hide
 *   approach.h    the random-approach walker
 *   spline.h      centripetal Catmull-Rom splines sampled by arc length
 *   path.h        polyline paths and path following with a cursor
 *   flowfield.h   flow fields: a grid of desired velocities, and following one
 *   grid.h        tile grids, map loader, simple and line-tracking chases, occupancy, evasion
 *   astar.h       A*, line of sight, path smoothing, the A* chase
 *   goal_field.h  distance and flow fields to goals over a grid
 *   navmesh.h     navigation meshes: building, paths, raycasts, corridor following
 *   flock.h       separation, alignment, cohesion, leader following, queueing
 *   crowd.h       crowds: ORCA velocity filter, predictive agent avoidance
 *   formation.h   groups: formation patterns, slot assignment, group move-to
 *   world.h       the batch world: handles, recipes, spatial index, bounds, threads
 *   world_snapshot.h  saving a world into bytes and restoring it bit-identically
 */
#ifndef STEER_STEER_H
#define STEER_STEER_H

#include "steer/base.h"
#include "steer/math.h"
#include "steer/random.h"
#include "steer/agent.h"
#include "steer/integrate.h"
#include "steer/behaviours.h"
#include "steer/wander.h"
#include "steer/combine.h"
#include "steer/obstacles.h"
#include "steer/approach.h"
#include "steer/spline.h"
#include "steer/path.h"
#include "steer/flowfield.h"
#include "steer/grid.h"
#include "steer/astar.h"
#include "steer/goal_field.h"
#include "steer/navmesh.h"
#include "steer/flock.h"
#include "steer/crowd.h"
#include "steer/formation.h"
#include "steer/world.h"
#include "steer/world_snapshot.h"

#endif /* STEER_STEER_H */
