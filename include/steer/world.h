/* SPDX-License-Identifier: MIT */
/* steer/world.h - the batch world: many agents stepped together, stable handles,
 * behaviour recipes, a spatial index rebuilt every step that reads it, neighbour queries,
 * bounds, debug drawing, and a parallel-for hook whose results do not depend on the threads.
 *
 * Function index
 *   steer_world_default, steer_world_create, steer_world_destroy,
 *   steer_recipe_default, steer_recipe_item_make, steer_world_add_recipe,
 *   steer_behaviour_name, steer_behaviour_from_name,
 *   steer_world_agent_default, steer_world_add, steer_world_remove, steer_world_is_valid,
 *   steer_world_count, steer_world_handle_at, steer_world_read, steer_world_get_agent,
 *   steer_world_set_agent,
 *   steer_world_set_target, steer_world_set_target_agent, steer_world_set_recipe,
 *   steer_world_group_workspace_size, steer_world_group_move, steer_world_group_move_along,
 *   steer_world_group_unstick,
 *   steer_world_formation_workspace_size, steer_world_formation_assign,
 *   steer_world_formation_pace,
 *   steer_world_set_layers, steer_world_set_walls, steer_world_get_steering,
 *   steer_resource_none, steer_world_add_obstacles, steer_world_add_flow_field,
 *   steer_world_add_path,
 *   steer_world_add_navmesh, steer_world_remove_resource,
 *   steer_world_get_user_data, steer_world_set_callback, steer_world_set_user_data,
 *   steer_world_step, steer_world_query, steer_world_update_index, steer_world_stats_get,
 *   steer_world_state_hash, steer_bounds_none, steer_bounds_apply, steer_world_debug_draw,
 *   steer_world_agent_progress, steer_world_agent_settled
 *
 *   steer_world_def def = steer_world_default();
 *   def.capacity = 10000;
 *   steer_world *w = steer_world_create(&def);
 *   steer_recipe r = steer_recipe_default();
 *   r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
 *   int wander = steer_world_add_recipe(w, &r);
 *   steer_world_agent_def a = steer_world_agent_default();
 *   a.recipe = wander;
 *   steer_handle h = steer_world_add(w, &a, NULL);
 *   steer_world_step(w, 1.0f / 60.0f);
 *
 * Threads: the world never starts threads. Give it a parallel-for callback in the def
 * (a small pthread pool ships in shared/pool.h for the tools, tests and benchmark).
 * Every agent's new state is computed from a snapshot of the previous step and written
 * to that agent's own slot, neighbours are visited in an order fixed by the spatial
 * index, and each agent draws from its own random stream; so a step gives bit-identical
 * results for any number of workers, and the same seed replays the same run.
 *
 * Memory: everything is allocated by steer_world_create, sized by the def's capacity;
 * adding, removing, stepping and querying never allocate.
 *
 * Bad input: functions return a steer_world_status; a NULL world asserts (debug) and
 * returns STEER_WORLD_INVALID / zero results. Numbers entering the world are checked
 * (a non-finite position or velocity is refused). docs/world.md has the details.
 */
#ifndef STEER_WORLD_H
#define STEER_WORLD_H

#include "steer/agent.h"
#include "steer/approach.h"
#include "steer/behaviours.h"
#include "steer/crowd.h"
#include "steer/flock.h"
#include "steer/flowfield.h"
#include "steer/navmesh.h"
#include "steer/formation.h"
#include "steer/obstacles.h"
#include "steer/path.h"
#include "steer/random.h"
#include "steer/wander.h"

STEER_EXTERN_C_BEGIN

/* ---- results and handles ------------------------------------------------------------ */

/* What a world call did. */
typedef enum steer_world_status {
    STEER_WORLD_OK = 0,
    STEER_WORLD_FULL,   /* capacity (agents or recipes) exhausted; nothing changed */
    STEER_WORLD_STALE,  /* the handle's agent was removed, or the handle belongs to another
                           world, or it was never issued; nothing changed */
    STEER_WORLD_BUSY,   /* called from inside steer_world_step (a callback); nothing
                           changed: structural changes wait until the step returns */
    STEER_WORLD_INVALID /* a NULL pointer, non-finite number or unknown recipe */
} steer_world_status;

/* A stable reference to an agent: its slot and the slot's generation when the agent was
 * added, plus a tag of the world that issued it. Removing the agent bumps the slot's
 * generation, so an old handle is detected as stale; a later agent in the same slot gets
 * a new handle. The all-zero handle is never issued ("no agent").
 * Generations never wrap: a slot issues generations 1 to 2^32 - 1, and the removal of its
 * agent of generation 2^32 - 1 retires the slot for the rest of the world's life (its
 * handles stay stale; the world then holds one agent fewer at most: steer_world_add
 * returns FULL with fewer than `capacity` agents once every free slot is retired). That
 * takes 2^32 - 1 removals from one slot.
 * Tags: steer_world_def.tag says how a world's tag is chosen and what that guarantees. */
typedef struct steer_handle {
    uint32_t index;      /* slot, < capacity */
    uint32_t generation; /* 1 .. 2^32 - 1 for issued handles */
    uint32_t world;      /* tag of the issuing world (steer_world_def.tag) */
} steer_handle;

/* The "no agent" handle. */
static inline steer_handle steer_handle_none(void)
{
    steer_handle h = {0u, 0u, 0u};
    return h;
}

/* ---- bounds ------------------------------------------------------------------------- */

/* What happens to an agent that leaves the world's bounds (applied after every step). */
typedef enum steer_bounds_kind {
    STEER_BOUNDS_NONE = 0,    /* unbounded */
    STEER_BOUNDS_WRAP_BOX,    /* leaving one face enters through the opposite one */
    STEER_BOUNDS_WRAP_SPHERE, /* leaving the sphere teleports to the opposite point of its
                                 surface (p -> centre - (p - centre) * radius / |p - centre|),
                                 velocity kept, so it flies back in (OpenSteer's boids) */
    STEER_BOUNDS_CLAMP_BOX,   /* held inside the box; the outward part of the velocity is
                                 removed */
    STEER_BOUNDS_RESPAWN      /* an agent that leaves the box reappears at the centre with its
                                 velocity (as the classic wander demo's wanderers) */
} steer_bounds_kind;

