/* SPDX-License-Identifier: MIT */
/* The world's private layout, shared by world*.c; not part of the public API.
 *
 * Agents live in dense arrays (index 0..count-1) kept in the order of the spatial
 * index's cells: every rebuild permutes them (a counting sort), so an agent's
 * neighbours sit next to it in memory. The arrays that change during a step are double
 * buffered: the step reads buffer `cur` only (the snapshot every agent sees) and writes
 * each agent's new state to the same index of the other buffer, then flips `cur`; the
 * rebuild permutes the new state into the other buffer in cell order and flips again.
 * When no agent reads another's state during a step, the step writes buffer `cur` in
 * place instead (`out`, steer_world_step). Slots (what a handle's index names) never
 * move; they map to the dense index and hold the cold data. */
#ifndef STEER_WORLD_INTERNAL_H
#define STEER_WORLD_INTERNAL_H

#include "steer/world.h"

#include "flock_internal.h"

/* An agent's state outside position and velocity is kept in three arrays by how a step
 * uses it, so a step moves only what changes (structure of arrays, one record each):
 *
 * - steer_world_traits: what a step never changes (limits, kinds, recipe, layers, slot).
 *   One copy, read in place; only the index rebuild permutes it.
 * - steer_world_pose: what changes and other agents read (their heading for align and
 *   leaders, the settled mark for the crowd): double buffered with position and velocity.
 * - steer_world_own: what changes and only the agent itself reads (its wander state and
 *   random stream): one copy, updated in place by the agent's own evaluation.
 *
 * The single-copy arrays have a second allocation for the rebuild to permute into;
 * `kept` names the live one (struct steer_world). */
typedef struct steer_world_traits {
    float max_speed, max_accel, max_force, mass;
    float max_rotation, max_angular_accel, radius;
    uint8_t space, model, facing, pad_;
    int32_t recipe; /* -1: none */
    uint32_t layer, mask;
    uint32_t slot;
} steer_world_traits;

typedef struct steer_world_pose {
    float orientation, rotation;
    uint8_t flags; /* STEER_WORLD_*: what the step must look up in the agent's slot, and marks */
} steer_world_pose;

typedef struct steer_world_own {
    steer_wander_state wander;
    steer_rng rng;
} steer_world_own;

/* The own state as the world keeps it: one array per field, so the vector path moves a
 * block's angles, points and generators with whole-register loads and stores. Read and
 * write one agent's with steer__world_own and steer__world_set_own. */
typedef struct steer_world_owns {
    float *angle;        /* steer_wander_state.angle */
    steer_vec3 *point;   /* steer_wander_state.displacement */
    uint64_t *rng_state; /* steer_rng.state */
    uint64_t *rng_inc;   /* steer_rng.inc */
} steer_world_owns;

/* What the neighbour search reads of every candidate, as arrays in the index's
 * order, so it can test four candidates with one vector operation per step (world_near.c).
 * Each holds STEER_WORLD_NEAR_PAD entries past the capacity: the last group of a row may
 * read that far (and ignores what it reads). */
typedef struct steer_world_points {
    float *x, *y, *z;
    uint32_t *layer;
    float *fx, *fy, *fz; /* the unit forward direction at the start of the step
                            (steer_agent_forward): view cones and alignment */
    /* The traits' radius, recipe and slot, for the crowd filter's neighbour records
     * (world_crowd.c): three loads from arrays in cache instead of a record each. The
     * radius is -1 for an agent the filter skips as a neighbour (its velocity or radius
     * outside the filter's domain, steer__orca_in_domain). */
    float *radius;
    int32_t *recipe;
    uint32_t *slot;
} steer_world_points;

#define STEER_WORLD_NEAR_PAD 4

/* Pose flags. The slot is cold (random order relative to the dense arrays, so reading
 * it costs a cache miss per agent); the step touches it only when one of these says so. */
