/* SPDX-License-Identifier: MIT */
/* cli_load.c - JSON scenario -> cli_scenario, with a precise place for every error. */
#include "cli_load.h"

#include "cli_behaviour.h"
#include "cli_load_internal.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors at a node ------------------------------------------------------------- */

bool cli_bad_value(cli_loader *ld, const cJSON *node, const char *fmt, const char *what)
{
    return cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, node), fmt, what);
}

bool cli_bad_key(cli_loader *ld, const cJSON *node, const char *fmt, const char *what)
{
    return cli_json_fail_at(ld->err, &ld->doc, cli_json_key_offset(&ld->doc, node), fmt, what);
}

/* ---- field checks ------------------------------------------------------------------ */

static bool cli_in_list(const char *key, const char *const *keys, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(key, keys[i]) == 0) return true;
    return false;
}

/* Rejects a key twice in one object: cJSON keeps both and lookups would see only one. */
static bool cli_check_duplicates(cli_loader *ld, const cJSON *obj)
{
    for (const cJSON *a = obj->child; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next)
            if (strcmp(a->string, b->string) == 0)
                return cli_bad_key(ld, b, "field \"%s\" appears twice", b->string);
    return true;
}

static bool cli_unknown_key(cli_loader *ld, const cJSON *item, const char *where,
                            const char *const *keys, int count)
{
    char list[400] = "";
    for (int i = 0; i < count; i++) {
        strncat(list, keys[i], sizeof list - strlen(list) - 1);
        if (i + 1 < count) strncat(list, ", ", sizeof list - strlen(list) - 1);
    }
    return cli_json_fail_at(ld->err, &ld->doc, cli_json_key_offset(&ld->doc, item),
                            "unknown field \"%s\" in %s; expected one of: %s", item->string, where,
                            list);
}

bool cli_check_object(cli_loader *ld, const cJSON *obj, const char *where, const char *const *keys,
                      int count)
{
    if (!cJSON_IsObject(obj)) return cli_bad_value(ld, obj, "expected an object for %s", where);
    for (const cJSON *item = obj->child; item; item = item->next)
        if (!cli_in_list(item->string, keys, count))
            return cli_unknown_key(ld, item, where, keys, count);
    return cli_check_duplicates(ld, obj);
}

/* ---- typed getters: absent keys leave *out unchanged ------------------------------- */

static bool cli_get_number(cli_loader *ld, const cJSON *item, double lo, double hi, double *out)
{
    if (!cJSON_IsNumber(item))
        return cli_bad_value(ld, item, "expected a number for \"%s\"", item->string);
    double v = item->valuedouble;
    if (!(v >= lo && v <= hi)) {
        char range[160];
        if (hi >= FLT_MAX && lo <= -FLT_MAX)
            snprintf(range, sizeof range, "\"%s\" is too large", item->string);
        else if (hi >= FLT_MAX)
            snprintf(range, sizeof range, "\"%s\" must be at least %.15g", item->string, lo);
        else
            snprintf(range, sizeof range, "\"%s\" must be between %.15g and %.15g", item->string,
                     lo, hi);
        return cli_bad_value(ld, item, "%s", range);
    }
    *out = v;
    return true;
}

bool cli_get_float_in(cli_loader *ld, const cJSON *obj, const char *key, double lo, double hi,
                      float *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    double v = 0.0; /* set by cli_get_number when it succeeds (-O3 cannot see that) */
    if (!item) return true;
    if (!cli_get_number(ld, item, lo, hi, &v)) return false;
    *out = (float)v;
    return true;
}

bool cli_get_float(cli_loader *ld, const cJSON *obj, const char *key, float lo, float *out)
{
    return cli_get_float_in(ld, obj, key, lo < -CLI_MAX_NUMBER ? -CLI_MAX_NUMBER : lo,
                            CLI_MAX_NUMBER, out);
}

