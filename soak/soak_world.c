/* SPDX-License-Identifier: MIT */
/* Soak: a world stepped for a long time with agents added and removed at random every
 * step. Checks that no agent's state goes NaN or infinite and that memory stays flat
 * after a warm-up; optionally saves and restores the world now and then and checks the
 * state hash survives. Not a test (the full run takes hours); ctest runs small versions
 * of it, also under valgrind and the sanitizers (soak/CMakeLists.txt).
 *
 *   soak_world --agents 1000000 --steps 10000 --threads 2
 *
 * Prints a progress line every --report steps and a final line:
 *
 *   soak done agents=<N> steps=<S> threads=<T> churn=<C> bad=<0> rss_warm_kb=<a>
 *        rss_end_kb=<b> peak_kb=<c> growth_kb=<b-a> seconds=<t> ns_per_agent_step=<x>
 *
 * (on one line). Exit 0 when no agent went bad, the snapshot checks held and RSS grew by
 * at most --max-growth-kb after the warm-up; 1 otherwise; 2 for bad arguments. The clock
 * and /proc are read here, never in the library. */
#define _POSIX_C_SOURCE 200809L
#include "pool.h"
#include "steer/steer.h"
#include "steer/world_snapshot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

typedef struct soak_options {
    long agents; /* capacity; the world holds agents - churn between steps */
    long steps;
    int threads;
    long churn;         /* agents removed and added each step (default agents / 1000, >= 1) */
    long warmup;        /* steps before the memory baseline (default min(steps / 10, 100)) */
    long report;        /* progress line every this many steps (default steps / 20) */
    long snapshot;      /* save + restore every this many steps; 0: never */
    long max_growth_kb; /* allowed RSS growth after the warm-up (default 4096) */
    uint64_t seed;
} soak_options;

static void usage(FILE *out)
{
    fprintf(out, "usage: soak_world [--agents N] [--steps S] [--threads T] [--churn C]\n"
                 "                  [--warmup W] [--report R] [--snapshot K] [--max-growth-kb G]\n"
                 "                  [--seed X]\n"
                 "  defaults: 5000 agents, 2000 steps, 1 thread, churn N/1000 per step,\n"
                 "  warm-up min(S/10, 100) steps, a line every S/20 steps, no snapshots,\n"
                 "  4096 KiB of allowed RSS growth, seed 1\n");
}

static bool parse_long(const char *s, long lo, long hi, long *out)
{
    char *end = NULL;
    long v = s != NULL ? strtol(s, &end, 10) : 0;
    if (s == NULL || *s == '\0' || *end != '\0' || v < lo || v > hi) return false;
    *out = v;
    return true;
}

/* Which option a flag sets, with its range. */
typedef struct soak_flag {
    const char *name;
    long lo, hi;
    long *field;
} soak_flag;

/* 0: run; 1: --help shown; 2: bad arguments. */
static int parse(int argc, char **argv, soak_options *o)
{
    long threads = 1, seed = 1;
    *o = (soak_options){5000, 2000, 1, 0, -1, 0, 0, 4096, 1u};
    const soak_flag flags[] = {
        {"--agents", 2, 1L << 26, &o->agents},
        {"--steps", 1, 1L << 40, &o->steps},
        {"--threads", 1, 256, &threads},
        {"--churn", 0, 1L << 26, &o->churn},
        {"--warmup", 0, 1L << 40, &o->warmup},
        {"--report", 1, 1L << 40, &o->report},
        {"--snapshot", 0, 1L << 40, &o->snapshot},
        {"--max-growth-kb", 0, 1L << 40, &o->max_growth_kb},
        {"--seed", 0, 1L << 62, &seed},
    };
    for (int i = 1; i < argc; i += 2) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return 1;
        size_t k = 0;
        while (k < sizeof flags / sizeof flags[0] && strcmp(argv[i], flags[k].name) != 0) k++;
        if (k == sizeof flags / sizeof flags[0] ||
            !parse_long(i + 1 < argc ? argv[i + 1] : NULL, flags[k].lo, flags[k].hi,
                        flags[k].field)) {
            fprintf(stderr, "soak_world: bad or incomplete option '%s'\n", argv[i]);
            return 2;
        }
    }
    o->threads = (int)threads;
    o->seed = (uint64_t)seed;
    if (o->churn == 0) o->churn = o->agents / 1000 > 0 ? o->agents / 1000 : 1;
    if (o->churn >= o->agents) o->churn = o->agents - 1;
    if (o->warmup < 0) o->warmup = o->steps / 10 < 100 ? o->steps / 10 : 100;
    if (o->report == 0) o->report = o->steps / 20 > 0 ? o->steps / 20 : 1;
    return 0;
}