enum {
    STEER_WORLD_HAS_CALLBACK = 1u, /* the slot holds a callback */
    STEER_WORLD_LANED = 2u,        /* the last step finished it on the vector path (stats) */
    STEER_WORLD_MOVED = 4u,        /* the last step's vector path moved it, the scalar path
                                      having worked out its steering (stats) */
    STEER_WORLD_SETTLED = 8u       /* arrived: stopped pressing for its goal (steer_recipe.settle,
                                      world_crowd.c); neighbours read it from the snapshot */
};

/* What never moves: per slot. */
typedef struct steer_world_slot {
    uint32_t generation; /* of the current or next agent in the slot; 0: retired (after
                            generation 2^32 - 1, never reused: steer_world_remove) */
    int32_t dense;       /* dense index, or -1 when free */
    uint32_t next_free;  /* free list link */
    steer_agent_callback callback;
    void *callback_user;
    void *user_data;
    const steer_vec3 *route; /* the caller's route points, or NULL (steer_world_set_route) */
    int route_count, route_next;
    float route_reach;
} steer_world_slot;

/* Where the agent in a slot heads (slot k's is aims[k]) and how it is getting on there
 * (tallies[k]), apart from the slot: each step reads every goal-seeking agent's aim and
 * the pass after it reads the aim and rewrites the tally, so at a million agents these
 * 24 and 20 bytes stream through memory instead of the whole slot (arrive,
 * docs/performance.md). */
typedef struct steer_world_aim {
    steer_vec3 target;
    steer_handle target_agent;
} steer_world_aim;

typedef struct steer_world_tally {
    float best;        /* closest it has been to its goal since that was set */
    float anchor;      /* `best` when the current window of stuck_time began */
    float clock;       /* seconds into that window */
    float idle;        /* seconds since a window ended closer by stuck_progress */
    uint32_t progress; /* steer_progress after the last step */
} steer_world_tally;

/* What behaviours keep between steps for an agent (its path cursor, its random target),
 * per slot, apart from the dense arrays. Valid while `generation` is the slot's: a new agent
 * in the slot reads it as zero, the fresh state (world_behaviours.c). Only the agent's own
 * evaluation reads and writes it, once per step, so it needs no double buffer. */
/* Where a navigating agent heads (world_navigate.c plans it, the navigate row reads it). */
typedef enum steer_world_nav_state {
    STEER_WORLD_NAV_UNPLANNED = 0,
    STEER_WORLD_NAV_CORNER, /* `corner` is the next corner of the path */
    STEER_WORLD_NAV_LAST,   /* `corner` is the path's end: arrive there */
    STEER_WORLD_NAV_NO_WAY, /* no path (off the mesh): brake */
    STEER_WORLD_NAV_PASSING /* `corner` is the next corner and the agent is already within
                               reach of it, not yet in sight of the one after */
} steer_world_nav_state;

typedef struct steer_world_nav {
    steer_vec3 corner; /* where to head now */
    steer_vec3 goal;   /* the target the plan was made for */
    uint32_t state;    /* steer_world_nav_state */
    uint32_t blind;    /* 1: the corner was out of the agent's sight when it was planned
                          (world_navigate.c), 0 otherwise */
} steer_world_nav;

typedef struct steer_world_memory {
    uint32_t generation;
    steer_path_cursor cursor;
    steer_wander_target_state wander_target;
    steer_vec3 settled_at; /* where it stopped when it settled (STEER_WORLD_SETTLED) */
    steer_world_nav nav;
} steer_world_memory;

/* An approach walker's state (world_behaviours.c), per slot, kept like steer_world_memory
 * but only in worlds created with def.walkers: it is large and few recipes need it. */
typedef struct steer_world_walker {
    uint32_t generation;
    steer_approach_walker walker;
} steer_world_walker;

/* A recipe prepared for the neighbour loop: its neighbourhood items listed with their
 * tests in squared form. */
