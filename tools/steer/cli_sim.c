/* SPDX-License-Identifier: MIT */
/* cli_sim.c - the step loop: evaluate, combine, integrate, keep inside the world. */
#include "cli_sim.h"

#include "cli_behaviour.h"
#include "cli_sim_crowd.h"
#include "cli_sim_flock.h"
#include "cli_sim_grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Everything a run changes; the scenario itself stays const. */
struct cli_world {
    const cli_scenario *s;
    int n;
    int step; /* steps made */
    steer_agent *agents, *snapshot;
    steer_rng *rngs;
    cli_behaviour_state *states; /* n * CLI_MAX_BEHAVIOURS */
    steer_vec3 *forces, *goals;
    bool *respawned, *has_goal;
    cli_agent_outcome *outcomes;
    steer_steering *steering;      /* this step's combined steering of every agent */
    cli_grid_run grid;             /* agents that move cell by cell */
    cli_flock_run flock;           /* boids, stepped by the library's batch world */
    cli_crowd_run crowd;           /* crowd members, stepped by another batch world */
    steer_navmesh_query nav_query; /* navigate: one search at a time */
    void *nav_query_memory;
    cli_nav_storage *nav; /* navigate: each agent's corridor storage */
};

static void cli_world_release(cli_world *w)
{
    free(w->agents);
    free(w->snapshot);
    free(w->rngs);
    free(w->states);
    free(w->forces);
    free(w->goals);
    free(w->respawned);
    free(w->has_goal);
    free(w->outcomes);
    free(w->steering);
    cli_grid_run_free(&w->grid);
    cli_flock_run_free(&w->flock);
    cli_crowd_run_free(&w->crowd);
    free(w->nav_query_memory);
    free(w->nav);
}

/* Boids and crowd members are moved by their batch worlds, not by the tool's loop. */
static bool cli_in_batch(const cli_world *w, int i)
{
    return cli_flock_run_has(&w->flock, i) || cli_crowd_run_has(&w->crowd, i);
}

/* Navigate's search space and corridor storage, when the scenario has a navmesh. */
static bool cli_nav_alloc(cli_world *w, const cli_scenario *s)
{
    if (!s->navmesh.present) return true;
    int edges = steer_navmesh_edge_count(&s->navmesh.mesh);
    size_t bytes = steer_navmesh_query_bytes(edges);
    w->nav_query_memory = malloc(bytes);
    w->nav = calloc((size_t)w->n, sizeof *w->nav);
    return w->nav_query_memory && w->nav &&
           steer_navmesh_query_init(&w->nav_query, w->nav_query_memory, bytes, edges);
}

static bool cli_world_alloc(cli_world *w, const cli_scenario *s)
{
    size_t n = (size_t)s->agent_count;
    memset(w, 0, sizeof *w);
    w->s = s;
    w->n = s->agent_count;
    w->agents = calloc(n, sizeof *w->agents);
    w->snapshot = calloc(n, sizeof *w->snapshot);
    w->rngs = calloc(n, sizeof *w->rngs);
    w->states = calloc(n * CLI_MAX_BEHAVIOURS, sizeof *w->states);
    w->forces = calloc(n, sizeof *w->forces);
    w->goals = calloc(n, sizeof *w->goals);
    w->respawned = calloc(n, sizeof *w->respawned);
    w->has_goal = calloc(n, sizeof *w->has_goal);
    w->outcomes = calloc(n, sizeof *w->outcomes);
    w->steering = calloc(n, sizeof *w->steering);
    bool ok = w->agents && w->snapshot && w->rngs && w->states && w->forces && w->goals &&
              w->respawned && w->has_goal && w->outcomes && w->steering;
    for (int i = 0; ok && i < w->n; i++) w->agents[i] = s->agents[i].agent;
    return ok && cli_nav_alloc(w, s) && cli_grid_run_init(&w->grid, s, w->agents);
}