bool cli_get_int(cli_loader *ld, const cJSON *obj, const char *key, double lo, double hi,
                 double *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!item) return true;
    if (!cli_get_number(ld, item, lo, hi, out)) return false;
    if (floor(*out) != *out)
        return cli_bad_value(ld, item, "expected a whole number for \"%s\"", key);
    return true;
}

bool cli_read_vec3(cli_loader *ld, const cJSON *item, steer_vec3 *out)
{
    float c[3];
    if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) != 3)
        return cli_bad_value(ld, item, "expected [x, y, z] (three numbers) for \"%s\"",
                             item->string ? item->string : "a point");
    int i = 0;
    for (const cJSON *e = item->child; e; e = e->next, i++) {
        if (!cJSON_IsNumber(e)) return cli_bad_value(ld, e, "expected a number in %s", "[x, y, z]");
        if (!(fabs(e->valuedouble) <= CLI_MAX_NUMBER)) {
            char what[160];
            snprintf(what, sizeof what, "coordinates of %s%s%s must be between %.15g and %.15g",
                     item->string ? "\"" : "", item->string ? item->string : "a point",
                     item->string ? "\"" : "", -CLI_MAX_NUMBER, CLI_MAX_NUMBER);
            return cli_bad_value(ld, e, "%s", what);
        }
        c[i] = (float)e->valuedouble;
    }
    *out = steer_v3(c[0], c[1], c[2]);
    return true;
}

bool cli_get_vec3(cli_loader *ld, const cJSON *obj, const char *key, steer_vec3 *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    return item ? cli_read_vec3(ld, item, out) : true;
}

/* A string that must be one of `choices`; *out receives its index. */
bool cli_get_choice(cli_loader *ld, const cJSON *obj, const char *key, const char *const *choices,
                    int count, int *out)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!item) return true;
    if (cJSON_IsString(item))
        for (int i = 0; i < count; i++)
            if (strcmp(item->valuestring, choices[i]) == 0) {
                *out = i;
                return true;
            }
    char list[200] = "";
    for (int i = 0; i < count; i++) {
        strncat(list, i ? ", \"" : "\"", sizeof list - strlen(list) - 1);
        strncat(list, choices[i], sizeof list - strlen(list) - 1);
        strncat(list, "\"", sizeof list - strlen(list) - 1);
    }
    char what[300];
    snprintf(what, sizeof what, "expected one of %s for \"%s\"", list, key);
    return cli_bad_value(ld, item, "%s", what);
}

bool cli_get_text(cli_loader *ld, const cJSON *obj, const char *key, char *out, size_t size)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!item) return true;
    if (!cJSON_IsString(item)) return cli_bad_value(ld, item, "expected a string for \"%s\"", key);
    if (strlen(item->valuestring) >= size)
        return cli_bad_value(ld, item, "\"%s\" is too long", key);
    strcpy(out, item->valuestring);
    return true;
}

/* ---- world and top level ----------------------------------------------------------- */

static bool cli_load_world(cli_loader *ld, const cJSON *world)
{
    static const char *const keys[] = {"min", "max", "edges"};
    static const char *const edges[] = {"open", "respawn", "wrap", "clamp"};
    if (!world) return true;
    if (!cli_check_object(ld, world, "\"world\"", keys, CLI_COUNT(keys))) return false;
    int e = (int)ld->s->edges;
    if (!cli_get_vec3(ld, world, "min", &ld->s->world_min) ||
        !cli_get_vec3(ld, world, "max", &ld->s->world_max) ||
        !cli_get_choice(ld, world, "edges", edges, CLI_COUNT(edges), &e))
        return false;
    ld->s->edges = (cli_edges)e;
    steer_vec3 lo = ld->s->world_min, hi = ld->s->world_max;
    double u0, v0, u1, v1;
    cli_plane_coords(ld->s->space, lo, &u0, &v0);
    cli_plane_coords(ld->s->space, hi, &u1, &v1);
    if (!(u0 < u1 && v0 < v1))
        return cli_bad_value(ld, world, "%s",
                             "the world's min must be below its max on both "
                             "axes of the plane");
    return true;
}

