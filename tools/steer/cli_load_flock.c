/* SPDX-License-Identifier: MIT */
/* cli_load_flock.c - the "flock" of a scenario file: how many boids, where they start,
 * their limits and the recipe the batch world runs for them. */
#include "cli_load_internal.h"

#include <stdio.h>
#include <string.h>

/* The recipe items in the order of cli_flock.weights, by the world's names of their kinds
 * (steer_behaviour_from_name). */
static const char *const cli_flock_rules[] = {"separation", "alignment", "cohesion", "wander"};

/* One rule of the recipe: {"weight", "radius", "cos_view"} or, for wander, {"weight",
 * "circle_distance", "circle_radius", "angle_change"}. */
static bool cli_load_flock_rule(cli_loader *ld, const cJSON *obj, int rule, steer_recipe_item *item)
{
    static const char *const near_keys[] = {"weight", "radius", "cos_view"};
    static const char *const wander_keys[] = {"weight", "circle_distance", "circle_radius",
                                              "angle_change"};
    char where[40];
    snprintf(where, sizeof where, "\"%s\"", cli_flock_rules[rule]);
    *item = steer_recipe_item_make(steer_behaviour_from_name(cli_flock_rules[rule]), 1.0f);
    if (rule == 3) {
        steer_wander_params *w = &item->wander;
        return cli_check_object(ld, obj, where, wander_keys, CLI_COUNT(wander_keys)) &&
               cli_get_float(ld, obj, "weight", 0.0f, &item->weight) &&
               cli_get_float(ld, obj, "circle_distance", 0.0f, &w->circle_distance) &&
               cli_get_float(ld, obj, "circle_radius", 0.0f, &w->circle_radius) &&
               cli_get_float(ld, obj, "angle_change", 0.0f, &w->angle_change);
    }
    if (!cli_check_object(ld, obj, where, near_keys, CLI_COUNT(near_keys)) ||
        !cli_get_float(ld, obj, "weight", 0.0f, &item->weight) ||
        !cli_get_float(ld, obj, "radius", 0.0f, &item->neighbourhood.radius) ||
        !cli_get_float(ld, obj, "cos_view", -1.0f, &item->neighbourhood.cos_view))
        return false;
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(obj, "cos_view");
    if (c && item->neighbourhood.cos_view > 1.0f)
        return cli_bad_value(ld, c, "\"%s\" must be between -1 and 1", "cos_view");
    return true;
}

static bool cli_load_spawn(cli_loader *ld, const cJSON *spawn, cli_flock *f)
{
    static const char *const keys[] = {"min", "max"};
    f->spawn_min = ld->s->world_min;
    f->spawn_max = ld->s->world_max;
    if (!spawn) return true;
    if (!cli_check_object(ld, spawn, "\"spawn\"", keys, CLI_COUNT(keys)) ||
        !cli_get_vec3(ld, spawn, "min", &f->spawn_min) ||
        !cli_get_vec3(ld, spawn, "max", &f->spawn_max))
        return false;
    double u0, v0, u1, v1;
    cli_plane_coords(ld->s->space, f->spawn_min, &u0, &v0);
    cli_plane_coords(ld->s->space, f->spawn_max, &u1, &v1);
    if (!(u0 <= u1 && v0 <= v1))
        return cli_bad_value(ld, spawn, "%s", "the spawn box's min must not be above its max");
    return true;
}

bool cli_load_flock(cli_loader *ld, const cJSON *flock)
{
    static const char *const keys[] = {"count",      "spawn",     "speed",    "limits",
                                       "separation", "alignment", "cohesion", "wander"};
    cli_flock *f = &ld->s->flock;
    if (!flock) return true;
    if (!cli_check_object(ld, flock, "\"flock\"", keys, CLI_COUNT(keys))) return false;
    double count = -1;
    if (!cli_get_int(ld, flock, "count", 1, CLI_MAX_FLOCK, &count)) return false;
    if (count < 0) return cli_bad_value(ld, flock, "%s", "a \"flock\" needs a \"count\"");
    f->count = (int)count;
    f->boid = ld->s->model == STEER_MODEL_REYNOLDS ? steer_agent_default_reynolds()
                                                   : steer_agent_default();
    f->boid.model = ld->s->model;
    f->boid.space = ld->s->space;
    f->speed = 0.0f;
    f->recipe = steer_recipe_default();
    if (!cli_load_spawn(ld, cJSON_GetObjectItemCaseSensitive(flock, "spawn"), f) ||
        !cli_get_float(ld, flock, "speed", 0.0f, &f->speed) ||
        !cli_load_limits(ld, cJSON_GetObjectItemCaseSensitive(flock, "limits"), &f->boid))
        return false;
    for (int rule = 0; rule < CLI_COUNT(cli_flock_rules); rule++) {
        const cJSON *obj = cJSON_GetObjectItemCaseSensitive(flock, cli_flock_rules[rule]);
        if (!obj) continue;
        steer_recipe_item *item = &f->recipe.items[f->recipe.count++];
        if (!cli_load_flock_rule(ld, obj, rule, item)) return false;
        f->weights[rule] = item->weight;
    }
    f->present = true;
    return true;
}

/* True when one of the `listed` agents is called `name`. Boids' own names differ from
 * each other, so a big flock is named in linear time. */
static bool cli_listed_name_taken(const cli_scenario *s, int listed, const char *name)
{
    for (int k = 0; k < listed; k++)
        if (strcmp(s->agents[k].name, name) == 0) return true;
    return false;
}

bool cli_flock_agents(cli_loader *ld)
{
    cli_scenario *s = ld->s;
    cli_flock *f = &s->flock;
    if (!f->present) return true;
    f->first = s->agent_count;
    for (int i = 0; i < f->count; i++) {
        cli_agent_def *d = &s->agents[f->first + i];
        memset(d, 0, sizeof *d);
        snprintf(d->name, sizeof d->name, "boid-%d", i);
        if (cli_listed_name_taken(s, f->first, d->name))
            return cli_json_fail_at(ld->err, &ld->doc, 0,
                                    "an agent is called \"%s\", the name of a boid of the flock",
                                    d->name);
        d->agent = f->boid;
        d->agent.position = f->spawn_min;
        d->epsilon = 1e-3f;
        s->agent_count++;
    }
    return true;
}