/* A box (centre +- half_extents) or a sphere (centre, radius). An axis whose half extent
 * is <= 0 or not finite is unbounded (a 2D game leaves z at 0); a sphere radius <= 0 or
 * not finite, or a non-finite centre, turns the bounds off. */
typedef struct steer_bounds {
    steer_bounds_kind kind;
    steer_vec3 centre;       /* world units */
    steer_vec3 half_extents; /* box kinds, world units */
    float radius;            /* STEER_BOUNDS_WRAP_SPHERE, world units */
} steer_bounds;

/* No bounds, centre at the origin. */
STEER_API steer_bounds steer_bounds_none(void);

/* Apply the bounds to one agent (the world does this after integrating). Returns true
 * when the agent was moved. An agent whose state is not finite, or NULL, is left alone. */
STEER_API bool steer_bounds_apply(const steer_bounds *bounds, steer_agent *agent);

/* ---- recipes: which behaviours an agent runs ----------------------------------------- */

/* The behaviours a recipe can list. "Target" is the agent's target point, or the
 * position of its target agent when that handle is set (steer_world_agent_def). */
typedef enum steer_behaviour_kind {
    STEER_BEHAVIOUR_NONE = 0,
    STEER_BEHAVIOUR_SEEK,              /* steer_seek(target) */
    STEER_BEHAVIOUR_FLEE,              /* steer_flee(target) */
    STEER_BEHAVIOUR_ARRIVE,            /* steer_arrive(target, item.arrive) */
    STEER_BEHAVIOUR_PURSUE,            /* steer_pursue(target agent, item.pursue) */
    STEER_BEHAVIOUR_EVADE,             /* steer_evade(target agent, item.pursue) */
    STEER_BEHAVIOUR_WANDER,            /* steer_wander (planar spaces) or steer_wander_3d
                                          (STEER_SPACE_3D), item.wander, the agent's own stream */
    STEER_BEHAVIOUR_LOOK_WHERE_GOING,  /* steer_look_where_going(item.align) */
    STEER_BEHAVIOUR_SEPARATION,        /* steer_separation over item.neighbourhood */
    STEER_BEHAVIOUR_ALIGNMENT,         /* steer_alignment over item.neighbourhood */
    STEER_BEHAVIOUR_COHESION,          /* steer_cohesion over item.neighbourhood */
    STEER_BEHAVIOUR_QUEUE,             /* steer_queue(item.queue) */
    STEER_BEHAVIOUR_FOLLOW_LEADER,     /* steer_follow_leader(target agent, item.leader) */
    STEER_BEHAVIOUR_AVOID_AGENTS,      /* steer_avoid_agents(item.predict) over the nearest 32
                                          agents within item.neighbourhood.radius (steer/crowd.h) */
    STEER_BEHAVIOUR_LEAVE,             /* steer_leave(target, item.leave) */
    STEER_BEHAVIOUR_ALIGN,             /* steer_align(the target agent's orientation, item.align) */
    STEER_BEHAVIOUR_FACE,              /* steer_face(target, item.align) */
    STEER_BEHAVIOUR_MATCH_VELOCITY,    /* steer_match_velocity(the target agent's velocity,
                                          item.time_to_target) */
    STEER_BEHAVIOUR_INTERPOSE,         /* steer_interpose(between the target agent and the
                                          target point, item.arrive) */
    STEER_BEHAVIOUR_OFFSET_PURSUIT,    /* steer_offset_pursuit(the target agent as leader,
                                          item.offset, item.arrive) */
    STEER_BEHAVIOUR_CONTAIN,           /* steer_contain(item.region, item.contain) */
    STEER_BEHAVIOUR_AVOID_OBSTACLES,   /* steer_avoid_obstacles(the obstacle set item.resource,
                                          item.avoid) */
    STEER_BEHAVIOUR_FOLLOW_WALL,       /* steer_follow_wall(the obstacle set item.resource,
                                          item.wall) */
    STEER_BEHAVIOUR_HIDE,              /* steer_hide(the obstacle set item.resource, from the
                                          target agent, item.hide) */
    STEER_BEHAVIOUR_FOLLOW_FLOW_FIELD, /* steer_follow_flow_field(the flow field item.resource,
                                          item.predict_time, item.time_to_target) */
    STEER_BEHAVIOUR_FOLLOW_PATH,       /* steer_follow_path(the path item.resource,
                                          item.follow), the agent's own path cursor; in a
                                          recipe that also has avoid_obstacles,
                                          steer_follow_path_around with the first such
                                          item's obstacle set and margin */
    STEER_BEHAVIOUR_WANDER_TARGET,     /* steer_wander_target(item.wander_target), the agent's
                                          own random target and stream */
    STEER_BEHAVIOUR_APPROACH,          /* steer_approach_walk(target, item.approach), the
                                          agent's own walker state and stream; only in a
                                          world created with def.walkers */
    STEER_BEHAVIOUR_NAVIGATE,          /* walk the navmesh item.resource to the target: the
                                          mesh's containment (steer_navmesh_contain, margin
                                          0.1) when it acts, else seek the next corner of the
                                          shortest path (steer_navmesh_find_path),
                                          steer_arrive(item.arrive) at the last;
                                          the corner is planned at the start of a step, one
                                          agent after the other, when there is none, the
                                          target moved, the agent came within twice
                                          arrive.target_radius of it or lost sight of it
                                          (steer_navmesh_raycast), or the world reads it
                                          stuck; the agent's own state */
    STEER_BEHAVIOUR_FORMATION,         /* steer_formation_member(the target agent as the
                                          anchor, the target point as the slot's offset in
                                          its frame, item.arrive, item.align): set by
                                          steer_world_formation_assign. With a navigate
                                          item in the same recipe the member walks the
                                          mesh to its slot: navigate plans toward the
                                          slot's position (re-planned as it moves) and
                                          steers while the way is not straight or the slot
                                          lies off the mesh; this item steers (and the
                                          navigate item gives zero) once the plan's last
                                          leg ends on the slot */
    STEER_BEHAVIOUR_KIND_COUNT
} steer_behaviour_kind;

