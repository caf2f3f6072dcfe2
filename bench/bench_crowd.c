/* SPDX-License-Identifier: MIT */
/* The crowd scenarios (bench_crowd.h, docs/performance.md "Crowds"). Both: XY agents of
 * radius 1.5 and max speed 2; ORCA with neighbour distance 15, at most 10 neighbours,
 * time horizons 10; dt 0.25; each step's preferred velocity is the unit vector towards
 * the goal (the remaining offset inside 1 unit), handed to the world by a callback. */
#define _POSIX_C_SOURCE 199309L
#include "bench_crowd.h"

#include "bench_stats.h"
#include "pool.h"
#include "steer/steer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BENCH_MAX_REPS = 16 };
#define BENCH_DT     0.25f
#define BENCH_RADIUS 1.5f

typedef struct crowd_run {
    steer_world *w;
    steer_pool *pool;
    steer_vec3 *goal;  /* per slot */
    steer_vec3 *where; /* scratch: positions in handle order */
    long n;
} crowd_run;

bool bench_crowd_known(const char *scenario)
{
    return strcmp(scenario, "circle") == 0 || strcmp(scenario, "crossing") == 0;
}

/* The preferred velocity, as a steering the integrator turns into it in one step. */
static steer_steering crowd_prefer(void *user, const steer_world *world, steer_handle self,
                                   const steer_agent *agent, steer_steering out)
{
    (void)world;
    const steer_vec3 *goal = (const steer_vec3 *)user + self.index;
    steer_vec3 d = steer_sub(*goal, agent->position);
    steer_vec3 pref = steer_length_sq(d) > 1.0f ? steer_normalize(d) : d;
    out.linear = steer_scale(steer_sub(pref, agent->velocity), 1.0f / BENCH_DT);
    return out;
}

/* Start and goal of agent i of n. */
static void crowd_place(bool circle, long i, long n, steer_vec3 *start)
{
    if (circle) {
        double a = 2.0 * 3.14159265358979323846 * (double)i / (double)n, r = 0.8 * (double)n;
        *start = steer_v3((float)(r * cos(a)), (float)(r * sin(a)), 0.0f);
        return;
    }
    long side = (long)ceil(sqrt((double)n));
    double half = 0.5 * (double)(side - 1);
    *start = steer_v3((float)(4.0 * ((double)(i % side) - half)),
                      (float)(4.0 * ((double)(i / side) - half)), 0.0f);
}

static bool crowd_create(crowd_run *c, bool circle, long n, steer_pool *pool)
{
    memset(c, 0, sizeof *c);
    c->n = n;
    c->goal = calloc((size_t)n, sizeof *c->goal);
    c->where = calloc((size_t)n, sizeof *c->where);
    steer_world_def def = steer_world_default();
    def.capacity = (int)n;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    c->w = c->goal != NULL && c->where != NULL ? steer_world_create(&def) : NULL;
    if (c->w == NULL) return false;
    steer_recipe r = steer_recipe_default();
    r.crowd = true; /* orca defaults: 15, 10, 10, 10 */
    int recipe = steer_world_add_recipe(c->w, &r);
    for (long i = 0; i < n; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        crowd_place(circle, i, n, &d.agent.position);
        d.agent.radius = BENCH_RADIUS;
        d.agent.max_speed = 2.0f;
        d.agent.max_accel = 1e6f; /* the preferred velocity is reached in one step */
        d.recipe = recipe;
        d.callback = crowd_prefer;
        d.callback_user = c->goal;
        steer_handle h;
        if (steer_world_add(c->w, &d, &h) != STEER_WORLD_OK) return false;
        c->goal[h.index] = steer_scale(d.agent.position, -1.0f);
    }
    return true;
}

static void crowd_destroy(crowd_run *c)
{
    steer_world_destroy(c->w);
    free(c->goal);
    free(c->where);
}

/* Pairs closer than 99% of their radius sum now, and agents within a radius of their goal. */
static long crowd_overlaps(crowd_run *c, long *arrived)
{
    steer_handle near[16];
    long pairs = 0;
    *arrived = 0;
    for (int k = 0; k < steer_world_count(c->w); k++) {
        steer_handle h = steer_world_handle_at(c->w, k);
        steer_agent a;
        steer_world_get_agent(c->w, h, &a);
        *arrived += steer_distance(a.position, c->goal[h.index]) <= BENCH_RADIUS ? 1 : 0;
        int m = steer_world_query(c->w, a.position, 0.99f * 2.0f * BENCH_RADIUS, ~0u, near, 16);
        m = m < 16 ? m : 16;
        for (int q = 0; q < m; q++) {
            steer_agent b;
            steer_world_get_agent(c->w, near[q], &b);
            bool counted = near[q].index > h.index; /* each pair once */
            pairs +=
                counted && steer_distance(a.position, b.position) < 0.99f * 2.0f * BENCH_RADIUS;
        }
    }
    return pairs;
}