typedef struct steer_world_recipe {
    steer_recipe recipe;
    float neighbour_radius; /* largest neighbourhood radius among its items, or 0 */
    bool single_group;      /* every item in group 0: blend only */
    bool needs_target;      /* an item reads the target point or agent */
    bool has_goal;          /* an item heads for it (seek, arrive, pursue): progress counts */
    bool random;            /* an item reads its wander state and random stream (own state) */
    bool looks_around;      /* an item or the crowd filter reads other agents through the index
                               or its forward directions (steer__world_wants_index) */
    bool lanes;      /* the step's vector path covers it (world_lanes.c, steer_recipe_lanes) */
    bool fused;      /* its neighbourhood items are all separation, alignment and cohesion:
                        their sums are taken four neighbours at a time (world_sums.c) */
    int settle_item; /* crowd recipes with settle: the arrive item whose target_radius marks
                        the goal reached (the first), or -1: its agents never settle */
    int nav_item;    /* crowd recipes with a navigate item: its index (the filter takes the
                        navmesh's boundary edges near the agent as walls), or -1 */
    uint8_t lane[STEER_RECIPE_MAX];             /* each item's lane evaluation (steer_world_lane,
                                                   world_behaviours.h), read by the vector path */
    int sum_count;                              /* items that read a neighbour sum */
    uint8_t sum_item[STEER_RECIPE_MAX];         /* their indices: the nb items and those
                                                   that see nobody, whose sums stay zero */
    int nb_count;                               /* items that need neighbours */
    uint8_t nb_item[STEER_RECIPE_MAX];          /* their indices in recipe.items */
    uint8_t nb_kind[STEER_RECIPE_MAX];          /* their kinds */
    steer_flock_test nb_test[STEER_RECIPE_MAX]; /* their tests */
} steer_world_recipe;

/* What a resource slot holds (world_resources.c). */
typedef enum steer_world_resource_kind {
    STEER_WORLD_RESOURCE_NONE = 0, /* free */
    STEER_WORLD_RESOURCE_OBSTACLES,
    STEER_WORLD_RESOURCE_FLOW_FIELD,
    STEER_WORLD_RESOURCE_PATH,
    STEER_WORLD_RESOURCE_NAVMESH
} steer_world_resource_kind;

/* A registered resource: the caller's read-only data, and how many registered recipe
 * items name it (it cannot be removed while any does). */
typedef struct steer_world_resource {
    steer_world_resource_kind kind;
    uint32_t generation; /* of the current or last resource in the slot; 0: never used */
    const void *data;
    int users;
} steer_world_resource;

/* The uniform grid over the agents' bounding box. When the box at the cell edge asked for
 * needs more cells than were allocated, the grid is folded: along an axis whose `span`
 * exceeds `dim`, cell u lands in bucket u mod dim (a torus of buckets), so empty space
 * costs nothing and the cell stays the neighbourhood's size. Cells that share a bucket
 * are at least `dim` cells apart, so a search that visits each bucket of its block once
 * finds every agent once; the distance test drops those of the far cells. */
typedef struct steer_world_grid {
    steer_vec3 origin; /* corner of cell (0,0,0) */
    float cell;        /* edge */
    float inv_cell;    /* 1 / edge */
    int span[3];       /* cells per axis over the box (at most 2^30) */
    int dim[3];        /* buckets per axis: span, or fewer (prime) when the axis is folded */
    bool folded;       /* some dim < span */
    int cells;         /* buckets: dim[0] * dim[1] * dim[2] */
    uint32_t *start;   /* cells + 1 entries: agents of bucket c are [start[c], start[c+1]) */
    int max_cells;     /* capacity of start - 1 */
} steer_world_grid;

/* The index's counting sort split into work for several threads (world_sort.c): the
 * agents in at most STEER_WORLD_SORT_BLOCKS blocks of consecutive indices, the buckets in
 * at most STEER_WORLD_SORT_GROUPS groups of consecutive buckets. */
enum { STEER_WORLD_SORT_BLOCKS = 16, STEER_WORLD_SORT_GROUPS = 1024 };

/* Agents per block at least: below this, blocks cost more than they save. */
#define STEER_WORLD_SORT_MIN_BLOCK 2048