static bool cli_world_init(cli_world *w, uint64_t seed)
{
    for (int i = 0; i < w->n; i++) {
        const cli_agent_def *d = &w->s->agents[i];
        w->agents[i] = d->agent;
        w->rngs[i] = steer_rng_make(seed, (uint64_t)i + 1u);
        cli_agent_outcome *o = &w->outcomes[i];
        o->arrived_step = -1;
        o->caught_step = -1;
        for (int b = 0; b < d->behaviour_count; b++) {
            const cli_behaviour *beh = &d->behaviours[b];
            const char *kind = cli_behaviour_kind_at(beh->kind)->name;
            cli_behaviour_state_init(beh, &w->states[i * CLI_MAX_BEHAVIOURS + b], &w->rngs[i]);
            o->has_overshoot |= strcmp(kind, "arrive") == 0 && beh->target.kind == CLI_TARGET_POINT;
            o->has_arrive |= strcmp(kind, "arrive") == 0 || strcmp(kind, "approach") == 0 ||
                             strcmp(kind, "navigate") == 0 ||
                             cli_behaviour_arrives_at_path_end(beh, w->s);
            o->has_path |= strcmp(kind, "follow_path") == 0;
            o->has_avoid |= strcmp(kind, "avoid_obstacles") == 0;
            o->has_navmesh |= strcmp(kind, "navigate") == 0;
            o->has_catch |= strcmp(kind, "pursue") == 0 && beh->catch_radius > 0.0f;
            o->has_catch |= cli_behaviour_is_grid_chase(beh);
        }
    }
    if (!cli_crowd_run_init(&w->crowd, w->s, seed)) return false;
    for (int i = 0; i < w->n; i++) {
        if (!cli_crowd_run_has(&w->crowd, i)) continue;
        w->outcomes[i].has_arrive = true;
        w->outcomes[i].has_navmesh = cli_crowd_group_of(w->s, i)->navigate;
        w->goals[i] = cli_crowd_goal(w->s, i); /* drawn as the member's goal */
        w->has_goal[i] = true;
    }
    return cli_flock_run_init(&w->flock, w->s, w->agents, w->rngs, seed);
}

/* Blends each priority group, then lets steer_priority pick the first group that asks
 * for something (Millington's priority steering); one group is a plain blend. */
static steer_steering cli_combine(const steer_agent *self, const cli_agent_def *d,
                                  const steer_steering *outputs)
{
    steer_steering groups[CLI_MAX_BEHAVIOURS];
    int group_count = 0, done = 0, last = -1001;
    while (done < d->behaviour_count) {
        int next = 1001; /* the smallest priority not yet used */
        for (int b = 0; b < d->behaviour_count; b++)
            if (d->behaviours[b].priority > last && d->behaviours[b].priority < next)
                next = d->behaviours[b].priority;
        steer_weighted items[CLI_MAX_BEHAVIOURS];
        int count = 0;
        for (int b = 0; b < d->behaviour_count; b++)
            if (d->behaviours[b].priority == next)
                items[count++] = (steer_weighted){outputs[b], d->behaviours[b].weight};
        groups[group_count++] = steer_blend(self, items, count);
        done += count;
        last = next;
    }
    return steer_priority(groups, group_count, d->epsilon, NULL);
}

static float cli_time_step(const cli_scenario *s)
{
    return s->model == STEER_MODEL_REYNOLDS ? 1.0f : s->dt;
}

static steer_steering cli_steer_agent(cli_world *w, int i, int step)
{
    const cli_agent_def *d = &w->s->agents[i];
    steer_cell *path =
        w->grid.paths != NULL ? w->grid.paths + (size_t)i * (size_t)w->grid.path_capacity : NULL;
    cli_eval e = {&w->snapshot[i],
                  w->snapshot,
                  &w->rngs[i],
                  cli_time_step(w->s),
                  w->s,
                  i,
                  step,
                  w->grid.cells,
                  &w->grid.occ,
                  &w->grid.scratch,
                  path,
                  w->grid.path_capacity,
                  &w->nav_query,
                  w->nav != NULL ? &w->nav[i] : NULL};
    steer_steering outputs[CLI_MAX_BEHAVIOURS];
    w->has_goal[i] = false;
    for (int b = 0; b < d->behaviour_count; b++) {
        cli_behaviour_state *st = &w->states[i * CLI_MAX_BEHAVIOURS + b];
        outputs[b] = cli_behaviour_eval(&d->behaviours[b], &e, st);
        if (st->has_goal && !w->has_goal[i]) {
            w->goals[i] = st->goal;
            w->has_goal[i] = true;
        }
    }
    return cli_combine(&w->snapshot[i], d, outputs);
}

static bool cli_outside(const cli_scenario *s, steer_vec3 p)
{
    bool out = p.x < s->world_min.x || p.x > s->world_max.x;
    if (s->space != STEER_SPACE_XZ) out |= p.y < s->world_min.y || p.y > s->world_max.y;
    if (s->space != STEER_SPACE_XY) out |= p.z < s->world_min.z || p.z > s->world_max.z;
    return out;
}