/* A shared, read-only resource some behaviours read: an obstacle set, a flow field, a
 * path or a navmesh, registered in a world once (steer_world_add_obstacles, _add_flow_field,
 * _add_path, _add_navmesh) and
 * named by recipe items. Like an agent's handle: the slot, its generation, and a tag of
 * the world that issued it (a snapshot restore keeps the destination's resources). */
typedef struct steer_resource {
    uint32_t index;      /* slot, < STEER_WORLD_RESOURCE_MAX */
    uint32_t generation; /* >= 1 for issued handles */
    uint32_t world;      /* tag of the issuing world */
} steer_resource;

/* Most resources a world holds at once. */
#define STEER_WORLD_RESOURCE_MAX 16

/* The "no resource" handle, never issued. */
static inline steer_resource steer_resource_none(void)
{
    steer_resource r = {0u, 0u, 0u};
    return r;
}

/* A kind's name: lowercase with underscores ("seek", "look_where_going", "avoid_agents"),
 * the one the steer tool, scenario files, the web demo and docs/world.md use; "none" for
 * STEER_BEHAVIOUR_NONE, "" for a value outside the enum. A static string. */
STEER_API const char *steer_behaviour_name(steer_behaviour_kind kind);

/* The kind whose steer_behaviour_name is `name` (case-sensitive); STEER_BEHAVIOUR_NONE for
 * "none", an unknown name or NULL. */
STEER_API steer_behaviour_kind steer_behaviour_from_name(const char *name);

/* One behaviour of a recipe with its parameters. Only the parameters of `kind` are read. */
typedef struct steer_recipe_item {
    steer_behaviour_kind kind;
    float weight; /* blend weight inside its group; non-finite counts as 0 */
    int group;    /* priority group, 0..STEER_RECIPE_MAX-1: groups are tried in ascending
                     order and the first significant one wins (steer_priority); items of
                     one group are blended (steer_blend) */
    steer_neighbourhood neighbourhood;        /* separation, alignment, cohesion */
    steer_arrive_params arrive;               /* arrive, interpose, offset pursuit */
    steer_pursue_params pursue;               /* pursue, evade */
    steer_wander_params wander;               /* wander */
    steer_align_params align;                 /* look where going, align, face */
    steer_queue_params queue;                 /* queue */
    steer_leader_params leader;               /* follow leader */
    steer_predict_params predict;             /* avoid agents */
    steer_leave_params leave;                 /* leave */
    float time_to_target;                     /* match velocity, follow flow field: seconds (frames)
                                                 to reach the velocity (0.1) */
    steer_vec3 offset;                        /* offset pursuit: the slot in the leader's frame, x
                                                 forward, y left, z up; world units (-2, 0, 0) */
    steer_region region;                      /* contain: a box or a circle; a polygon region is
                                                 refused, a recipe holds no pointers (the box
                                                 -50..50 on every axis) */
    steer_contain_params contain;             /* contain */
    steer_avoid_params avoid;                 /* avoid obstacles */
    steer_wall_follow_params wall;            /* follow wall */
    steer_hide_params hide;                   /* hide */
    float predict_time;                       /* follow flow field: the field is sampled this far
                                                 ahead, seconds (frames) (0.5) */
    steer_path_follow_params follow;          /* follow path */
    steer_wander_target_params wander_target; /* wander target */
    steer_approach_walk_params approach;      /* approach walker (steer_approach_walk_default) */
    steer_resource resource; /* avoid obstacles, follow wall, hide: an obstacle set;
                                follow flow field: a flow field; follow path: a
                                path; navigate: a navmesh; of this world and
                                registered when the recipe is added (none) */
} steer_recipe_item;

/* Most behaviours a recipe holds. */
#define STEER_RECIPE_MAX 8

/* A behaviour recipe: a short list of behaviours, blended and prioritised. Recipes are
 * registered once (steer_world_add_recipe) and shared by any number of agents. */
typedef struct steer_recipe {
    steer_recipe_item items[STEER_RECIPE_MAX];
    int count;              /* items used, 0..STEER_RECIPE_MAX */
    float priority_epsilon; /* a group is significant above this (1e-3) */
    bool crowd;             /* run the ORCA velocity filter (steer_orca_velocity) after the
                               blend and the callback: the velocity the steering would reach
                               this step is the preferred one, and the agent then moves at
                               the filtered velocity exactly (the applied steering reads zero
                               linear). Neighbours are the snapshot's agents whose layer meets
                               the mask; agents without the filter count as responsibility 0
                               (they do not give way); walls are steer_world_set_walls' and,
                               with a navigate item, the navmesh's boundary edges near the
                               agent (docs/navigation.md). docs/crowd.md (false) */
    steer_orca_params orca; /* the filter's settings; give a scripted agent its own recipe with
                               orca.responsibility 0 to make it hold its course
                               (steer_orca_default()) */
    bool settle;            /* crowd recipes with an arrive item: agents that reach their goal,
                               or stop against an arrived neighbour with the same goal that is
                               nearer to it, are marked arrived and stop pressing for it (their
                               preferred velocity is zero; the filter still moves them aside
                               for others) until they are pushed settle_release radii from
                               where they stopped or their goal changes. Only a fixed goal
                               point counts (no target agent; a route's last point).
                               docs/crowd.md, "Coming to rest" (true) */
    float settle_release;   /* how far an arrived agent must be pushed before it heads for its
                               goal again, in body radii (1); <= 0, NaN or infinite reads
                               as 1 */
} steer_recipe;

/* An empty recipe (no behaviours: the agent coasts), priority_epsilon 1e-3, no crowd
 * filter with steer_orca_default() settings, settle true, settle_release 1. */
