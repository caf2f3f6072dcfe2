/* SPDX-License-Identifier: MIT */
/* cli_record.c - thinning a run into trails, force samples and goals. */
#include "cli_record.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CLI_FORCE_MARKS 36

bool cli_record_init(cli_record *r, const cli_scenario *s, int steps, uint64_t seed, cli_error *err)
{
    memset(r, 0, sizeof *r);
    r->scenario = s;
    r->steps = steps;
    r->seed = seed;
    r->trail_every = (s->agent_count + CLI_RECORD_TRAILS - 1) / CLI_RECORD_TRAILS;
    for (int i = 0; i < s->agent_count; i++) r->trail_count += cli_record_has_trail(r, i);
    /* up to CLI_TRAIL_POINTS a trail, within the budget of all trails: fewer points
     * would cut long trails' curves into chords, more would take long to draw */
    double budget = (double)steps * (r->trail_count > 0 ? r->trail_count : 1) / CLI_RECORD_POINTS;
    r->point_stride = steps / CLI_TRAIL_POINTS + 1;
    if (budget > r->point_stride) r->point_stride = (int)ceil(budget);
    r->force_stride = steps / CLI_FORCE_MARKS + 1;
    r->tracks = calloc((size_t)s->agent_count, sizeof *r->tracks);
    return r->tracks ? true : cli_fail(err, CLI_EXIT_RUNTIME, "out of memory");
}

/* The array of `size`-byte items, grown if needed to hold one more; NULL when memory
 * runs out (the old array is still valid and owned by the caller). */
static void *cli_grow(void *items, int count, int *capacity, size_t size)
{
    if (count < *capacity) return items;
    int cap = *capacity ? *capacity * 2 : 256;
    void *grown = realloc(items, (size_t)cap * size);
    if (grown) *capacity = cap;
    return grown;
}

static bool cli_record_point(cli_track *t, steer_space space, steer_vec3 p, bool jump, int step)
{
    void *grown = cli_grow(t->points, t->point_count, &t->point_capacity, sizeof *t->points);
    if (!grown) return false;
    t->points = grown;
    double u, v;
    cli_plane_coords(space, p, &u, &v);
    float h = space == STEER_SPACE_XY ? p.z : p.y;
    t->points[t->point_count++] = (cli_track_point){(float)u, (float)v, jump, step, h};
    return true;
}

static bool cli_record_force(cli_track *t, steer_space space, steer_vec3 p, steer_vec3 f)
{
    void *grown = cli_grow(t->forces, t->force_count, &t->force_capacity, sizeof *t->forces);
    if (!grown) return false;
    t->forces = grown;
    double u, v, fu, fv;
    cli_plane_coords(space, p, &u, &v);
    cli_plane_coords(space, f, &fu, &fv);
    t->forces[t->force_count++] = (cli_force_mark){(float)u, (float)v, (float)fu, (float)fv};
    return true;
}

static bool cli_record_goal(cli_track *t, steer_vec3 goal)
{
    if (t->goal_count > 0 && memcmp(&t->goals[t->goal_count - 1], &goal, sizeof goal) == 0)
        return true;
    void *grown = cli_grow(t->goals, t->goal_count, &t->goal_capacity, sizeof *t->goals);
    if (!grown) return false;
    t->goals = grown;
    t->goals[t->goal_count++] = goal;
    return true;
}

bool cli_record_has_trail(const cli_record *r, int i)
{
    const cli_scenario *s = r->scenario;
    int first = s->flock.present ? s->flock.first : s->agent_count;
    if (s->crowd.present && s->crowd.first < first) first = s->crowd.first;
    return r->trail_every <= 1 || i < first || (i - first) % r->trail_every == 0;
}

static bool cli_record_agent(cli_record *r, const cli_frame *f, int i)
{
    cli_track *t = &r->tracks[i];
    steer_space space = r->scenario->space;
    const steer_agent *a = &f->agents[i];
    bool keep = f->step % r->point_stride == 0 || f->respawned[i] || f->step == r->steps;
    if (f->step == 0) t->first = *a;
    t->last = *a;
    if (!cli_record_has_trail(r, i)) return true;
    if (keep && !cli_record_point(t, space, a->position, f->respawned[i], f->step)) return false;
    if (f->step > 0 && f->step % r->force_stride == 0 &&
        !cli_record_force(t, space, a->position, f->forces[i]))
        return false;
    return !f->has_goal[i] || cli_record_goal(t, f->goals[i]);
}

bool cli_record_observe(void *user, const cli_frame *frame, cli_error *err)
{
    cli_record *r = user;
    for (int i = 0; i < frame->count; i++)
        if (!cli_record_agent(r, frame, i)) return cli_fail(err, CLI_EXIT_RUNTIME, "out of memory");
    return true;
}

void cli_record_free(cli_record *r)
{
    if (!r->tracks) return;
    for (int i = 0; i < r->scenario->agent_count; i++) {
        free(r->tracks[i].points);
        free(r->tracks[i].forces);
        free(r->tracks[i].goals);
    }
    free(r->tracks);
    memset(r, 0, sizeof *r);
}