static bool cli_load_settings(cli_loader *ld, const cJSON *root)
{
    static const char *const models[] = {"kinematic", "reynolds"};
    static const char *const spaces[] = {"xy", "xz", "3d"};
    cli_scenario *s = ld->s;
    int model = 0, space = 0;
    double steps = s->steps, seed = 1;
    if (!cli_get_text(ld, root, "name", s->name, sizeof s->name) ||
        !cli_get_text(ld, root, "description", s->description, sizeof s->description) ||
        !cli_get_choice(ld, root, "model", models, CLI_COUNT(models), &model) ||
        !cli_get_choice(ld, root, "space", spaces, CLI_COUNT(spaces), &space) ||
        !cli_get_int(ld, root, "steps", 1, CLI_MAX_STEPS, &steps) ||
        !cli_get_int(ld, root, "seed", 0, 9007199254740991.0, &seed) ||
        !cli_get_float_in(ld, root, "dt", 1e-6, CLI_MAX_DT, &s->dt))
        return false;
    s->model = model ? STEER_MODEL_REYNOLDS : STEER_MODEL_KINEMATIC;
    s->space = (steer_space)space;
    s->steps = (int)steps;
    s->seed = (uint64_t)seed;
    return cli_load_world(ld, cJSON_GetObjectItemCaseSensitive(root, "world"));
}

/* ---- behaviours -------------------------------------------------------------------- */

static const char *const cli_behaviour_common[] = {"type", "weight", "priority", "target"};

static bool cli_behaviour_key_ok(const cli_behaviour_kind *k, const char *key)
{
    if (cli_in_list(key, cli_behaviour_common, CLI_COUNT(cli_behaviour_common))) return true;
    for (int i = 0; i < k->param_count; i++)
        if (strcmp(k->params[i].key, key) == 0) return true;
    return false;
}

static bool cli_behaviour_unknown(cli_loader *ld, const cJSON *item, const cli_behaviour_kind *k)
{
    const char *keys[16];
    int n = 0;
    for (int i = 0; i < CLI_COUNT(cli_behaviour_common); i++) keys[n++] = cli_behaviour_common[i];
    for (int i = 0; i < k->param_count && n < 16; i++) keys[n++] = k->params[i].key;
    char where[80];
    snprintf(where, sizeof where, "this \"%s\" behaviour", k->name);
    return cli_unknown_key(ld, item, where, keys, n);
}

/* One parameter of the type its table row says, stored at `field`. */
static bool cli_load_param(cli_loader *ld, const cJSON *obj, const cJSON *item, const cli_param *p,
                           char *field)
{
    double v = 0;
    switch (p->type) {
    case CLI_PARAM_VEC3:
        return cli_read_vec3(ld, item, (steer_vec3 *)(void *)field);
    case CLI_PARAM_INT:
        if (!cli_get_int(ld, obj, p->key, p->min, 1e6, &v)) return false;
        *(int *)(void *)field = (int)v;
        return true;
    case CLI_PARAM_BOOL:
        if (!cJSON_IsBool(item))
            return cli_bad_value(ld, item, "expected true or false for \"%s\"", p->key);
        *(bool *)(void *)field = cJSON_IsTrue(item);
        return true;
    case CLI_PARAM_PATH: {
        int index = cJSON_IsString(item) ? cli_scenario_find_path(ld->s, item->valuestring) : -1;
        if (index < 0)
            return cli_bad_value(ld, item, "expected the name of a path of \"paths\" for \"%s\"",
                                 p->key);
        *(int *)(void *)field = index;
        return true;
    }
    default:
        return cli_get_float(ld, obj, p->key, p->min, (float *)(void *)field);
    }
}