STEER_API steer_recipe steer_recipe_default(void);

/* An item of `kind` with `weight`, group 0, and every parameter at its default
 * (neighbourhood: the default of separation, alignment or cohesion for those kinds,
 * separation's otherwise). */
STEER_API steer_recipe_item steer_recipe_item_make(steer_behaviour_kind kind, float weight);

/* ---- the world ------------------------------------------------------------------------ */

typedef struct steer_world steer_world;

/* Memory hooks. alloc returns `size` bytes aligned for any type, or NULL; free receives
 * what alloc returned and its size. Both NULL: malloc and free. */
typedef struct steer_allocator {
    void *(*alloc)(void *user, size_t size);
    void (*free)(void *user, void *ptr, size_t size);
    void *user;
} steer_allocator;

/* A slice of work: run items [begin, end) with the world's context. */
typedef void (*steer_range_fn)(void *ctx, int begin, int end);

/* Parallel-for: call fn(ctx, begin, end) on disjoint ranges that together cover
 * [0, count), on any threads, and return once every call has returned. NULL in the def
 * means fn(ctx, 0, count) on the calling thread. The split never changes the results. */
typedef void (*steer_parallel_for_fn)(void *user, int count, steer_range_fn fn, void *ctx);

/* Settings of a world. */
typedef struct steer_world_def {
    int capacity;              /* most agents at once (default 1024); must be > 0 */
    int max_recipes;           /* most recipes (16); must be > 0 */
    uint64_t seed;             /* every agent's random stream derives from it and its slot (1) */
    float cell_size;           /* spatial index cell edge, world units; <= 0 (default) uses the
                                  largest neighbourhood radius of the recipes (at least 1),
                                  or, when the agents are too spread out for one bucket
                                  per cell, the largest radius any recipe searches
                                  (when none searches: an edge at which the agents'
                                  box fits the 2 * capacity + 64 cells set aside;
                                  docs/world.md, "The spatial index") */
    steer_bounds bounds;       /* steer_bounds_none() */
    steer_allocator allocator; /* NULLs: malloc/free */
    steer_parallel_for_fn parallel_for; /* NULL: run on the calling thread */
    void *parallel_user;                /* passed to parallel_for */
    uint32_t tag;         /* the tag this world's handles carry, so that it refuses other worlds'
                             handles (STALE). Nonzero: exactly this tag. Give every world of the
                             process run its own (a counter the game keeps: def.tag = ++worlds)
                             and no world ever accepts another's handle, also one destroyed
                             before it was created at the same address. 0 (default): a tag mixed
                             from seed, capacity, max_recipes and the world's address; two live
                             worlds then differ unless 32 bits of hash collide, but a world
                             created with the same def where a destroyed one lived gets its tag,
                             and the destroyed world's handles pass there while slot and
                             generation match. The library keeps no global counter (no global
                             mutable state), so only the caller can rule that out. A restore
                             takes the snapshot's tag (steer/world_snapshot.h) */
    float stuck_time;     /* seconds an agent with a goal may go without getting closer to it
                             before it reads STEER_PROGRESS_STUCK (2); <= 0 or NaN: never */
    float stuck_progress; /* world units the distance to the goal must shrink by to count as
                             progress, and the distance (plus the agent's radius) that counts
                             as at the goal (0.25); <= 0 or NaN: 0.25 */
    bool walkers;         /* allocate every slot an approach walker's state (steer_approach_walker,
                             about 150 bytes an agent) so that recipes may hold
                             STEER_BEHAVIOUR_APPROACH; without it such a recipe is refused
                             (false) */

    /* Floors: agents whose heights differ by more than this many world units do not perceive
     * each other: every behaviour that reads neighbours (flocking, separation, avoid agents,
     * the crowd filter, settling) leaves them out, and a navigating crowd the mesh's walls on
     * other floors. The height is the coordinate along the searching agent's up axis: z for
     * STEER_SPACE_XY, y for XZ and 3D. steer_world_query is not affected (its sphere has no up
     * axis). 0 (default), negative, NaN or infinite: off, neighbours are found by distance
     * alone. Not saved in snapshots: the restoring world keeps its own (docs/navigation.md,
     * "Floors"). */
    float floor_clearance;
} steer_world_def;

/* capacity 1024, max_recipes 16, seed 1, cell_size 0 (automatic), no bounds, malloc,
 * single-threaded, tag 0 (mixed, see steer_world_def.tag), stuck_time 2 s,
 * stuck_progress 0.25, no walkers, floor_clearance 0 (off). */
STEER_API steer_world_def steer_world_default(void);

/* Create a world and allocate everything it will ever need. Returns NULL when def is
 * NULL, capacity or max_recipes <= 0, capacity above 2^28, bounds.kind is not a
 * steer_bounds_kind (a world must be able to save it: steer/world_snapshot.h), or
 * allocation fails. */
STEER_API steer_world *steer_world_create(const steer_world_def *def);

/* Free the world and everything it allocated. NULL does nothing. */
STEER_API void steer_world_destroy(steer_world *world);

/* Register a recipe (copied). Returns its id (>= 0), or -1 when the recipe table is full
 * (STEER_WORLD_FULL), recipe is NULL, count is outside [0, STEER_RECIPE_MAX] or an item
 * has an unknown kind, a group outside [0, STEER_RECIPE_MAX), a second item keeping the
 * same per-agent state (two follow-path, two wander-target or two approach items), an
 * approach item in a world created without def.walkers, a polygon or unknown region
 * (contain), or a resource that is not a live one of this world of the kind it reads
 * (removed, another world's, none, or an obstacle set where a flow field is read). The
 * resources a recipe names cannot be removed from then on. A crowd recipe whose orca
 * settings lie outside the filter's number domain is refused too (steer/crowd.h: radius or
 * neighbour_dist above STEER_CROWD_MAX_LENGTH, a positive time horizon outside
 * [STEER_CROWD_MIN_TIME, STEER_CROWD_MAX_TIME], clearance or sidestep above 10; infinite
 * ones included); the readings the filter documents for <= 0 and NaN settings stay. */
