/* SPDX-License-Identifier: MIT */
/* Navigation benchmark: N agents walk a level of rooms, doors and pillars
 * (navigate_level.h) to random goals, each with the world's navigate item and the crowd
 * (ORCA), sharing one navmesh. Prints one line:
 *
 *   bench scenario=navigate n=<N> threads=<T> polygons=<P> plan_ms=<first step>
 *         ns_per_agent_step=<x> [run_steps=<K> arrived=<a> overlapping=<o> off_mesh=<m>]
 *
 * (on one line), the timings medians over REPS repetitions. Each repetition builds the
 * world afresh; its first step plans every agent's path (plan_ms), the next W steps are
 * untimed, the S after them timed. --run-steps K then walks a fresh world K steps and
 * counts the agents within 1.5 of their goals, the pairs closer than 99% of their radii
 * summed over the steps, and the agent-steps more than 0.05 off the mesh.
 * bench/peers/run.sh runs it beside DetourCrowd on the same level (bench_navigate_detour).
 * The clock is read here, never in the library. */
#define _POSIX_C_SOURCE 199309L
#include "bench_stats.h"
#include "navigate_level.h"
#include "pool.h"
#include "steer/steer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { REPS = 3 };
#define NAV_RADIUS 0.5f
#define NAV_DT     (1.0f / 60.0f)

typedef struct nav_options {
    long n, run_steps;
    int threads, warmup, steps, rooms;
    float room;
} nav_options;

typedef struct nav_run {
    bench_level level;
    steer_navmesh_query query;
    void *query_memory;
    steer_world_navmesh nav;
    steer_world *w;
    steer_vec3 *goal;
} nav_run;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: bench_navigate [--n N] [--threads T] [--rooms R] [--room S]\n"
            "                      [--warmup W] [--steps S] [--run-steps K]\n"
            "  N agents (10000) on R x R rooms (12) of S units (30), timed over S steps\n"
            "  (100) after the planning step and W untimed steps (100); medians of %d.\n",
            REPS);
}

static bool parse_long(const char *s, long lo, long hi, long *out)
{
    char *end = NULL;
    long v = s != NULL ? strtol(s, &end, 10) : 0;
    if (s == NULL || *s == '\0' || *end != '\0' || v < lo || v > hi) return false;
    *out = v;
    return true;
}

/* 0: run; 1: --help shown; 2: bad arguments. */
static int parse(int argc, char **argv, nav_options *o)
{
    *o = (nav_options){10000, 0, 1, 100, 100, 12, 30.0f};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long x = 0;
        if (strcmp(a, "--help") == 0) return 1;
        if (strcmp(a, "--n") == 0 && parse_long(v, 1, 1000000, &o->n))
            i++;
        else if (strcmp(a, "--threads") == 0 && parse_long(v, 1, 64, &x))
            o->threads = (int)x, i++;
        else if (strcmp(a, "--rooms") == 0 && parse_long(v, 1, 100, &x))
            o->rooms = (int)x, i++;
        else if (strcmp(a, "--room") == 0 && parse_long(v, 8, 1000, &x))
            o->room = (float)x, i++;
        else if (strcmp(a, "--warmup") == 0 && parse_long(v, 0, 100000, &x))
            o->warmup = (int)x, i++;
        else if (strcmp(a, "--steps") == 0 && parse_long(v, 1, 100000, &x))
            o->steps = (int)x, i++;
        else if (strcmp(a, "--run-steps") == 0 && parse_long(v, 1, 10000000, &o->run_steps))
            i++;
        else {
            fprintf(stderr, "bench_navigate: bad argument '%s'\n", a);
            return 2;
        }
    }
    return 0;
}

static void nav_destroy(nav_run *r)
{
    steer_world_destroy(r->w);
    free(r->query_memory);
    free(r->level.memory);
    free(r->goal);
}

static bool nav_create(nav_run *r, const nav_options *o, steer_pool *pool)
{
    memset(r, 0, sizeof *r);
    if (!bench_level_make(&r->level, o->rooms, o->room)) return false;
    int edges = steer_navmesh_edge_count(&r->level.mesh);
    size_t bytes = steer_navmesh_query_bytes(edges);
    r->query_memory = malloc(bytes);
    r->goal = malloc(sizeof *r->goal * (size_t)o->n);
    steer_vec3 *start = malloc(sizeof *start * (size_t)o->n);
    bool ok = r->query_memory != NULL && r->goal != NULL && start != NULL &&
              steer_navmesh_query_init(&r->query, r->query_memory, bytes, edges) &&
              bench_level_agents(&r->level, 7, (int)o->n, 1.5f * NAV_RADIUS, start, r->goal);
    steer_world_def def = steer_world_default();
    def.capacity = (int)o->n;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    r->w = ok ? steer_world_create(&def) : NULL;
    r->nav = (steer_world_navmesh){&r->level.mesh, &r->query};
    steer_resource floor = {0};
    ok = r->w != NULL && steer_world_add_navmesh(r->w, &r->nav, &floor) == STEER_WORLD_OK;
    steer_recipe rec = steer_recipe_default();
    rec.items[0] = steer_recipe_item_make(STEER_BEHAVIOUR_NAVIGATE, 1.0f);
    rec.items[0].resource = floor;
    rec.count = 1;
    rec.crowd = true;
    int recipe = ok ? steer_world_add_recipe(r->w, &rec) : -1;
    for (long i = 0; recipe >= 0 && i < o->n; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = start[i];
        d.agent.radius = NAV_RADIUS;
        d.agent.max_speed = 2.0f;
        d.agent.max_accel = 8.0f;
        d.target = r->goal[i];
        d.recipe = recipe;
        steer_handle h;
        if (steer_world_add(r->w, &d, &h) != STEER_WORLD_OK) recipe = -1;
    }
    free(start);
    return recipe >= 0;
}