/* The agents in a block when there are `count` of them. */
static inline int steer__world_sort_block_size(int count)
{
    int size = (count + STEER_WORLD_SORT_BLOCKS - 1) / STEER_WORLD_SORT_BLOCKS;
    return size > STEER_WORLD_SORT_MIN_BLOCK ? size : STEER_WORLD_SORT_MIN_BLOCK;
}

/* The blocks `count` agents make (at most STEER_WORLD_SORT_BLOCKS). */
static inline size_t steer__world_sort_blocks(int count)
{
    int size = steer__world_sort_block_size(count);
    return (size_t)((count + size - 1) / size);
}

typedef struct steer_world_sort {
    int blocks, block_size; /* block k: agents [k * block_size, (k + 1) * block_size) */
    int groups, shift;      /* group g: buckets [g << shift, (g + 1) << shift) */
    int stride;             /* groups a block's counts have room for */
    uint32_t *counts;       /* per block (stride apart), its agents per group; then where
                               they go in `order` */
    uint32_t *group_start;  /* stride + 1 entries: first place of group g in `order` */
    uint32_t *order;        /* capacity entries: the agents by group, in index order within one */
    /* Per block, the box of its finite positions (any: it has one). */
    steer_vec3 lo[STEER_WORLD_SORT_BLOCKS], hi[STEER_WORLD_SORT_BLOCKS];
    bool any[STEER_WORLD_SORT_BLOCKS];
} steer_world_sort;

struct steer_world {
    steer_world_def def;
    uint32_t tag; /* handles carry it to catch foreign handles */
    int capacity;
    int count;

    /* dense, double buffered */
    steer_vec3 *pos[2];
    steer_vec3 *vel[2];
    steer_world_pose *pose[2];
    steer_steering *steering[2]; /* what was applied in the last step */
    int cur;
    int out; /* the buffer a step writes: 1 - cur, or cur itself when no agent reads
                another's state during it (steer_world_step) */

    /* dense, one live copy (the other is the rebuild's scratch): steer_world_traits */
    steer_world_traits *traits[2];
    steer_world_owns own[2];
    uint32_t *neighbours[2]; /* how many others its last step read (the stats' average; the
                                crowd filter's choice of search, world_crowd_filter.h) */
    int kept;

    /* dense, rebuilt with the index: snapshot extras */
    steer_world_points points; /* position and layer, packed for the neighbour loop */
    uint32_t *cell_of;         /* scratch: cell of each agent */
    uint8_t *nav_stale;        /* scratch: does the agent need a new corner (world_navigate.c) */
    int32_t *nav_poly;         /* scratch: the polygon under a navigating agent during a step
                                  (-1: off its mesh), found once for its check and its
                                  containment */
    uint32_t *new_index;       /* scratch: where each agent goes */
    uint32_t *entry;           /* the index's entries when it was built for queries only
                                  (steer_world_update_index): place -> dense index */

    steer_world_slot *slots;
    steer_world_aim *aims;       /* per slot */
    steer_world_tally *tallies;  /* per slot */
    steer_world_memory *memory;  /* per slot */
    steer_world_walker *walkers; /* per slot when def.walkers, else NULL */
    uint32_t free_head;          /* first free slot, or capacity */

    steer_world_recipe *recipes;
    int recipe_count;
    bool crowds;     /* a recipe has had the crowd filter: the index keeps the points' crowd
                        fields (radius, recipe, slot), which only the filter reads */
    float auto_cell; /* largest neighbourhood radius of any recipe */
    float fold_cell; /* largest radius any recipe searches: the folded grid's automatic cell */