STEER_API int steer_world_add_recipe(steer_world *world, const steer_recipe *recipe);

/* Per-agent callback, run after the recipe with the recipe's output; what it returns is
 * applied. It runs on a worker thread, during the step: it may read its arguments and
 * call steer_world_query, nothing that changes the world (those return BUSY). */
typedef steer_steering (*steer_agent_callback)(void *user, const steer_world *world,
                                               steer_handle self, const steer_agent *agent,
                                               steer_steering recipe_output);

/* What to add. */
typedef struct steer_world_agent_def {
    steer_agent agent;             /* state, limits, space, model (steer_agent_default()) */
    int recipe;                    /* recipe id, or -1 for none (coasts) (-1) */
    uint32_t layer;                /* layers it belongs to, one bit each (1) */
    uint32_t mask;                 /* layers it perceives (0xFFFFFFFF) */
    steer_vec3 target;             /* target point for seek, flee, arrive (origin) */
    steer_handle target_agent;     /* target agent for pursue, evade, follow leader and, when
                                      valid, seek/flee/arrive (none) */
    steer_agent_callback callback; /* optional (NULL) */
    void *callback_user;
    void *user_data; /* the game's pointer, returned by get_user_data (NULL) */
} steer_world_agent_def;

/* steer_agent_default(), no recipe, layer 1, mask all, target origin, no target agent,
 * no callback, no user data. */
STEER_API steer_world_agent_def steer_world_agent_default(void);

/* Add an agent. Writes its handle to *out (may be NULL) and returns OK; FULL when the
 * world holds `capacity` agents or no free slot is left (retired slots, steer_handle); INVALID for
 * NULL def, a non-finite position, velocity, orientation or rotation, an unknown recipe id, or, on
 * a crowd recipe, a radius above STEER_CROWD_MAX_LENGTH or a velocity component beyond
 * +-STEER_CROWD_MAX_SPEED (the filter's number domain, steer/crowd.h; a step keeps a crowd agent
 * inside it, since the filter reads a larger max_speed as STEER_CROWD_MAX_SPEED); BUSY inside a
 * step. On failure *out is the none handle. Agents off the crowd recipes may hold larger numbers:
 * crowd agents then skip them as neighbours. */
STEER_API steer_world_status steer_world_add(steer_world *world, const steer_world_agent_def *def,
                                             steer_handle *out);

/* Remove an agent; its handle (and every copy of it) becomes stale. STALE when it already
 * was; BUSY inside a step (removal during a step is refused, never deferred silently).
 * Removing the agent of generation 2^32 - 1 retires its slot (steer_handle). */
STEER_API steer_world_status steer_world_remove(steer_world *world, steer_handle handle);

/* True when the handle refers to a live agent of this world. */
STEER_API bool steer_world_is_valid(const steer_world *world, steer_handle handle);

/* Number of live agents. */
STEER_API int steer_world_count(const steer_world *world);

/* The handle of the i-th live agent, 0 <= i < count, in the world's internal order
 * (which changes with every step and removal); the none handle out of range. */
STEER_API steer_handle steer_world_handle_at(const steer_world *world, int i);

/* Bulk read for renderers: copy the agents at internal positions [first, first + count)
 * (clipped to the live agents) into agents[] and, for each of handles[] and steering[]
 * that is not NULL, their handles and the steering applied to them in the last step
 * (what steer_world_get_steering reports);
 * returns how many were copied. One pass over packed arrays, so drawing 100,000 agents
 * costs no handle lookups. The order is steer_world_handle_at's: stable between steps,
 * changed by every step and removal. NULL world or agents, first < 0 or count <= 0
 * give 0. */
STEER_API int steer_world_read(const steer_world *world, int first, int count, steer_agent *agents,
                               steer_handle *handles, steer_steering *steering);

/* Copy an agent's state and limits to *out. */
STEER_API steer_world_status steer_world_get_agent(const steer_world *world, steer_handle handle,
                                                   steer_agent *out);

/* Replace an agent's state and limits (a teleport, a new speed limit...). INVALID for a
 * non-finite position, velocity, orientation or rotation, or numbers its crowd recipe
 * cannot take (steer_world_add); BUSY inside a step. */
STEER_API steer_world_status steer_world_set_agent(steer_world *world, steer_handle handle,
                                                   const steer_agent *agent);

/* Set the target point. INVALID when not finite. */
STEER_API steer_world_status steer_world_set_target(steer_world *world, steer_handle handle,
                                                    steer_vec3 target);

/* Give an agent a route: its target becomes points[0], then each following point once
 * the agent has come within `reach` (world units) of the one before, checked after every
 * step; the last point stays its target (a crowd group walks through a doorway, then to
 * its goal). The world keeps the pointer and reads the array until the route is replaced
 * or ends: it must stay valid that long. count 0 (points may be NULL) clears the route
 * and leaves the target where it is. INVALID for count < 0, NULL points with count > 0,
 * a non-finite point, or reach <= 0 or not finite; BUSY inside a step. Not saved in
 * snapshots (set it again after a restore). Setting a target clears the route. */
STEER_API steer_world_status steer_world_set_route(steer_world *world, steer_handle handle,
                                                   const steer_vec3 *points, int count,
                                                   float reach);

/* The index in the route of the point the agent is heading for, or -1 without a route
 * (or for a stale handle). */
STEER_API int steer_world_route_index(const steer_world *world, steer_handle handle);

/* ---- groups: move-to and formations (steer/formation.h, docs/groups.md) -------------- */

/* Bytes of workspace steer_world_group_move and _move_along need for `count` agents
 * (0 for count < 1 or above STEER_GROUP_MAX). */
STEER_API size_t steer_world_group_workspace_size(int count, const steer_group_move_params *params);

