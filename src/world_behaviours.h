/* SPDX-License-Identifier: MIT */
/* The world's behaviour table (private): one row per steer_behaviour_kind, the one place a
 * recipe item's kind is described. The step evaluates an item through its row, the
 * recipe checks and preparation read what the row says it reads, the snapshot writes and
 * reads the fields the row lists, and steer_behaviour_name / steer_behaviour_from_name
 * (steer/world.h) give the tool, scenario files, the web demo and the docs its name.
 * Adding a behaviour is adding a row (world_behaviours.c) and the kind to the public
 * enum; CONTRIBUTING.md has the steps. */
#ifndef STEER_WORLD_BEHAVIOURS_H
#define STEER_WORLD_BEHAVIOURS_H

#include "world_eval.h"

#include <stddef.h>

/* What a behaviour reads besides its own agent and its item's parameters. */
enum {
    STEER_READS_TARGET = 1u,       /* the target point, or the target agent's position */
    STEER_READS_TARGET_AGENT = 2u, /* the target agent's state (velocity, orientation) */
    STEER_READS_NEIGHBOURS = 4u,   /* neighbour sums over its `neighbourhood` field (the world
                                      keeps its index while the radius is above 0) */
    STEER_READS_AGENTS = 8u,       /* other agents through the index besides those sums (a
                                      search of its own, a leader's forward direction): the
                                      world keeps its index */
    STEER_READS_RANDOM = 16u,      /* its agent's wander state and random stream */
    STEER_READS_OBSTACLES = 32u,   /* the obstacle set its item.resource names */
    STEER_READS_FLOW_FIELD = 64u,  /* the flow field its item.resource names */
    STEER_READS_PATH = 128u,       /* the path its item.resource names */
    STEER_HEADS_FOR_TARGET = 256u, /* it heads for the target: the agent's progress toward it
                                      counts for the stuck report (world_progress.c) */
    STEER_READS_NAVMESH = 512u     /* the navmesh its item.resource names */
};

/* The per-agent state a behaviour keeps between steps (steer_world_memory): a recipe may
 * hold one item of each. */
typedef enum steer_world_keeps {
    STEER_WORLD_KEEPS_NOTHING = 0,
    STEER_WORLD_KEEPS_CURSOR,        /* memory.cursor */
    STEER_WORLD_KEEPS_WANDER_TARGET, /* memory.wander_target */
    STEER_WORLD_KEEPS_WALKER,        /* walkers[slot] (only in a world with def.walkers) */
    STEER_WORLD_KEEPS_NAV            /* memory.nav */
} steer_world_keeps;

/* The lane evaluation a behaviour has on the step's vector path (world_lanes.c, built
 * once per instruction set, so the table names it rather than pointing at it). A recipe
 * takes the vector path only when every item has one. */
typedef enum steer_world_lane {
    STEER_WORLD_LANE_NONE = 0,  /* scalar path only */
    STEER_WORLD_LANE_WANDER,    /* the wander circle, planar or 3D */
    STEER_WORLD_LANE_DIRECTION, /* the normalised neighbour sum (separation, cohesion) */
    STEER_WORLD_LANE_ALIGNMENT, /* the heading gap of the neighbours' summed forwards */
    STEER_WORLD_LANE_SEEK,      /* toward the target at full speed */
    STEER_WORLD_LANE_FLEE,      /* away from the target at full speed */
    STEER_WORLD_LANE_ARRIVE,    /* to the target, braking (or the cookbook's ramp) */
    STEER_WORLD_LANE_PURSUE,    /* toward where the target agent will be */
    STEER_WORLD_LANE_EVADE      /* away from where the target agent will be */
} steer_world_lane;

/* How an item's neighbour sum is gathered (world_step.c, world_sums.c). */
typedef enum steer_world_sum_kind {
    STEER_WORLD_SUM_NONE = 0,
    STEER_WORLD_SUM_FUSED,  /* separation, alignment or cohesion: four neighbours at a time in
                               the search itself (world_sums.c) when all of a recipe's are */
    STEER_WORLD_SUM_COUNTED /* only how many pass (queueing), one neighbour at a time */
} steer_world_sum_kind;