/* A boid that moved further in one step than its speed allows was moved by the world's
 * bounds (wrapped or respawned): its trail breaks there. */
static bool cli_boid_jumped(const cli_world *w, int i)
{
    const steer_agent *a = &w->agents[i];
    float reach = a->max_speed * cli_time_step(w->s) * 1.5f + 1e-3f;
    return steer_distance(w->snapshot[i].position, a->position) > reach;
}

/* Wrap and clamp are the library's bounds (steer_bounds_apply); a wrapped agent jumps. */
static void cli_apply_bounds(cli_world *w, int i)
{
    steer_bounds_kind kind =
        w->s->edges == CLI_EDGES_WRAP ? STEER_BOUNDS_WRAP_BOX : STEER_BOUNDS_CLAMP_BOX;
    steer_bounds b = cli_world_bounds(w->s, kind);
    bool moved = steer_bounds_apply(&b, &w->agents[i]);
    w->respawned[i] = moved && kind == STEER_BOUNDS_WRAP_BOX;
}

/* The classic wander demo: a wanderer that leaves the area reappears at its centre, keeping its
 * velocity. The coordinate along a planar agent's up axis is left alone. Boids have had
 * the same done by the world. */
static void cli_keep_inside(cli_world *w, int i)
{
    steer_agent *a = &w->agents[i];
    if (cli_in_batch(w, i)) {
        w->respawned[i] = cli_boid_jumped(w, i);
        w->outcomes[i].respawns += w->respawned[i] && w->s->edges == CLI_EDGES_RESPAWN;
        return;
    }
    if (w->s->edges == CLI_EDGES_WRAP || w->s->edges == CLI_EDGES_CLAMP) {
        cli_apply_bounds(w, i);
        return;
    }
    w->respawned[i] = w->s->edges == CLI_EDGES_RESPAWN && cli_outside(w->s, a->position);
    if (!w->respawned[i]) return;
    steer_vec3 c = steer_scale(steer_add(w->s->world_min, w->s->world_max), 0.5f);
    a->position.x = c.x;
    if (w->s->space != STEER_SPACE_XZ) a->position.y = c.y;
    if (w->s->space != STEER_SPACE_XY) a->position.z = c.z;
    w->outcomes[i].respawns++;
}

/* How far `at` lies past `target` on the line from `start` through it. */
static void cli_judge_overshoot(cli_agent_outcome *o, steer_vec3 start, steer_vec3 target,
                                steer_vec3 at)
{
    steer_vec3 dir = steer_normalize(steer_sub(target, start));
    double past = steer_dot(steer_sub(at, target), dir);
    if (past > o->overshoot) o->overshoot = past;
}

/* A crowd member in its final arrived stretch (reset whenever it stops counting as
 * arrived): its speed and the reversals of its speed towards its goal (a yo-yo), for the
 * summary. */
static void cli_judge_rest(cli_agent_outcome *o, const steer_agent *a, steer_vec3 goal,
                           bool arrived)
{
    if (!arrived) {
        o->rested = false;
        o->rest_speed = 0.0;
        o->rest_steps = o->reversals = 0;
        o->along = 0.0f;
        return;
    }
    o->rested = true;
    o->rest_speed += steer_length(a->velocity);
    o->rest_steps++;
    float v = steer_dot(a->velocity, steer_normalize(steer_sub(goal, a->position)));
    if (!(fabsf(v) > 0.05f * a->max_speed)) return;
    if (o->along != 0.0f && (v > 0.0f) != (o->along > 0.0f)) o->reversals++;
    o->along = v;
}

/* How far a navigating agent is from the navmesh (0 on it). */
static void cli_judge_off_mesh(cli_agent_outcome *o, const cli_scenario *s, steer_vec3 at)
{
    steer_vec3 on;
    if (steer_navmesh_nearest(&s->navmesh.mesh, at, &on) < 0) return;
    double d = steer_distance(at, on);
    if (d > o->off_mesh) o->off_mesh = d;
}

/* Arrived and caught are judged on the state after the step, with the library's own
 * arrive test (steer_arrive is pure, so asking again changes nothing). */