/* Send a group to a point: steer_group_move_to (in the first agent's space) on the
 * agents' positions and radii, then
 * each agent's target point set to its own spot (steer_world_set_target: a route is
 * cleared; the target agent is left alone). `destinations` (may be NULL) receives the
 * spots, in the order of `agents`, for a game that routes them (steer_world_set_route).
 * Statuses: those of steer_group_move_to, and STALE (a handle names no live agent of this
 * world), DUPLICATE (an agent twice), BUSY (inside a step). On any status but OK
 * nothing changes.
 *
 * Over a navigation mesh: when the first agent's recipe has a navigate item, the move
 * plans on that item's mesh (with the mesh's query, so between steps only) and differs
 * in three ways. The point (or line) is first moved onto the mesh. The block faces the
 * way the group comes in: the mean direction of the last legs of the agents' paths
 * (steer_navmesh_find_path), not the straight line from their mean position. Every spot
 * is a free place: on the mesh, at least the largest radius from every wall
 * (steer_navmesh_walls_near), in sight of the point (steer_navmesh_raycast) and
 * 2 * (largest radius) + gap from every other spot; a spot of the block that is not is
 * moved to the nearest free place on a lattice of that spacing round it (when the mesh
 * in sight has no room left, to the nearest mesh point, where bodies may overlap). And
 * spots are given in arrival order: the agents with the shortest paths take the ranks
 * furthest along the way in, so none arriving late finds its spot walled in by those
 * standing round it; inside a rank, by where they come in from, across the way. Pair it
 * with steer_world_group_unstick for the jams a crowd still gets into. docs/groups.md. */
STEER_API steer_group_status steer_world_group_move(steer_world *world, const steer_handle *agents,
                                                    int count, steer_vec3 point,
                                                    const steer_group_move_params *params,
                                                    steer_vec3 *destinations, void *work,
                                                    size_t work_size);

/* The same along a line the player drags from a to b (steer_group_move_along). */
STEER_API steer_group_status steer_world_group_move_along(
    steer_world *world, const steer_handle *agents, int count, steer_vec3 a, steer_vec3 b,
    const steer_group_move_params *params, steer_vec3 *destinations, void *work, size_t work_size);

/* Trade spots inside a group on its way (call it between steps, e.g. once a second): each
 * member the world reads STEER_PROGRESS_STUCK (steer_world_agent_progress; detection on,
 * steer_world_def.stuck_time) and further than `reach` from its spot trades spots with
 * the member in its way: of those nearer to the stuck member's spot than it is, and
 * whose own spot is nearer to the stuck member than its own, the one nearest to the
 * spot. That member steps into the spot it was walled off from and the stuck one takes
 * the place it left. Both get their new spots as targets (steer_world_set_target) and in
 * destinations[], which holds the members' spots in the order of `agents` (a group
 * move's). `swaps` (may be NULL) receives how many trades were made. O(count) per stuck
 * member, no workspace. Statuses: EMPTY (NULL arrays, count < 1), INVALID (count above
 * STEER_GROUP_MAX, a non-finite destination, reach negative or not finite), STALE (a
 * handle names no live agent of this world), BUSY (inside a step); nothing changes on
 * those. An agent named twice may trade with itself and then heads for one of its spots. */
STEER_API steer_group_status steer_world_group_unstick(steer_world *world,
                                                       const steer_handle *agents, int count,
                                                       steer_vec3 *destinations, float reach,
                                                       int *swaps);

/* Bytes of workspace steer_world_formation_assign needs (0 for counts < 1 or above
 * STEER_GROUP_MAX). */
STEER_API size_t steer_world_formation_workspace_size(int count, int slot_count);

/* Put agents in a formation round an anchor agent: each member's target agent becomes
 * the anchor and its target point its slot's offset, which a recipe item of kind
 * STEER_BEHAVIOUR_FORMATION reads. slot_of[i] is member i's slot on entry (-1 for a
 * member without one) and on return: with reoptimise false members keep valid slots and
 * only the others are given free ones (steer_assign_keep: a join moves nobody else); with
 * reoptimise true every member is assigned afresh (steer_assign_optimal), by the slots'
 * positions round the anchor now. member_roles (may be NULL) are the members' role masks
 * (steer_assign_input). `changed` (may be NULL) receives how many members got a new slot.
 * Statuses: those of steer_assign_keep; STALE (a handle, the anchor's included, names no
 * live agent of this world), DUPLICATE (a member twice, or the anchor among the members),
 * BUSY (inside a step). On any status but OK and ROLES nothing changes. */
STEER_API steer_group_status steer_world_formation_assign(
    steer_world *world, steer_handle anchor, const steer_handle *members, int count,
    const unsigned *member_roles, const steer_formation_slot *slots, int slot_count, int *slot_of,
    bool reoptimise, int *changed, void *work, size_t work_size);

/* The anchor's pace (steer_formation_pace) from its members' distances to their slots:
 * sets the anchor's max_speed to cruise_speed * factor and its max_rotation to
 * turn_rate * factor (a turn_rate <= 0 or not finite leaves max_rotation alone). Call
 * it between steps. `factor` (may be NULL) receives the factor. Statuses: EMPTY (no
 * members, NULL arrays), INVALID (cruise_speed not finite or negative, a slot_of entry
 * out of range), STALE, BUSY as steer_world_formation_assign; nothing changes on those.
 * Only the two limits are written: the spatial index stays current (unlike
 * steer_world_set_agent, after which a crowd world's next step rebuilds it first). */
STEER_API steer_group_status steer_world_formation_pace(
    steer_world *world, steer_handle anchor, const steer_handle *members, int count,
    const steer_formation_slot *slots, int slot_count, const int *slot_of, float cruise_speed,
    float turn_rate, const steer_formation_pace_params *params, float *factor);

/* Set the target agent (the none handle clears it). A target that is removed later is
 * simply ignored (its behaviours give zero steering). */
STEER_API steer_world_status steer_world_set_target_agent(steer_world *world, steer_handle handle,
                                                          steer_handle target);