    steer_world_grid grid;
    steer_world_sort sort;
    const steer_segment *walls; /* the crowd filter's walls (the caller's array), or NULL */
    steer_world_resource resources[STEER_WORLD_RESOURCE_MAX];
    uint32_t resource_tag; /* resource handles carry it; unlike `tag`, a restore keeps it */
    int wall_count;
    bool index_valid; /* false after add/remove/set until the next rebuild */
    bool index_moved; /* the valid index's build put the agents in its order (a step's);
                         false when it left them in place and lists them in `entry` */
    int callbacks;    /* agents with a callback (it may query the world during a step) */
    int8_t lanes;     /* the build of the step's vector path (steer_world_lanes_build) */
    bool stepping;
    float dt; /* of the step being run */
    uint64_t steps;
    int stuck;                             /* agents stuck after the last step (world_progress.c) */
    int stuck_in[STEER_WORLD_SORT_BLOCKS]; /* of them, per block of the sort's split */
    int routes;                            /* agents with a route (steer_world_set_route) */
    int chasers;            /* agents whose aim names a target agent: their step reads its state */
    uint32_t layers_shared; /* the layer bits every agent placed or set since the world was
                               last empty has had (steer__world_set_layers_of narrows it; a
                               removal never widens it): a search whose mask meets them
                               skips the layer test (world_near.h) */
};

/* Whether a crowd recipe's settings lie inside the filter's number domain
 * (steer/crowd.h), as steer_world_add_recipe and a snapshot's recipes require. */
bool steer__orca_params_in_domain(const steer_orca_params *p);

/* steer_world_add_recipe's rules for a recipe (world_recipe.c): counts, kinds, groups,
 * one item per kept state, the crowd settings' domain and, unless `world` is NULL, the
 * resources and walkers' state it needs. A snapshot restore asks it with NULL first. */
bool steer__world_recipe_valid(const steer_world *world, const steer_recipe *recipe);

/* Clear the settled state of the agent in slot s (a new goal or recipe; world_agents.c). */
void steer__world_unsettle(steer_world *world, const steer_world_slot *s);

/* The aim of the agent in slot s. */
static inline steer_world_aim *steer__world_aim(const steer_world *w, const steer_world_slot *s)
{
    return &w->aims[s - w->slots];
}

/* Whether the index is valid and a step's: built by moving the agents into its order, so
 * the step's neighbour search and the crowd filter's copies (points) can use it. A
 * valid index built by steer_world_update_index lists the agents (entry) and serves
 * queries only. */
static inline bool steer__world_index_in_order(const steer_world *w)
{
    return w->index_valid && w->index_moved;
}

/* 1 when an aim's target agent names an agent (issued handles have a generation of 1 or
 * more; steer_handle_none's is 0), else 0: what it adds to steer_world.chasers. */
static inline int steer__world_chases(steer_handle target)
{
    return target.generation != 0u ? 1 : 0;
}

/* The progress tally of the agent in slot s. */
static inline steer_world_tally *steer__world_tally(const steer_world *w, const steer_world_slot *s)
{
    return &w->tallies[s - w->slots];
}

/* Forget a slot's progress toward its goal (a new agent, target or recipe). */
static inline void steer__world_progress_reset(steer_world *w, const steer_world_slot *s)
{
    steer_world_tally *t = steer__world_tally(w, s);
    t->best = t->anchor = t->clock = t->idle = 0.0f;
    t->progress = 0u;
}

/* Before a step: the next corner of every navigating agent that needs one
 * (world_navigate.c). */
void steer__world_navigate(steer_world *world);

/* The agent's memory in `slot`, zeroed first when it belongs to an earlier agent. */
steer_world_memory *steer__world_memory(steer_world *world, uint32_t slot);

/* After a step: each agent's progress toward its goal (world_progress.c). */
void steer__world_progress(steer_world *world, float dt);

/* Per-allocation helper: a zeroed block from the world's allocator. */
void *steer__world_alloc(const steer_world_def *def, size_t size);
void steer__world_free(const steer_world_def *def, void *ptr, size_t size);

/* The slot a handle names, or NULL when the handle is stale or foreign. Inline: each
 * step asks it for every agent's target agent, mostly of the null handle. */
static inline steer_world_slot *steer__world_slot(const steer_world *world, steer_handle h)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL || h.world != world->tag || h.index >= (uint32_t)world->capacity) return NULL;
    steer_world_slot *s = &world->slots[h.index];
    return s->dense >= 0 && s->generation == h.generation ? s : NULL;
}