static bool cli_load_params(cli_loader *ld, const cJSON *obj, const cli_behaviour_kind *k,
                            cli_behaviour *b)
{
    for (const cJSON *item = obj->child; item; item = item->next)
        if (!cli_behaviour_key_ok(k, item->string)) return cli_behaviour_unknown(ld, item, k);
    for (int i = 0; i < k->param_count; i++) {
        const cli_param *p = &k->params[i];
        const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, p->key);
        if (!item && p->type == CLI_PARAM_PATH)
            return cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, obj),
                                    "a \"%s\" behaviour needs a \"%s\"", k->name, p->key);
        if (!item) continue;
        bool ok = cli_load_param(ld, obj, item, p, (char *)b + p->offset);
        if (!ok) return false;
        if (p->flag) *(bool *)(void *)((char *)b + p->flag) = true;
    }
    return true;
}

static bool cli_load_target(cli_loader *ld, const cJSON *obj, const cli_behaviour_kind *k, int self,
                            cli_behaviour *b)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(obj, "target");
    bool alt = k->alternative && cJSON_GetObjectItemCaseSensitive(obj, k->alternative);
    if (k->target == CLI_TARGET_RULE_NONE && t)
        return cli_bad_key(ld, t, "a \"%s\" behaviour takes no target", k->name);
    if (k->target == CLI_TARGET_RULE_AGENT_OR && (t != NULL) == alt)
        return cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, obj),
                                "a \"%s\" behaviour needs either \"target\" (an agent's name) "
                                "or \"%s\", not both",
                                k->name, k->alternative);
    if (!t) {
        if (k->target == CLI_TARGET_RULE_ANY || k->target == CLI_TARGET_RULE_AGENT)
            return cli_json_fail_at(ld->err, &ld->doc, cli_json_value_offset(&ld->doc, obj),
                                    "a \"%s\" behaviour needs a \"target\"", k->name);
        return true;
    }
    if (cJSON_IsArray(t) && k->target == CLI_TARGET_RULE_ANY) {
        b->target.kind = CLI_TARGET_POINT;
        return cli_read_vec3(ld, t, &b->target.point);
    }
    if (!cJSON_IsString(t))
        return cli_bad_value(ld, t, "expected %s for \"target\"",
                             k->target == CLI_TARGET_RULE_ANY ? "[x, y, z] or an agent's name"
                                                              : "an agent's name");
    int index = cli_scenario_find_agent(ld->s, t->valuestring);
    if (index < 0) return cli_bad_value(ld, t, "no agent is called \"%s\"", t->valuestring);
    if (index == self) return cli_bad_value(ld, t, "%s", "an agent cannot target itself");
    b->target.kind = CLI_TARGET_AGENT;
    b->target.agent = index;
    return true;
}

static bool cli_load_behaviour(cli_loader *ld, const cJSON *obj, int self, cli_behaviour *b)
{
    if (!cJSON_IsObject(obj)) return cli_bad_value(ld, obj, "expected %s", "a behaviour object");
    if (!cli_check_duplicates(ld, obj)) return false;
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(obj, "type");
    if (!type)
        return cli_bad_value(ld, obj, "%s",
                             "a behaviour needs a \"type\" (steer list --help "
                             "lists them)");
    int kind = cJSON_IsString(type) ? cli_behaviour_kind_find(type->valuestring) : -1;
    if (kind < 0) {
        char names[400] = "";
        for (int i = 0; i < cli_behaviour_kind_count(); i++) {
            strncat(names, cli_behaviour_kind_at(i)->name, sizeof names - strlen(names) - 1);
            if (i + 1 < cli_behaviour_kind_count())
                strncat(names, ", ", sizeof names - strlen(names) - 1);
        }
        return cli_bad_value(ld, type, "unknown behaviour type; expected one of: %s", names);
    }
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->offset = cli_json_value_offset(&ld->doc, obj);
    cli_behaviour_defaults(b, ld->s);
    const cli_behaviour_kind *k = cli_behaviour_kind_at(kind);
    double priority = 0;
    if (!cli_load_params(ld, obj, k, b) ||
        !cli_get_float(ld, obj, "weight", -FLT_MAX, &b->weight) ||
        !cli_get_int(ld, obj, "priority", -1000, 1000, &priority))
        return false;
    b->priority = (int)priority;
    return cli_load_target(ld, obj, k, self, b);
}

