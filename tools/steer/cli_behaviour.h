/* SPDX-License-Identifier: MIT */
/* cli_behaviour.h - the table of behaviours a scenario can use.
 *
 * Each row names a library behaviour, says what target it needs, lists its parameters
 * (JSON key -> field of cli_behaviour) and how to evaluate it. The loader, the docs and
 * the runner all read this table, so adding a behaviour to the tool is adding a row.
 * No behaviour is implemented here: each row calls the library.
 */
#ifndef CLI_BEHAVIOUR_H
#define CLI_BEHAVIOUR_H

#include "cli_scenario.h"

/* What a behaviour steers relative to. */
typedef enum cli_target_rule {
    CLI_TARGET_RULE_NONE = 0,    /* no target ("target" is an error) */
    CLI_TARGET_RULE_ANY = 1,     /* required: a point [x,y,z] or an agent's name */
    CLI_TARGET_RULE_AGENT = 2,   /* required: an agent's name */
    CLI_TARGET_RULE_AGENT_OR = 3 /* an agent's name, or else the kind's `alternative` key */
} cli_target_rule;

typedef enum cli_param_type {
    CLI_PARAM_FLOAT = 0, /* a number >= min */
    CLI_PARAM_VEC3 = 1,  /* [x, y, z] */
    CLI_PARAM_INT = 2,   /* a whole number >= min, into an int */
    CLI_PARAM_BOOL = 3,  /* true or false, into a bool */
    CLI_PARAM_PATH = 4   /* the name of one of the scenario's paths, into an int (required) */
} cli_param_type;

/* One parameter: its JSON key and where it goes in cli_behaviour. */
typedef struct cli_param {
    const char *key;
    size_t offset; /* offsetof(cli_behaviour, ...) of a field of that type */
    cli_param_type type;
    float min;        /* CLI_PARAM_FLOAT: smallest accepted value */
    size_t flag;      /* offset of a bool set when the key is present; 0 for none */
    const char *help; /* one line for the docs and `steer run --help` */
} cli_param;

/* The state a behaviour keeps between steps (owned by the runner, one per behaviour). */
/* Storage of one agent's corridor on the navmesh (navigate). */
#define CLI_NAV_CORRIDOR 256
#define CLI_NAV_POINTS   64
typedef struct cli_nav_storage {
    int32_t polygons[CLI_NAV_CORRIDOR];
    steer_vec3 points[CLI_NAV_POINTS];
    steer_path_node nodes[CLI_NAV_POINTS];
} cli_nav_storage;

typedef struct cli_behaviour_state {
    steer_wander_state wander;
    steer_wander_target_state wander_target;
    steer_approach_walker walker;
    steer_line_chase line;           /* grid_chase_line's memory */
    steer_fallback_chase fallback;   /* grid chases with "fallback", grid_chase_astar (its astar) */
    bool fallback_ready;             /* fallback's path storage attached */
    steer_path_cursor cursor;        /* follow_path: where the agent is on its path */
    steer_navmesh_corridor corridor; /* navigate: the way to its target on the navmesh */
    bool corridor_ready;             /* navigate: storage attached */
    bool grid_move;                  /* grid behaviours: this step moves the agent ... */
    steer_cell next;                 /* ... to this neighbouring cell */
    bool arrived;    /* arrive, approach: the library's `arrived` flag after the last step */
    bool has_goal;   /* the point the behaviour is heading for now, when it picks one */
    steer_vec3 goal; /* (a random target, the walker's next waypoint): drawn as x */
} cli_behaviour_state;

/* What a behaviour sees when it is evaluated. */
typedef struct cli_eval {
    const steer_agent *self;   /* the agent at the start of the step */
    const steer_agent *agents; /* every agent at the start of the step (targets read these) */
    steer_rng *rng;            /* the agent's own generator */
    float time_step;           /* dt under the kinematic model, 1 (frame) under Reynolds */
    const cli_scenario *scenario;
    int index;                      /* of self in agents */
    int step;                       /* the step being made, from 1 */
    const steer_cell *cells;        /* grid behaviours: every agent's cell */
    const steer_occupancy *occ;     /* grid behaviours: cells a grid agent holds */
    steer_astar_scratch *scratch;   /* grid chases: A* search space */
    steer_cell *path;               /* grid chases: this agent's A* path storage ... */
    int path_capacity;              /* ... of this many cells */
    steer_navmesh_query *nav_query; /* navigate: the search space, shared */
    cli_nav_storage *nav;           /* navigate: this agent's corridor storage */
} cli_eval;

typedef struct cli_behaviour_kind {
    const char *name;
    const char *help;
    cli_target_rule target;
    const char *alternative; /* CLI_TARGET_RULE_AGENT_OR: the key used instead of target */
    const cli_param *params;
    int param_count;
    steer_steering (*eval)(const cli_behaviour *b, const cli_eval *e, cli_behaviour_state *st);
} cli_behaviour_kind;

/* The table: count, row i, and lookup by name (-1 when unknown). */
int cli_behaviour_kind_count(void);
const cli_behaviour_kind *cli_behaviour_kind_at(int index);
int cli_behaviour_kind_find(const char *name);

/* Fills b with the library's defaults for its kind, adjusted to the scenario: the
 * braking step of arrive and align is the scenario's time step, the random-target
 * area is the world box. b->kind must be set. */
void cli_behaviour_defaults(cli_behaviour *b, const cli_scenario *s);

/* Prepares the per-behaviour state before the first step (random wander angle...). */
void cli_behaviour_state_init(const cli_behaviour *b, cli_behaviour_state *st, steer_rng *rng);

/* The steering of one behaviour for one agent at one step. */
steer_steering cli_behaviour_eval(const cli_behaviour *b, const cli_eval *e,
                                  cli_behaviour_state *st);

/* Grid behaviours move their agent cell by cell instead of steering it; the chases
 * report a catch when their target is within one cell. */
bool cli_behaviour_is_grid(const cli_behaviour *b);
bool cli_behaviour_is_grid_chase(const cli_behaviour *b);

/* True when two cells are the same or neighbours (diagonals included). */
bool cli_cells_touch(steer_cell a, steer_cell b);

/* True for follow_path on an open path: it ends by arriving at the path's end. */
bool cli_behaviour_arrives_at_path_end(const cli_behaviour *b, const cli_scenario *s);

/* The point a behaviour's target is at this step (its agent's position, or its point). */
steer_vec3 cli_target_position(const cli_target *t, const steer_agent *agents);

#endif /* CLI_BEHAVIOUR_H */