/* ---- the world and its churn ------------------------------------------------------------- */

typedef struct soak {
    steer_world *world;
    steer_handle *live; /* every live agent's handle, in no order */
    long n;
    int recipes[2];      /* boids, wanderers */
    float radius;        /* of the wrap sphere */
    steer_rng rng;       /* the program's own: adds, removes, positions */
    unsigned char *snap; /* snapshot buffer, reused */
    size_t snap_size;
    steer_agent *chunk; /* SOAK_CHUNK agents read in bulk by the check */
} soak;

/* Agents the check reads per call: one bulk read walks the dense arrays in order, where
 * a lookup per handle costs a cache miss on the slot table (15% of a 200,000-agent run). */
#define SOAK_CHUNK 4096

static void add_recipes(soak *s)
{
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 12.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ALIGNMENT, 8.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_COHESION, 8.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    s->recipes[0] = steer_world_add_recipe(s->world, &r);
    r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    s->recipes[1] = steer_world_add_recipe(s->world, &r);
}

/* A random agent somewhere in the sphere: a boid one time in four, else a wanderer. */
static bool soak_add(soak *s)
{
    steer_world_agent_def d = steer_world_agent_default();
    d.agent.space = STEER_SPACE_3D;
    d.agent.max_speed = 9.0f;
    d.agent.max_accel = 27.0f;
    float r = s->radius * 0.57f; /* a cube inside the sphere */
    d.agent.position = steer_v3(steer_rng_range(&s->rng, -r, r), steer_rng_range(&s->rng, -r, r),
                                steer_rng_range(&s->rng, -r, r));
    d.agent.velocity = steer_v3(steer_rng_range(&s->rng, -3, 3), steer_rng_range(&s->rng, -3, 3),
                                steer_rng_range(&s->rng, -3, 3));
    d.recipe = s->recipes[steer_rng_below(&s->rng, 4u) == 0u ? 0 : 1];
    steer_handle h;
    if (steer_world_add(s->world, &d, &h) != STEER_WORLD_OK) return false;
    s->live[s->n++] = h;
    return true;
}

static bool soak_remove(soak *s)
{
    uint32_t k = steer_rng_below(&s->rng, (uint32_t)s->n);
    if (steer_world_remove(s->world, s->live[k]) != STEER_WORLD_OK) return false;
    s->live[k] = s->live[--s->n];
    return true;
}

static bool soak_create(soak *s, const soak_options *o, steer_pool *pool)
{
    memset(s, 0, sizeof *s);
    s->radius = 50.0f * (float)cbrt((double)o->agents / 1000.0); /* bench_world's density */
    steer_world_def def = steer_world_default();
    def.capacity = (int)o->agents;
    def.seed = o->seed;
    def.bounds.kind = STEER_BOUNDS_WRAP_SPHERE;
    def.bounds.radius = s->radius;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    s->world = steer_world_create(&def);
    s->live = malloc((size_t)o->agents * sizeof *s->live);
    s->chunk = malloc(SOAK_CHUNK * sizeof *s->chunk);
    if (s->world == NULL || s->live == NULL || s->chunk == NULL) return false;
    s->rng = steer_rng_make(o->seed, 99u);
    add_recipes(s);
    for (long i = 0; i < o->agents - o->churn; i++)
        if (!soak_add(s)) return false;
    return true;
}

static void soak_destroy(soak *s)
{
    steer_world_destroy(s->world);
    free(s->live);
    free(s->snap);
    free(s->chunk);
}

/* Agents whose state is not finite, plus any the bulk read failed to return. */
static long soak_bad_agents(const soak *s)
{
    long bad = 0;
    int count = steer_world_count(s->world);
    for (int first = 0; first < count; first += SOAK_CHUNK) {
        int want = count - first < SOAK_CHUNK ? count - first : SOAK_CHUNK;
        int got = steer_world_read(s->world, first, want, s->chunk, NULL, NULL);
        bad += want - got;
        for (int i = 0; i < got; i++) bad += steer_agent_state_is_finite(&s->chunk[i]) ? 0 : 1;
    }
    return bad;
}

/* Save the world and restore the copy into it: the state must come back bit for bit.
 * The buffer is kept between calls (the count, so the size, is the same after every
 * step), so the program's own allocations do not blur the memory figures. */