static void cli_judge(cli_world *w, int i, int step)
{
    const cli_agent_def *d = &w->s->agents[i];
    cli_agent_outcome *o = &w->outcomes[i];
    bool arrived = o->has_arrive;
    if (cli_crowd_run_has(&w->crowd, i)) {
        arrived = cli_crowd_arrived(w->s, i, &w->agents[i]) || cli_crowd_settled(&w->crowd, i);
        cli_judge_rest(o, &w->agents[i], cli_crowd_goal(w->s, i), arrived);
        if (o->has_navmesh) cli_judge_off_mesh(o, w->s, w->agents[i].position);
    }
    for (int b = 0; b < d->behaviour_count; b++) {
        const cli_behaviour *beh = &d->behaviours[b];
        steer_vec3 target = cli_target_position(&beh->target, w->agents);
        const char *kind = cli_behaviour_kind_at(beh->kind)->name;
        if (strcmp(kind, "arrive") == 0) {
            cli_judge_overshoot(o, d->agent.position, target, w->agents[i].position);
            bool flag = false;
            (void)steer_arrive(&w->agents[i], target, &beh->arrive, &flag);
            arrived &= flag;
        } else if (strcmp(kind, "approach") == 0) {
            /* the walker must be on its last leg, and at rest at the target now */
            bool flag = false;
            (void)steer_arrive(&w->agents[i], target, &beh->approach.arrive, &flag);
            arrived &= flag && w->states[i * CLI_MAX_BEHAVIOURS + b].walker.ends_at_target;
        } else if (strcmp(kind, "follow_path") == 0) {
            const steer_path_cursor *c = &w->states[i * CLI_MAX_BEHAVIOURS + b].cursor;
            o->laps = c->lap;
            o->path_s = c->lap * (double)w->s->paths[beh->path].path.length + c->s;
            if (o->has_arrive && cli_behaviour_arrives_at_path_end(beh, w->s))
                arrived &= c->arrived;
        } else if (strcmp(kind, "navigate") == 0) {
            arrived &= w->states[i * CLI_MAX_BEHAVIOURS + b].arrived;
            cli_judge_off_mesh(o, w->s, w->agents[i].position);
        } else if (strcmp(kind, "pursue") == 0 && beh->catch_radius > 0.0f && o->caught_step < 0 &&
                   steer_distance(w->agents[i].position, target) <= beh->catch_radius) {
            o->caught_step = step;
        } else if (cli_behaviour_is_grid_chase(beh) && o->caught_step < 0 &&
                   cli_cells_touch(
                       cli_grid_run_cell(&w->grid, w->s, w->agents, i),
                       cli_grid_run_cell(&w->grid, w->s, w->agents, beh->target.agent))) {
            o->caught_step = step;
        }
    }
    if (o->has_avoid && step > 0 &&
        steer_obstacle_distance(&w->s->obstacles.set, w->agents[i].position, d->agent.space) <
            w->agents[i].radius - 1e-3f)
        o->entries++;
    if (arrived && !o->arrived) o->arrived_step = step;
    o->arrived = arrived;
}

cli_frame cli_world_frame(const cli_world *w)
{
    cli_frame f = {
        w->step,    w->step * (double)w->s->dt, w->n, w->agents, w->forces, w->respawned, w->goals,
        w->has_goal};
    return f;
}

static bool cli_notify(const cli_world *w, const cli_run_config *c, cli_error *err)
{
    cli_frame f = cli_world_frame(w);
    for (int k = 0; k < c->observer_count; k++)
        if (!c->observers[k].fn(c->observers[k].user, &f, err)) return false;
    return true;
}

/* Grid agent i: the move its behaviour chose this step, if any, and where it is now. */
static void cli_step_on_grid(cli_world *w, int i, int step)
{
    const cli_agent_def *d = &w->s->agents[i];
    for (int b = 0; b < d->behaviour_count; b++) {
        const cli_behaviour_state *st = &w->states[i * CLI_MAX_BEHAVIOURS + b];
        if (st->grid_move)
            cli_grid_run_move(&w->grid, w->s, i, st->next, d->behaviours[b].every, step);
    }
    cli_grid_run_place(&w->grid, i, &w->agents[i], step, cli_time_step(w->s));
}