/* Where the agent of aim a heads for: its target agent's position while that agent
 * lives, else its target point (what seek, arrive, navigate and the stuck report read). */
static inline steer_vec3 steer__world_goal(const steer_world *w, const steer_world_aim *a)
{
    const steer_world_slot *t = steer__world_slot(w, a->target_agent);
    return t != NULL && t->dense >= 0 ? w->pos[w->cur][t->dense] : a->target;
}

/* Build a steer_agent from dense entry i of buffer b (and the traits), and store one
 * back: all of it, or only what a step changes (position, velocity, orientation and
 * rotation: a step never changes an agent's traits). */
steer_agent steer__world_load(const steer_world *world, int b, int i);
void steer__world_store(steer_world *world, int b, int i, const steer_agent *agent);
void steer__world_store_motion(steer_world *world, int b, int i, const steer_agent *agent);

/* Dense entry i's traits (the live copy). */
static inline const steer_world_traits *steer__world_traits(const steer_world *w, int i)
{
    return &w->traits[w->kept][i];
}

/* Set an agent's layer and mask in its traits y. Every write of a layer goes through
 * here, so world->layers_shared narrows with it and the search's shortcut (world_near.h)
 * never skips a test that could fail. */
static inline void steer__world_set_layers_of(steer_world *w, steer_world_traits *y, uint32_t layer,
                                              uint32_t mask)
{
    y->layer = layer;
    y->mask = mask;
    w->layers_shared &= layer;
}

/* Entry i of a copy of the own state as one record, and back. */
static inline steer_world_own steer__world_owns_get(const steer_world_owns *o, int i)
{
    steer_world_own r;
    r.wander.angle = o->angle[i];
    r.wander.displacement = o->point[i];
    r.rng.state = o->rng_state[i];
    r.rng.inc = o->rng_inc[i];
    return r;
}

static inline void steer__world_owns_put(steer_world_owns *o, int i, const steer_world_own *own)
{
    o->angle[i] = own->wander.angle;
    o->point[i] = own->wander.displacement;
    o->rng_state[i] = own->rng.state;
    o->rng_inc[i] = own->rng.inc;
}

/* Whether agents on recipe r (NULL: none) read their own state in a step: those that do
 * not leave it alone, so a crowd or a flock does not carry it through the step. */
static inline bool steer__world_reads_own(const steer_world_recipe *r)
{
    return r != NULL && r->random;
}

/* Dense entry i's own state (the live copy), and its replacement. */
static inline steer_world_own steer__world_own(const steer_world *w, int i)
{
    return steer__world_owns_get(&w->own[w->kept], i);
}

static inline void steer__world_set_own(steer_world *w, int i, const steer_world_own *own)
{
    steer__world_owns_put(&w->own[w->kept], i, own);
}

/* Ask for the slot of the agent whose traits are `traits`, for writing, ahead of its
 * use: the slots are in handle order, not the agents' order, so in a big world each
 * visit would otherwise wait for memory. The index's permutation writes every slot's
 * `dense` (its first line) and passes its own copies of the arrays, which the compiler
 * then need not load again per agent; the step, which reads a callback's fields further
 * in, asks for those lines itself (world_step.c, steer_world_prefetch_callback). */
static inline void steer__world_prefetch_slot(steer_world_slot *slots,
                                              const steer_world_traits *traits)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&slots[traits->slot], 1);
#else
    (void)slots, (void)traits;
#endif
}

/* The box of the finite positions of buffer `cur`; false when there is none. Split over
 * the world's workers (world_sort.c). */
bool steer__world_bounds(steer_world *world, steer_vec3 *lo, steer_vec3 *hi);

/* Each agent's bucket (cell_of), then new_index and the grid's start: a counting sort by
 * bucket, stable in the current order, split over the world's workers with the same
 * result for any split (world_sort.c). */
void steer__world_sort(steer_world *world);