static bool soak_snapshot_round_trip(soak *s)
{
    size_t n = steer_world_snapshot_size(s->world);
    if (n > s->snap_size) {
        free(s->snap);
        s->snap = malloc(n);
        s->snap_size = s->snap != NULL ? n : 0u;
    }
    uint64_t before = steer_world_state_hash(s->world);
    return s->snap != NULL &&
           steer_world_snapshot_write(s->world, s->snap, n, NULL) == STEER_SNAPSHOT_OK &&
           steer_world_restore(s->world, s->snap, n) == STEER_SNAPSHOT_OK &&
           steer_world_state_hash(s->world) == before;
}

/* ---- measuring ------------------------------------------------------------------------------ */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Resident set now, KiB (/proc/self/statm), or -1 where there is no /proc. */
static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, resident = -1;
    if (f != NULL) {
        if (fscanf(f, "%ld %ld", &size, &resident) != 2) resident = -1;
        fclose(f);
    }
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* Peak resident set so far, KiB. */
static long peak_kb(void)
{
    struct rusage u;
    return getrusage(RUSAGE_SELF, &u) == 0 ? u.ru_maxrss : -1;
}

/* ---- the run ----------------------------------------------------------------------------------
 */

typedef struct soak_result {
    long bad, snapshot_failures, rss_warm, rss_end, steps_done;
    double seconds;
} soak_result;

static bool soak_step(soak *s, const soak_options *o, long step, soak_result *r)
{
    for (long k = 0; k < o->churn; k++)
        if (!soak_remove(s) || !soak_add(s)) return false;
    if (steer_world_step(s->world, 1.0f / 60.0f) != STEER_WORLD_OK) return false;
    r->bad += soak_bad_agents(s);
    if (o->snapshot > 0 && (step + 1) % o->snapshot == 0 && !soak_snapshot_round_trip(s))
        r->snapshot_failures++;
    if (step + 1 == o->warmup) r->rss_warm = rss_kb();
    return true;
}

static void soak_progress(const soak *s, long step, const soak_result *r, double t0)
{
    double t = now_s() - t0;
    printf("soak step=%ld agents=%d bad=%ld rss_kb=%ld peak_kb=%ld seconds=%.1f steps_per_s=%.3f\n",
           step, steer_world_count(s->world), r->bad, rss_kb(), peak_kb(), t, (double)step / t);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    soak_options o;
    int rc = parse(argc, argv, &o);
    if (rc != 0) {
        usage(rc == 1 ? stdout : stderr);
        return rc == 1 ? 0 : 2;
    }
    steer_pool *pool = steer_pool_create(o.threads);
    soak s;
    if (pool == NULL || !soak_create(&s, &o, pool)) {
        fprintf(stderr, "soak_world: out of memory for %ld agents\n", o.agents);
        return 1;
    }
    soak_result r = {0, 0, 0, 0, 0, 0.0};
    /* A first round trip before the clock and the baseline: it allocates the buffer. */
    if (o.snapshot > 0 && !soak_snapshot_round_trip(&s)) r.snapshot_failures++;
    r.rss_warm = rss_kb();
    double t0 = now_s();
    bool ok = true;
    for (long step = 0; step < o.steps && ok; step++) {
        ok = soak_step(&s, &o, step, &r);
        r.steps_done = step + 1;
        if (r.steps_done % o.report == 0) soak_progress(&s, r.steps_done, &r, t0);
    }
    r.seconds = now_s() - t0;
    r.rss_end = rss_kb();
    long growth = r.rss_end - r.rss_warm;
    printf("soak done agents=%ld steps=%ld threads=%d churn=%ld bad=%ld snapshot_failures=%ld "
           "rss_warm_kb=%ld rss_end_kb=%ld peak_kb=%ld growth_kb=%ld seconds=%.1f "
           "ns_per_agent_step=%.1f\n",
           o.agents, r.steps_done, o.threads, o.churn, r.bad, r.snapshot_failures, r.rss_warm,
           r.rss_end, peak_kb(), growth, r.seconds,
           r.seconds * 1e9 / ((double)r.steps_done * (double)(o.agents - o.churn)));
    if (!ok) fprintf(stderr, "soak_world: a world call failed at step %ld\n", r.steps_done);
    if (growth > o.max_growth_kb)
        fprintf(stderr, "soak_world: RSS grew by %ld KiB after the warm-up (allowed %ld)\n", growth,
                o.max_growth_kb);
    soak_destroy(&s);
    steer_pool_destroy(pool);
    return ok && r.bad == 0 && r.snapshot_failures == 0 && growth <= o.max_growth_kb ? 0 : 1;
}