/* One timed repetition: planning step, warm-up, timed steps. */
static bool nav_time(const nav_options *o, steer_pool *pool, double *plan_s, double *ns)
{
    nav_run r;
    bool ok = nav_create(&r, o, pool);
    if (ok) {
        double t0 = bench_now_s();
        steer_world_step(r.w, NAV_DT);
        *plan_s = bench_now_s() - t0;
        for (int s = 0; s < o->warmup; s++) steer_world_step(r.w, NAV_DT);
        t0 = bench_now_s();
        for (int s = 0; s < o->steps; s++) steer_world_step(r.w, NAV_DT);
        *ns = (bench_now_s() - t0) * 1e9 / ((double)o->steps * (double)o->n);
    }
    nav_destroy(&r);
    return ok;
}

/* Overlapping pairs and agents off the mesh, now. */
static void nav_count(nav_run *r, long *overlapping, long *off)
{
    steer_handle near[32];
    for (int k = 0; k < steer_world_count(r->w); k++) {
        steer_handle h = steer_world_handle_at(r->w, k);
        steer_agent a, b;
        steer_world_get_agent(r->w, h, &a);
        steer_vec3 on;
        if (steer_navmesh_nearest(&r->level.mesh, a.position, &on) < 0 ||
            steer_distance(on, a.position) > 0.05f)
            (*off)++;
        int m = steer_world_query(r->w, a.position, 0.99f * 2.0f * NAV_RADIUS, ~0u, near, 32);
        for (int q = 0; q < m && q < 32; q++) {
            if (near[q].index <= h.index) continue; /* each pair once, not itself */
            steer_world_get_agent(r->w, near[q], &b);
            if (steer_distance(a.position, b.position) < 0.99f * 2.0f * NAV_RADIUS)
                (*overlapping)++;
        }
    }
}

static bool nav_quality(const nav_options *o, steer_pool *pool, long *arrived, long *overlapping,
                        long *off)
{
    nav_run r;
    bool ok = nav_create(&r, o, pool);
    *arrived = *overlapping = *off = 0;
    for (long s = 0; ok && s < o->run_steps; s++) {
        steer_world_step(r.w, NAV_DT);
        if (steer_world_update_index(r.w) != STEER_WORLD_OK)
            ok = false;
        else
            nav_count(&r, overlapping, off);
    }
    for (int k = 0; ok && k < steer_world_count(r.w); k++) {
        steer_handle h = steer_world_handle_at(r.w, k);
        steer_agent a;
        steer_world_get_agent(r.w, h, &a);
        *arrived += steer_distance(a.position, r.goal[h.index]) < 1.5f;
    }
    nav_destroy(&r);
    return ok;
}

int main(int argc, char **argv)
{
    nav_options o;
    int rc = parse(argc, argv, &o);
    if (rc != 0) {
        usage(rc == 1 ? stdout : stderr);
        return rc == 1 ? 0 : 2;
    }
    steer_pool *pool = steer_pool_create(o.threads);
    double plan[REPS], ns[REPS];
    bool ok = pool != NULL;
    for (int i = 0; ok && i < REPS; i++) ok = nav_time(&o, pool, &plan[i], &ns[i]);
    bench_level level;
    ok = ok && bench_level_make(&level, o.rooms, o.room);
    if (!ok) {
        fprintf(stderr,
                "bench_navigate: the level or its agents could not be made (too many "
                "agents for %d x %d rooms of %g?)\n",
                o.rooms, o.rooms, (double)o.room);
        steer_pool_destroy(pool);
        return 1;
    }
    int polygons = steer_navmesh_polygon_count(&level.mesh);
    free(level.memory);
    printf("bench scenario=navigate n=%ld threads=%d polygons=%d plan_ms=%.1f "
           "ns_per_agent_step=%.1f",
           o.n, o.threads, polygons, median(plan, REPS) * 1e3, median(ns, REPS));
    long arrived, overlapping, off;
    if (o.run_steps > 0) {
        if (!nav_quality(&o, pool, &arrived, &overlapping, &off))
            ok = false;
        else
            printf(" run_steps=%ld arrived=%ld overlapping=%ld off_mesh=%ld", o.run_steps, arrived,
                   overlapping, off);
    }
    printf("\n");
    steer_pool_destroy(pool);
    return ok ? 0 : 1;
}