/* One serialised parameter: a 32-bit field of steer_recipe_item. */
typedef enum steer_world_field_type {
    STEER_FIELD_F32 = 0, /* float, as its bit pattern */
    STEER_FIELD_I32,     /* int */
    STEER_FIELD_BOOL     /* bool, saved as a 32-bit 0 or 1 */
} steer_world_field_type;

typedef struct steer_world_field {
    const char *key;             /* "arrive.slow_radius": the item's field path */
    uint16_t offset;             /* offsetof(steer_recipe_item, ...) */
    steer_world_field_type type; /* float, int or bool */
} steer_world_field;

/* Most serialised parameters a row may list: a snapshot gives each item this many 32-bit
 * words after its kind, weight and group (world_snapshot.c), so rows up to this size are
 * added without a new snapshot format. */
#define STEER_WORLD_FIELDS_MAX 29

/* A behaviour's scalar evaluation: item k (`it`) of e's recipe, its neighbour sum in
 * e->sum[k]. */
typedef steer_steering (*steer_world_eval_fn)(steer_world_eval *e, int k,
                                              const steer_recipe_item *it);

/* A row of the table. */
typedef struct steer_world_behaviour {
    const char *name;         /* lowercase, underscores: the tool's, scenario files', docs' */
    uint32_t reads;           /* STEER_READS_* */
    size_t neighbourhood;     /* STEER_READS_NEIGHBOURS: offsetof(steer_recipe_item, ...) of
                                 the steer_neighbourhood searched */
    steer_world_sum_kind sum; /* how that search is summed */
    steer_world_lane lane;    /* its vector-path evaluation, or none */
    steer_world_keeps keeps;  /* its per-agent state, or nothing */
    steer_world_eval_fn eval; /* its scalar evaluation */
    void (*defaults)(steer_recipe_item *it);    /* after the shared defaults, or NULL */
    bool (*check)(const steer_recipe_item *it); /* parameters a recipe may not hold, beyond
                                                   what `reads` implies; NULL: any */
    const steer_world_field *fields;            /* its parameters, in snapshot order */
    int field_count;                            /* <= STEER_WORLD_FIELDS_MAX */
} steer_world_behaviour;

/* The table, indexed by kind (every kind has a row; STEER_BEHAVIOUR_NONE's gives zero
 * steering). */
extern const steer_world_behaviour steer__world_behaviours[STEER_BEHAVIOUR_KIND_COUNT];

/* Item k of e's recipe through its row: the step's one call per item. The kind was
 * checked when the recipe was added. */
static inline steer_steering steer__world_eval_item(steer_world_eval *e, int k,
                                                    const steer_recipe_item *it)
{
    return steer__world_behaviours[it->kind].eval(e, k, it);
}

/* The row of `kind`, or NULL for STEER_BEHAVIOUR_NONE and kinds outside the enum. */
const steer_world_behaviour *steer__world_behaviour(steer_behaviour_kind kind);

/* Whether a recipe item may be registered in `world`: a known kind, its row's check, and
 * the live resource of the right kind of this world when the row reads one, or the
 * walkers' state when it keeps a walker (neither checked when world is NULL). The recipe checks and
 * the snapshot restore both ask it. */
bool steer__world_item_ok(const steer_world *world, const steer_recipe_item *it);

/* The resource slot an item names when its row reads one, else -1 (for counting the
 * users of a resource). */
int steer__world_item_resource(const steer_recipe_item *it);

/* The neighbourhood an item searches, or NULL for items that need no neighbours. */
const steer_neighbourhood *steer__world_item_neighbourhood(const steer_recipe_item *it);

#endif /* STEER_WORLD_BEHAVIOURS_H */