/* Static walls the crowd filter keeps every agent clear of (a polygon obstacle is its
 * edges; steer_box_polygon gives a box's corners). The world keeps the pointer and reads
 * the array in every step until it is replaced: it must stay valid that long. NULL with
 * count 0 removes them. Every crowd agent scans every wall, so this is meant for tens of
 * walls, not thousands. INVALID for count < 0 or NULL with count > 0; BUSY in a step. */
STEER_API steer_world_status steer_world_set_walls(steer_world *world, const steer_segment *walls,
                                                   int count);

/* Register an obstacle set (circles, walls, polygons) that recipe items can name. The
 * world keeps the pointer and reads the set, and the arrays it points to, in every step
 * that runs an item naming it: they must stay valid and unchanged until the resource is
 * removed. Writes its handle to *out (may be NULL). FULL when STEER_WORLD_RESOURCE_MAX
 * are registered; INVALID for NULL; BUSY in a step. On failure *out is the none
 * resource. */
STEER_API steer_world_status steer_world_add_obstacles(steer_world *world,
                                                       const steer_obstacles *obstacles,
                                                       steer_resource *out);

/* Register a flow field (steer/flowfield.h) that recipe items can name, as
 * steer_world_add_obstacles: the world keeps the pointer, the field and its cells must
 * stay valid and unchanged until it is removed. */
STEER_API steer_world_status steer_world_add_flow_field(steer_world *world,
                                                        const steer_flow_field *field,
                                                        steer_resource *out);

/* Register a path (steer/path.h) that follow-path items can name, as
 * steer_world_add_obstacles: the world keeps the pointer, the path and its nodes must stay
 * valid and unchanged until it is removed. Each agent keeps its own cursor on it. */
STEER_API steer_world_status steer_world_add_path(steer_world *world, const steer_path *path,
                                                  steer_resource *out);

/* A navigation mesh as the world reads it: the mesh, and the query the world plans with
 * (sized for the mesh: steer_navmesh_query_bytes(steer_navmesh_edge_count(mesh))). */
typedef struct steer_world_navmesh {
    const steer_navmesh *mesh;
    steer_navmesh_query *query; /* used by the world alone, one plan at a time, at the start
                                   of each step (never from the workers) */
} steer_world_navmesh;

/* Register a navigation mesh (steer/navmesh.h) that navigate items can name, shared by
 * every agent, as steer_world_add_obstacles: the world keeps the pointer; the struct, the
 * mesh and the query must stay valid (the mesh unchanged) until it is removed. INVALID
 * also for a NULL or empty mesh, a NULL query or one too small for the mesh. */
STEER_API steer_world_status steer_world_add_navmesh(steer_world *world,
                                                     const steer_world_navmesh *navmesh,
                                                     steer_resource *out);

/* Remove a resource; its handle becomes stale. STALE when it is not a live resource of
 * this world; INVALID, changing nothing, while a registered recipe names it (recipes are
 * never removed, so such a resource stays until the world is destroyed or restored);
 * BUSY in a step. */
STEER_API steer_world_status steer_world_remove_resource(steer_world *world,
                                                         steer_resource resource);

/* Switch the agent to another recipe (-1: none). INVALID for an unknown recipe, or a crowd
 * recipe whose filter's domain the agent's radius or velocity lies outside
 * (steer_world_add). */
STEER_API steer_world_status steer_world_set_recipe(steer_world *world, steer_handle handle,
                                                    int recipe);

/* Set the layers an agent is in and the layers it perceives. */
STEER_API steer_world_status steer_world_set_layers(steer_world *world, steer_handle handle,
                                                    uint32_t layer, uint32_t mask);

/* Attach, replace or remove (NULL) an agent's callback and its user pointer: what
 * steer_world_agent_def.callback / callback_user set at add. A snapshot restore clears
 * them (steer/world_snapshot.h), so this is also how they are re-attached. STALE for a
 * stale handle, BUSY during a step. */
STEER_API steer_world_status steer_world_set_callback(steer_world *world, steer_handle handle,
                                                      steer_agent_callback callback,
                                                      void *callback_user);

/* Replace the game's pointer returned by steer_world_get_user_data (re-attach it after
 * a restore). STALE for a stale handle, BUSY during a step. */
STEER_API steer_world_status steer_world_set_user_data(steer_world *world, steer_handle handle,
                                                       void *user_data);

/* The steering applied to the agent in the last step (zero before the first), as the
 * integrator took it: a callback's steering whose linear part has a NaN or infinite
 * component is applied, and reported, as zero linear; a non-finite angular part as 0
 * (steer/integrate.h). Reported before the integrator's limits (max_accel, max_force,
 * max_angular_accel) cut it; crowd agents report zero linear (steer_recipe.crowd). */
STEER_API steer_world_status steer_world_get_steering(const steer_world *world, steer_handle handle,
                                                      steer_steering *out);

/* The user pointer from the agent's def; NULL for a stale handle. */
STEER_API void *steer_world_get_user_data(const steer_world *world, steer_handle handle);

/* Advance every agent by dt (seconds for kinematic agents; Reynolds agents take one
 * frame and ignore dt): evaluate each agent's recipe and callback against the state at
 * the start of the step, integrate, apply the bounds, and rebuild the spatial index when
 * anything reads it: a recipe with neighbourhood items, agent avoidance, leader following
 * or the crowd filter (registered, whether or not an agent uses it), or an agent with a
 * callback. A world of self-contained recipes (wander, seek, arrive, ...) skips the
 * rebuild, about a third of such a step; steer_world_update_index builds it on demand.
 * The results are the same bits either way.
 * INVALID for dt <= 0 or not finite (nothing moves); BUSY when called from a callback.
 * A step whose arithmetic overflows (a position near FLT_MAX, an enormous dt) can leave
 * an agent's position infinite (never NaN, and nothing else overflows): that agent then
 * stops moving, no query finds it, and snapshots save and restore it as it is
 * (steer/world_snapshot.h). */
STEER_API steer_world_status steer_world_step(steer_world *world, float dt);