/* Rebuild the spatial index from buffer `cur` and permute the dense arrays into cell
 * order (world_index.c). */
void steer__world_rebuild(steer_world *world);

/* Agent j's forward direction from the index's arrays (valid while the index is). */
static inline steer_vec3 steer__world_forward(const steer_world *world, int j)
{
    const steer_world_points *pt = &world->points;
    return steer_v3(pt->fx[j], pt->fy[j], pt->fz[j]);
}

/* Whether steps keep the index: some recipe looks at other agents or some agent has a
 * callback (world_index.c). Otherwise no step reads it, rebuilding it would be about a
 * third of the step, and steer_world_query scans the agents instead. */
bool steer__world_wants_index(const steer_world *world);

/* Cell coordinate of x along axis a, clamped into [0, span) (NaN to 0): unfolded. */
static inline int steer__grid_coord(const steer_world_grid *g, float x, int a)
{
    float o = a == 0 ? g->origin.x : (a == 1 ? g->origin.y : g->origin.z);
    float f = (x - o) * g->inv_cell;
    if (!(f > 0.0f)) return 0; /* also NaN */
    int c = f < (float)g->span[a] ? (int)f : g->span[a] - 1;
    return c;
}

/* The bucket coordinate of cell coordinate c along axis a. */
static inline int steer__grid_fold(const steer_world_grid *g, int c, int a)
{
    return c < g->dim[a] ? c : c % g->dim[a];
}

/* The bucket of a position. */
static inline uint32_t steer__world_bucket(const steer_world_grid *g, steer_vec3 p)
{
    if (!g->folded)
        return (
            uint32_t)((steer__grid_coord(g, p.z, 2) * g->dim[1] + steer__grid_coord(g, p.y, 1)) *
                          g->dim[0] +
                      steer__grid_coord(g, p.x, 0));
    int x = steer__grid_fold(g, steer__grid_coord(g, p.x, 0), 0);
    int y = steer__grid_fold(g, steer__grid_coord(g, p.y, 1), 1);
    int z = steer__grid_fold(g, steer__grid_coord(g, p.z, 2), 2);
    return (uint32_t)((z * g->dim[1] + y) * g->dim[0] + x);
}

/* The block of cells that can hold points within r of c: lo..hi inclusive per axis, in
 * cell coordinates (unfolded). Shared by the public query and the step's search. */
typedef struct steer_grid_range {
    int lo[3], hi[3];
} steer_grid_range;

static inline steer_grid_range steer__grid_range(const steer_world_grid *g, steer_vec3 c, float r)
{
    steer_grid_range b;
    const float v[3] = {c.x, c.y, c.z};
    for (int a = 0; a < 3; a++) {
        b.lo[a] = steer__grid_coord(g, v[a] - r, a);
        b.hi[a] = steer__grid_coord(g, v[a] + r, a);
    }
    return b;
}

/* The buckets that cells lo..hi along axis a fold onto, as one or two runs of bucket
 * coordinates [run[k][0], run[k][1]], each bucket once (all of them, from 0, when the
 * cells go all the way round); returns the number of runs. On an axis that is not
 * folded, the one run lo..hi. */
static inline int steer__grid_runs(const steer_world_grid *g, int a, int lo, int hi, int run[2][2])
{
    int d = g->dim[a];
    if (hi - lo + 1 >= d) { /* every bucket (unfolded: lo is 0 and hi d - 1) */
        run[0][0] = 0;
        run[0][1] = d - 1;
        return 1;
    }
    int b0 = steer__grid_fold(g, lo, a), b1 = steer__grid_fold(g, hi, a);
    run[0][0] = b0;
    if (b0 <= b1) {
        run[0][1] = b1;
        return 1;
    }
    run[0][1] = d - 1;
    run[1][0] = 0;
    run[1][1] = b1;
    return 2;
}

/* Receives the agents [begin, end) of the index's order: one run of buckets. */
typedef void (*steer_grid_run_fn)(void *ctx, uint32_t begin, uint32_t end);