/* ---- agents ------------------------------------------------------------------------ */

bool cli_load_limits(cli_loader *ld, const cJSON *obj, steer_agent *a)
{
    static const char *const keys[] = {"max_speed",    "max_accel",         "max_force", "mass",
                                       "max_rotation", "max_angular_accel", "radius"};
    if (!obj) return true;
    if (!cli_check_object(ld, obj, "\"limits\"", keys, CLI_COUNT(keys))) return false;
    return cli_get_float(ld, obj, "max_speed", 0.0f, &a->max_speed) &&
           cli_get_float(ld, obj, "max_accel", 0.0f, &a->max_accel) &&
           cli_get_float(ld, obj, "max_force", 0.0f, &a->max_force) &&
           cli_get_float(ld, obj, "mass", 1e-6f, &a->mass) &&
           cli_get_float(ld, obj, "max_rotation", 0.0f, &a->max_rotation) &&
           cli_get_float(ld, obj, "max_angular_accel", 0.0f, &a->max_angular_accel) &&
           cli_get_float(ld, obj, "radius", 0.0f, &a->radius);
}

static bool cli_load_behaviours(cli_loader *ld, const cJSON *list, int self, cli_agent_def *d)
{
    if (!list) return true;
    if (!cJSON_IsArray(list))
        return cli_bad_value(ld, list, "expected %s", "an array of behaviours");
    for (const cJSON *item = list->child; item; item = item->next) {
        if (d->behaviour_count == CLI_MAX_BEHAVIOURS)
            return cli_bad_value(ld, item, "%s", "too many behaviours for one agent (at most 8)");
        if (!cli_load_behaviour(ld, item, self, &d->behaviours[d->behaviour_count++])) return false;
    }
    return true;
}

static bool cli_load_agent(cli_loader *ld, const cJSON *obj, int self)
{
    static const char *const keys[] = {"name",   "position", "velocity", "orientation", "rotation",
                                       "limits", "facing",   "epsilon",  "behaviours"};
    static const char *const facings[] = {"steered", "velocity"};
    cli_agent_def *d = &ld->s->agents[self];
    if (!cli_check_object(ld, obj, "an agent", keys, CLI_COUNT(keys))) return false;
    steer_agent *a = &d->agent;
    int facing = (int)a->facing;
    if (!cli_get_vec3(ld, obj, "position", &a->position) ||
        !cli_get_vec3(ld, obj, "velocity", &a->velocity) ||
        !cli_get_float(ld, obj, "orientation", -FLT_MAX, &a->orientation) ||
        !cli_get_float(ld, obj, "rotation", -FLT_MAX, &a->rotation) ||
        !cli_get_choice(ld, obj, "facing", facings, CLI_COUNT(facings), &facing) ||
        !cli_get_float(ld, obj, "epsilon", 0.0f, &d->epsilon) ||
        !cli_load_limits(ld, cJSON_GetObjectItemCaseSensitive(obj, "limits"), a))
        return false;
    a->facing = (steer_facing)facing;
    a->orientation = steer_wrap_angle(a->orientation);
    return cli_load_behaviours(ld, cJSON_GetObjectItemCaseSensitive(obj, "behaviours"), self, d);
}