static bool cli_step(cli_world *w, int step, cli_error *err)
{
    memcpy(w->snapshot, w->agents, (size_t)w->n * sizeof *w->agents);
    cli_grid_run_begin(&w->grid, w->s, w->snapshot);
    steer_steering *steering = w->steering;
    for (int i = 0; i < w->n; i++) {
        if (cli_in_batch(w, i)) continue;
        steering[i] = cli_steer_agent(w, i, step);
        w->forces[i] = steering[i].linear;
    }
    if (!cli_flock_run_step(&w->flock, w->s, w->agents, w->forces))
        return cli_fail(err, CLI_EXIT_RUNTIME, "the flock's world refused a step");
    if (!cli_crowd_run_step(&w->crowd, w->s, w->agents, w->forces))
        return cli_fail(err, CLI_EXIT_RUNTIME, "the crowd's world refused a step");
    for (int i = 0; i < w->n; i++) {
        if (cli_in_batch(w, i)) {
            /* moved by the world above */
        } else if (w->grid.on_grid && w->grid.on_grid[i]) {
            cli_step_on_grid(w, i, step);
        } else {
            steer_agent_step(&w->agents[i], steering[i], w->s->dt);
        }
        cli_keep_inside(w, i);
        if (!w->respawned[i])
            w->outcomes[i].travelled +=
                steer_distance(w->snapshot[i].position, w->agents[i].position);
    }
    for (int i = 0; i < w->n; i++) cli_judge(w, i, step); /* targets have moved too */
    return true;
}

/* Where each wanderer's circle points after the last step, for the picture. */
static void cli_note_wander(cli_world *w)
{
    for (int i = 0; i < w->n; i++)
        for (int b = 0; b < w->s->agents[i].behaviour_count; b++)
            if (strcmp(cli_behaviour_kind_at(w->s->agents[i].behaviours[b].kind)->name, "wander") ==
                0) {
                w->outcomes[i].has_wander = true;
                w->outcomes[i].wander_angle = w->states[i * CLI_MAX_BEHAVIOURS + b].wander.angle;
            }
}

static void cli_finish(cli_world *w, int steps, cli_run_result *r)
{
    if (!r) return;
    cli_note_wander(w);
    r->has_flock = w->s->flock.present;
    if (r->has_flock) cli_flock_measure(w->s, w->agents, &r->flock_end);
    for (int i = 0; i < w->n; i++) w->outcomes[i].stuck = cli_crowd_stuck(&w->crowd, i);
    r->has_group_overlaps = w->crowd.watched;
    r->group_overlaps = w->crowd.overlaps;
    r->steps = steps;
    r->agent_count = w->n;
    r->agents = w->outcomes;
    r->final = w->agents;
    w->outcomes = NULL; /* handed over */
    w->agents = NULL;
}

cli_world *cli_world_open(const cli_scenario *s, uint64_t seed, cli_error *err)
{
    cli_world *w = malloc(sizeof *w);
    if (!w) {
        cli_fail(err, CLI_EXIT_RUNTIME, "out of memory");
        return NULL;
    }
    if (!cli_world_alloc(w, s)) {
        cli_world_close(w);
        cli_fail(err, CLI_EXIT_RUNTIME, "out of memory");
        return NULL;
    }
    if (!cli_world_init(w, seed)) {
        cli_world_close(w);
        cli_fail(err, CLI_EXIT_RUNTIME, "out of memory (the flock's or the crowd's world)");
        return NULL;
    }
    for (int i = 0; i < w->n; i++) cli_judge(w, i, 0);
    return w;
}

bool cli_world_advance(cli_world *w, cli_error *err)
{
    if (!cli_step(w, w->step + 1, err)) return false;
    w->step++;
    return true;
}

void cli_world_close(cli_world *w)
{
    if (!w) return;
    cli_world_release(w);
    free(w);
}

bool cli_run(const cli_scenario *s, const cli_run_config *c, cli_run_result *r, cli_error *err)
{
    if (r) memset(r, 0, sizeof *r);
    cli_world *w = cli_world_open(s, c->use_seed ? c->seed : s->seed, err);
    if (!w) return false;
    int steps = c->steps > 0 ? c->steps : s->steps;
    if (r && s->flock.present) cli_flock_measure(s, w->agents, &r->flock_start);
    bool ok = cli_notify(w, c, err);
    while (ok && w->step < steps) {
        ok = cli_world_advance(w, err) && cli_notify(w, c, err);
        if (c->progress) c->progress(c->progress_user, w->step, steps);
    }
    if (ok) cli_finish(w, steps, r);
    cli_world_close(w);
    return ok;
}

void cli_run_result_free(cli_run_result *r)
{
    if (!r) return;
    free(r->agents);
    free(r->final);
    memset(r, 0, sizeof *r);
}