/* Every bucket of the cell block b once, a row's buckets as one run of consecutive
 * buckets (so of agents), or two where a folded axis wraps, in the index's order. Shared
 * by the public query and the step's search through a folded grid; where it is called
 * with a constant fn the compiler inlines both, and the search's loop makes no call
 * through the pointer. */
static inline void steer__grid_walk(const steer_world_grid *g, steer_grid_range b,
                                    steer_grid_run_fn fn, void *ctx)
{
    int rx[2][2], ry[2][2], rz[2][2];
    int nx = steer__grid_runs(g, 0, b.lo[0], b.hi[0], rx);
    int ny = steer__grid_runs(g, 1, b.lo[1], b.hi[1], ry);
    int nz = steer__grid_runs(g, 2, b.lo[2], b.hi[2], rz);
    for (int kz = 0; kz < nz; kz++)
        for (int z = rz[kz][0]; z <= rz[kz][1]; z++)
            for (int ky = 0; ky < ny; ky++)
                for (int y = ry[ky][0]; y <= ry[ky][1]; y++) {
                    int row = (z * g->dim[1] + y) * g->dim[0];
                    for (int kx = 0; kx < nx; kx++)
                        fn(ctx, g->start[row + rx[kx][0]], g->start[row + rx[kx][1] + 1]);
                }
}

/* One agent found by steer__world_near: its dense index j, offset p_j - p and |offset|^2. */
typedef struct steer_world_near {
    steer_vec3 offset;
    float d2;
    int32_t j;
} steer_world_near;

/* Most neighbours handed over in one call. */
#define STEER_WORLD_NEAR_BATCH 64

/* Receives a batch of n (1..STEER_WORLD_NEAR_BATCH) neighbours. */
typedef void (*steer_world_near_fn)(void *ctx, const steer_world_near *near, int n);

/* Every agent j != i of the snapshot whose distance from agent i is below `radius` and
 * whose layer meets `mask`, in the index's order (so sums over them are the same for any
 * split of the work), handed to fn in batches. Needs a valid index (world_near.c). */
void steer__world_near(const steer_world *world, int i, float radius, uint32_t mask,
                       steer_world_near_fn fn, void *ctx);

/* Receives the dense indices of a batch of n (1..STEER_WORLD_NEAR_BATCH) agents found by
 * steer__world_scan, in the index's order. */
typedef void (*steer_world_found_fn)(void *ctx, const uint32_t *idx, int n);

/* steer__world_near without the records: only the indices of what it finds. */
void steer__world_scan(const steer_world *world, int i, float radius, uint32_t mask,
                       steer_world_found_fn fn, void *ctx);

/* The builds of the step's vector path (world_lanes.c): four lanes of baseline vector
 * code, eight of AVX2 or sixteen of AVX-512, or none (the scalar path for every agent,
 * the tests' reference). All give the same bits. */
typedef enum steer_world_lanes_build {
    STEER_WORLD_LANES_NONE = -1,
    STEER_WORLD_LANES_BASE,
    STEER_WORLD_LANES_AVX2,
    STEER_WORLD_LANES_AVX512
} steer_world_lanes_build;

/* Which build of the vector path the world's steps run: `build`, or the widest one below
 * it that the library has and the machine runs; returns the one chosen. Worlds start with
 * the widest; tests ask for each in turn to check them all on the machines that have
 * them, and for STEER_WORLD_LANES_NONE for the scalar reference (world.c). */
int steer__world_use_lanes(steer_world *world, int build);

/* Run fn over [0, count) with the world's parallel-for. */
void steer__world_parallel(const steer_world *world, int count, steer_range_fn fn, void *ctx);

/* The data of a live resource of `kind` that `r` names in this world, or NULL
 * (world_resources.c). */
const void *steer__world_resource(const steer_world *world, steer_resource r,
                                  steer_world_resource_kind kind);

/* The handle of dense entry i. */
steer_handle steer__world_handle_of(const steer_world *world, int i);

#endif /* STEER_WORLD_INTERNAL_H */