/* The game's neighbour query: write the handles of up to `capacity` live agents whose
 * distance from `centre` is <= radius and whose layer meets `mask` into out, in the
 * world's internal order, and return how many agents matched in all (which may exceed
 * capacity). radius < 0 or non-finite input gives 0. out may be NULL when capacity is 0.
 * Safe from callbacks during a step (it reads the state at the start of the step).
 * It uses the spatial index when it is up to date, else it tests every agent (after an
 * add, remove or set, or a step that skipped the rebuild), with the same result. */
STEER_API int steer_world_query(const steer_world *world, steer_vec3 centre, float radius,
                                uint32_t mask, steer_handle *out, int capacity);

/* Rebuild the spatial index now if it is stale, so that steer_world_query uses the grid
 * rather than testing every agent; useful in worlds whose steps skip the rebuild
 * (steer_world_step), before many queries. It stays valid until the next add, remove,
 * set or step. It changes no result: the agents stay in their order, so a world that
 * calls it steps to the same bits as one that does not (lockstep peers need not agree
 * on it). OK; BUSY inside a step; INVALID for NULL. Never allocates. */
STEER_API steer_world_status steer_world_update_index(steer_world *world);

/* Numbers about the last step. */
typedef struct steer_world_stats {
    int agents;            /* live agents */
    int cells;             /* buckets in the spatial index (as last built): a cell each,
                              or fewer when the grid is folded (docs/world.md) */
    float cell_size;       /* their edge, world units */
    bool index_current;    /* whether the index matches the agents: false after an add,
                              remove or set, and after a step that skipped the rebuild
                              because nothing reads it (steer_world_step) */
    double avg_neighbours; /* mean agents per agent that passed a neighbourhood test of
                              its recipe in the last step */
    uint64_t steps;        /* steps taken */
    int vector_agents;     /* agents the last step finished a block at a time on the vector
                              path (docs/world.md#the-vector-path): the rest took the
                              scalar path, with the same results but slower */
    int vector_moves;      /* agents whose steering the last step worked out one at a time
                              (a recipe the vector path does not cover, a callback, the
                              crowd filter) but whose motion it finished on the vector path */
    int stuck;             /* agents reading STEER_PROGRESS_STUCK after the last step */
} steer_world_stats;

/* How an agent is getting on toward its goal: the target point or agent of a seek,
 * arrive or pursue item of its recipe. */
typedef enum steer_progress {
    STEER_PROGRESS_NONE = 0, /* no goal (no such item, or no recipe), detection off, or a
                                stale handle */
    STEER_PROGRESS_MOVING,   /* in the last window of stuck_time seconds it came closer to
                                its goal than ever before by stuck_progress (or the first
                                window is not over yet) */
    STEER_PROGRESS_AT_GOAL,  /* within stuck_progress + its radius of the goal, or settled
                                there in a crowd (steer_world_agent_settled) */
    STEER_PROGRESS_STUCK     /* the last window did not: a wall, a crowd or a dead end is in
                                the way (an agent creeping along a wall, or circling an
                                obstacle round its goal, stays STUCK); re-plan
                                (steer/astar.h) or give it another target */
} steer_progress;

/* The agent's progress after the last step, judged once per window of stuck_time seconds;
 * `idle` (may be NULL) receives the seconds since the last window that brought it closer
 * (0 for NONE and AT_GOAL). Progress is measured from the step
 * after the agent was added or its target, target agent or recipe was set, and is not
 * saved in snapshots (a restored world starts counting afresh). */
STEER_API steer_progress steer_world_agent_progress(const steer_world *world, steer_handle handle,
                                                    float *idle);

/* Whether the agent has arrived in its crowd and stopped pressing for its goal after the
 * last step (steer_recipe.settle): it reached its goal, or stopped against an arrived
 * neighbour with the same goal. False for a stale handle or NULL world. */
STEER_API bool steer_world_agent_settled(const steer_world *world, steer_handle handle);

/* Statistics; zeros for NULL. */
STEER_API steer_world_stats steer_world_stats_get(const steer_world *world);

/* A 64-bit hash (FNV-1a) of every live agent's slot, generation, position, velocity,
 * orientation, rotation and random stream, in slot order: equal hashes mean equal
 * states. For determinism tests and replays. */
STEER_API uint64_t steer_world_state_hash(const steer_world *world);

/* ---- debug drawing --------------------------------------------------------------------- */

/* Colours are 0xRRGGBBAA. */
#define STEER_DEBUG_VELOCITY 0x3080FFFFu
#define STEER_DEBUG_FORCE    0xFF4040FFu
#define STEER_DEBUG_RADIUS   0x40C040FFu
#define STEER_DEBUG_TEXT     0xFFFFFFFFu

/* Callbacks a renderer supplies; any may be NULL. Circles lie in the plane whose normal
 * is `normal` (the agent's up axis). */
typedef struct steer_debug_draw {
    void (*line)(void *user, steer_vec3 from, steer_vec3 to, uint32_t colour);
    void (*circle)(void *user, steer_vec3 centre, float radius, steer_vec3 normal, uint32_t colour);
    void (*text)(void *user, steer_vec3 at, const char *text, uint32_t colour);
    void *user;
    float force_scale;       /* world units drawn per unit of steering (0 reads as 1) */
    float velocity_scale;    /* world units drawn per unit of velocity (0 reads as 1) */
    bool show_radius;        /* draw the body radius */
    bool show_neighbourhood; /* draw the largest neighbourhood radius of the recipe */
    bool show_labels;        /* write "slot:generation" beside the agent */
} steer_debug_draw;

/* Draw one agent's velocity, last steering force, and optionally radii and label; with
 * the none handle, draw every agent. Call it between steps (not from a callback). Returns
 * STALE for a handle that is neither valid nor none. */
STEER_API steer_world_status steer_world_debug_draw(const steer_world *world, steer_handle only,
                                                    const steer_debug_draw *draw);

STEER_EXTERN_C_END

#endif /* STEER_WORLD_H */