/* Names are read first so any behaviour can target any agent, before or after it. */
static bool cli_load_name(cli_loader *ld, const cJSON *obj, int index)
{
    const cJSON *name = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, "name") : NULL;
    if (!cJSON_IsObject(obj)) return cli_bad_value(ld, obj, "expected %s", "an agent object");
    if (!name) return cli_bad_value(ld, obj, "%s", "an agent needs a \"name\"");
    const char *s = cJSON_IsString(name) ? name->valuestring : "";
    size_t len = strlen(s);
    if (len == 0 || len >= CLI_NAME_MAX ||
        strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLM"
                  "NOPQRSTUVWXYZ0123456789_-") != len)
        return cli_bad_value(ld, name, "%s",
                             "an agent's name is 1 to 31 letters, digits, '_' "
                             "or '-'");
    if (cli_scenario_find_agent(ld->s, s) >= 0)
        return cli_bad_value(ld, name, "another agent is already called \"%s\"", s);
    strcpy(ld->s->agents[index].name, s);
    ld->s->agent_count = index + 1;
    return true;
}

static void cli_agent_defaults(const cli_scenario *s, cli_agent_def *d)
{
    cli_behaviour *slots = d->behaviours;
    memset(d, 0, sizeof *d);
    d->behaviours = slots;
    d->agent =
        s->model == STEER_MODEL_REYNOLDS ? steer_agent_default_reynolds() : steer_agent_default();
    d->agent.model = s->model;
    d->agent.space = s->space;
    d->epsilon = 1e-3f;
}

/* The listed agents, then the flock's boids (cli_flock_agents), then the crowd's
 * members (cli_crowd_agents). */
static bool cli_load_agents(cli_loader *ld, const cJSON *list)
{
    int boids = ld->s->flock.present ? ld->s->flock.count : 0;
    boids += ld->s->crowd.present ? ld->s->crowd.count : 0;
    if (!list && !boids)
        return cli_json_fail_at(ld->err, &ld->doc, 0, "%s",
                                "a scenario needs \"agents\" (or a \"flock\" or a \"crowd\")");
    int n = list ? cJSON_GetArraySize(list) : 0;
    if (list && (!cJSON_IsArray(list) || n < (boids ? 0 : 1) || n > CLI_MAX_AGENTS))
        return cli_bad_value(ld, list, "%s", "expected an array of 1 to 256 agents");
    ld->s->agents = calloc((size_t)(n + boids), sizeof *ld->s->agents);
    ld->s->behaviour_store = calloc((size_t)n * CLI_MAX_BEHAVIOURS + 1, sizeof(cli_behaviour));
    if (!ld->s->agents || !ld->s->behaviour_store)
        return cli_fail(ld->err, CLI_EXIT_RUNTIME, "out of memory");
    for (int k = 0; k < n; k++)
        ld->s->agents[k].behaviours = ld->s->behaviour_store + (size_t)k * CLI_MAX_BEHAVIOURS;
    if (!list) return cli_flock_agents(ld) && cli_crowd_agents(ld);
    int i = 0;
    for (const cJSON *a = list->child; a; a = a->next, i++) {
        cli_agent_defaults(ld->s, &ld->s->agents[i]);
        if (!cli_load_name(ld, a, i)) return false;
    }
    i = 0;
    for (const cJSON *a = list->child; a; a = a->next, i++)
        if (!cli_load_agent(ld, a, i)) return false;
    return cli_flock_agents(ld) && cli_crowd_agents(ld);
}

/* ---- entry points ------------------------------------------------------------------ */

static void cli_scenario_defaults(cli_scenario *s, const char *file)
{
    memset(s, 0, sizeof *s);
    const char *base = strrchr(file, '/');
    snprintf(s->name, sizeof s->name, "%s", base ? base + 1 : file);
    char *dot = strrchr(s->name, '.');
    if (dot && dot != s->name) *dot = '\0';
    s->world_min = steer_v3(-50.0f, -50.0f, -50.0f);
    s->world_max = steer_v3(50.0f, 50.0f, 50.0f);
    s->steps = 600;
    s->dt = 1.0f / 60.0f;
    s->seed = 1;
}