/* Seconds for `steps` steps of a fresh world. */
static double crowd_time(bool circle, long n, steer_pool *pool, int steps, long *pairs,
                         long *arrived, double *neighbours)
{
    crowd_run c;
    if (!crowd_create(&c, circle, n, pool)) {
        crowd_destroy(&c);
        return -1.0;
    }
    double t0 = bench_now_s();
    for (int s = 0; s < steps; s++) steer_world_step(c.w, BENCH_DT);
    double t = bench_now_s() - t0;
    *neighbours = steer_world_stats_get(c.w).avg_neighbours;
    *pairs = crowd_overlaps(&c, arrived);
    crowd_destroy(&c);
    return t;
}

/* Run until every agent is at its goal, counting overlapping pairs after every step;
 * returns the steps run. With limit > 0, run exactly `limit` steps instead (a fixed time,
 * to compare with another library's crowd). Otherwise a run also ends when the number at their
 * goals has set no new high for `patience` steps, 20 times the time the longest trip needs at speed
 * 1: a jam ends the run, a crowd still untangling (new arrivals now and then) does not. Ten times
 * the patience is a hard ceiling, so every run is finite. */
static long crowd_complete(bool circle, long n, steer_pool *pool, long limit, long *pairs,
                           long *arrived)
{
    crowd_run c;
    long s = 0;
    *pairs = 0;
    *arrived = 0;
    if (crowd_create(&c, circle, n, pool)) {
        double span = circle ? 1.6 * (double)n : 4.0 * sqrt(2.0 * (double)n) + 8.0;
        long patience = (long)(20.0 * span / BENCH_DT) + 1000, best = -1, idle = 0;
        if (limit > 0) patience = limit; /* idle < patience always holds then */
        for (; limit > 0 ? s < limit : s < 10 * patience && idle < patience && *arrived < n; s++) {
            steer_world_step(c.w, BENCH_DT);
            *pairs += crowd_overlaps(&c, arrived);
            idle = *arrived > best ? 0 : idle + 1;
            best = *arrived > best ? *arrived : best;
        }
    }
    crowd_destroy(&c);
    return s;
}

int bench_crowd_run(const char *scenario, long n, int threads, int steps, int reps,
                    bool to_completion, long run_steps)
{
    bool circle = strcmp(scenario, "circle") == 0;
    if (steps <= 0) steps = circle ? 100 : 50;
    reps = reps < BENCH_MAX_REPS ? reps : BENCH_MAX_REPS;
    steer_pool *pool = steer_pool_create(threads);
    long pairs = 0, arrived = 0;
    double ns[BENCH_MAX_REPS], rate[BENCH_MAX_REPS], nb[BENCH_MAX_REPS];
    if (pool == NULL || crowd_time(circle, n, pool, steps, &pairs, &arrived, nb) < 0.0) {
        fprintf(stderr, "bench_world: out of memory for %ld agents\n", n);
        return 1;
    }
    for (int r = 0; r < reps; r++) {
        double t = crowd_time(circle, n, pool, steps, &pairs, &arrived, &nb[r]);
        ns[r] = t * 1e9 / ((double)steps * (double)n);
        rate[r] = (double)steps / t;
    }
    long run = 0; /* steps of the run to completion */
    if (to_completion || run_steps > 0)
        run = crowd_complete(circle, n, pool, run_steps, &pairs, &arrived);
    printf("bench scenario=%s n=%ld threads=%d steps=%d ns_per_agent_step=%.2f "
           "steps_per_s=%.2f avg_neighbors=%.2f collisions=%ld arrived=%.4f",
           scenario, n, threads, steps, median(ns, reps), median(rate, reps), median(nb, reps),
           pairs, (double)arrived / (double)n);
    if (run_steps > 0)
        printf(" run_steps=%ld", run);
    else if (to_completion)
        printf(" completion_steps=%ld", run);
    printf("\n");
    steer_pool_destroy(pool);
    return 0;
}
