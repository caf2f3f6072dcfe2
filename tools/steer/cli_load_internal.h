/* SPDX-License-Identifier: MIT */
/* cli_load_internal.h - the loader's state and field readers, shared by cli_load.c (the
 * settings, world and agents) and cli_load_scene.c (grid maps, paths, obstacles).
 * Every reader reports a bad value as file:line:column and returns false.
 */
#ifndef CLI_LOAD_INTERNAL_H
#define CLI_LOAD_INTERNAL_H

#include "cli_jsonpos.h"
#include "cli_scenario.h"

typedef struct cli_loader {
    cli_json_doc doc;
    cli_scenario *s;
    cli_error *err;
} cli_loader;

#define CLI_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Fails at a node's value with a printf message taking one string. */
bool cli_bad_value(cli_loader *ld, const cJSON *node, const char *fmt, const char *what);

/* `obj` is an object whose keys are all in keys[0..count-1], none twice. */
bool cli_check_object(cli_loader *ld, const cJSON *obj, const char *where, const char *const *keys,
                      int count);

/* Typed fields of obj: an absent key leaves *out unchanged. A float lies in [lo, hi]
 * (cli_get_float: [max(lo, -CLI_MAX_NUMBER), CLI_MAX_NUMBER]), a point's coordinates
 * within +-CLI_MAX_NUMBER; anything else is reported with the field and the range. */
bool cli_get_float_in(cli_loader *ld, const cJSON *obj, const char *key, double lo, double hi,
                      float *out);
bool cli_get_float(cli_loader *ld, const cJSON *obj, const char *key, float lo, float *out);
bool cli_get_int(cli_loader *ld, const cJSON *obj, const char *key, double lo, double hi,
                 double *out);
bool cli_read_vec3(cli_loader *ld, const cJSON *item, steer_vec3 *out);
bool cli_get_vec3(cli_loader *ld, const cJSON *obj, const char *key, steer_vec3 *out);

/* Fails at a node's key. */
bool cli_bad_key(cli_loader *ld, const cJSON *node, const char *fmt, const char *what);

/* A string field that must be one of choices[0..count-1] (*out: its index), and a
 * string copied into out[size]. Absent keys leave *out unchanged. */
bool cli_get_choice(cli_loader *ld, const cJSON *obj, const char *key, const char *const *choices,
                    int count, int *out);
bool cli_get_text(cli_loader *ld, const cJSON *obj, const char *key, char *out, size_t size);

/* An agent's "limits" object (NULL: none) into a. */
bool cli_load_limits(cli_loader *ld, const cJSON *obj, steer_agent *a);

/* cli_load_scene.c: the optional top-level "paths" and "obstacles" (NULL: none). */
bool cli_load_paths(cli_loader *ld, const cJSON *paths);
bool cli_load_obstacles(cli_loader *ld, const cJSON *obstacles);

/* cli_load_flock.c: the optional top-level "flock" (NULL: none), read before the agents
 * so their array has room for the boids; then, after the listed agents, the boids
 * themselves (cli_flock). */
bool cli_load_flock(cli_loader *ld, const cJSON *flock);
bool cli_flock_agents(cli_loader *ld);

/* cli_load_groups.c: a crowd group's "block" of starts, its goals from a "move_to", or
 * its "formation" (slots, assignment and goals); cli_group_alloc (cli_load_crowd.c)
 * sizes a group's starts and goals. */
bool cli_group_alloc(cli_loader *ld, cli_crowd_group *g, int count);
bool cli_load_block(cli_loader *ld, const cJSON *obj, cli_crowd_group *g);
bool cli_load_group_move(cli_loader *ld, const cJSON *obj, cli_crowd_group *g);
bool cli_load_group_formation(cli_loader *ld, const cJSON *obj, cli_crowd_group *g);

/* cli_load_crowd.c: the optional top-level "crowd" (NULL: none), read after the
 * obstacles (its walls are theirs) and before the agents; then, after the boids, the
 * members themselves (cli_crowd). */
bool cli_load_crowd(cli_loader *ld, const cJSON *crowd);
bool cli_crowd_agents(cli_loader *ld);

/* cli_load_scene.c: the optional top-level "grid" (NULL: none). */
bool cli_load_grid(cli_loader *ld, const cJSON *grid);

/* cli_load_navmesh.c: the "navmesh" section, built into a navigation mesh. */
bool cli_load_navmesh(cli_loader *ld, const cJSON *navmesh);

/* After the agents: grid behaviours need the grid, are their agent's only behaviour,
 * and start on a free cell (the agent is put at its centre). */
bool cli_check_grid_agents(cli_loader *ld);

#endif /* CLI_LOAD_INTERNAL_H */