/* A crowd group that navigates, or a crowd kept off the navmesh's boundary, needs the
 * navmesh, which is read after the crowd. */
static bool cli_check_navigating_groups(cli_loader *ld)
{
    const cli_crowd *c = &ld->s->crowd;
    if (c->navmesh_walls && !ld->s->navmesh.present)
        return cli_json_fail_at(ld->err, &ld->doc, 0, "%s",
                                "a crowd with \"navmesh_walls\" needs a \"navmesh\"");
    for (int g = 0; g < c->group_count; g++)
        if (c->groups[g].navigate && !ld->s->navmesh.present)
            return cli_json_fail_at(ld->err, &ld->doc, 0, "%s",
                                    "a crowd group with \"navigate\" needs a \"navmesh\"");
    return true;
}

static bool cli_load_root(cli_loader *ld)
{
    static const char *const keys[] = {"name",  "description", "model", "space",  "world",
                                       "steps", "dt",          "seed",  "agents", "grid",
                                       "paths", "obstacles",   "flock", "crowd",  "navmesh"};
    const cJSON *root = ld->doc.root;
    if (!cli_check_object(ld, root, "the scenario", keys, CLI_COUNT(keys))) return false;
    return cli_load_settings(ld, root) &&
           cli_load_grid(ld, cJSON_GetObjectItemCaseSensitive(root, "grid")) &&
           cli_load_paths(ld, cJSON_GetObjectItemCaseSensitive(root, "paths")) &&
           cli_load_obstacles(ld, cJSON_GetObjectItemCaseSensitive(root, "obstacles")) &&
           cli_load_flock(ld, cJSON_GetObjectItemCaseSensitive(root, "flock")) &&
           cli_load_crowd(ld, cJSON_GetObjectItemCaseSensitive(root, "crowd")) &&
           cli_load_navmesh(ld, cJSON_GetObjectItemCaseSensitive(root, "navmesh")) &&
           cli_load_agents(ld, cJSON_GetObjectItemCaseSensitive(root, "agents")) &&
           cli_check_grid_agents(ld) && cli_check_navigating_groups(ld);
}

bool cli_load_text(cli_scenario *out, const char *file, char *text, size_t length, cli_error *err)
{
    cli_loader ld = {{0}, out, err};
    cli_scenario_defaults(out, file);
    bool ok = cli_json_doc_parse(&ld.doc, file, text, length, err) && cli_load_root(&ld);
    cli_json_doc_free(&ld.doc);
    if (!ok) cli_scenario_free(out);
    return ok;
}

bool cli_load_file(cli_scenario *out, const char *path, cli_error *err)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) return cli_fail(err, CLI_EXIT_USAGE, "%s: cannot open: %s", path, strerror(errno));
    /* Reads up to one byte past the limit: a file of exactly CLI_MAX_FILE bytes fits. */
    size_t cap = 4096, len = 0, got;
    char *text = malloc(cap + 1);
    while (text && (got = fread(text + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len < cap) continue;
        if (cap > CLI_MAX_FILE) break;
        size_t grown_cap = cap * 2 > CLI_MAX_FILE ? (size_t)CLI_MAX_FILE + 1 : cap * 2;
        char *grown = realloc(text, grown_cap + 1);
        if (!grown) break;
        text = grown;
        cap = grown_cap;
    }
    int e = ferror(f) ? errno : 0;
    fclose(f);
    if (e || !text || (len == cap && cap <= CLI_MAX_FILE)) {
        free(text);
        return cli_fail(err, CLI_EXIT_USAGE, "%s: cannot read: %s", path,
                        e ? strerror(e) : "out of memory");
    }
    if (len > CLI_MAX_FILE) {
        free(text);
        return cli_fail(err, CLI_EXIT_USAGE, "%s: larger than 64 MiB (the limit is %u bytes)", path,
                        (unsigned)CLI_MAX_FILE);
    }
    text[len] = '\0';
    return cli_load_text(out, path, text, len, err);
}
