/* SPDX-License-Identifier: MIT */
/* World snapshots: a restored world continues bit-identically, handles survive, and every
 * bad snapshot (truncated, corrupted, wrong version or endianness, too big, inconsistent)
 * is refused with the world untouched. Plus the atomic file helper. */
#define _POSIX_C_SOURCE 200809L
#include "pool.h"
#include "snapshot_file.h"
#include "steer/steer.h"
#include "steer/world_snapshot.h"
#include "test.h"

#include <dirent.h>
#include <unistd.h>

/* The documented layout (docs/world.md, "Snapshots"), used to aim corruptions. */
enum {
    HEADER = 24,
    WORLD = 80,
    RECIPE = 1076,
    SLOT = 56,
    AGENT = 216,
    TRAILER = 8,
    W_COUNT = HEADER + 60, /* world record: count field */
    W_FREE = HEADER + 64   /* world record: free head */
};

/* ---- a busy little world ------------------------------------------------------------- */

/* Boids, wanderers, seekers of a point, pursuers, queueing leader-followers and a crowd
 * (ORCA filter with predictive avoidance). */
static void add_recipes(steer_world *w)
{
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 12.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_ALIGNMENT, 8.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_COHESION, 8.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    steer_world_add_recipe(w, &r);
    r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEEK, 0.3f);
    steer_world_add_recipe(w, &r);
    r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_PURSUE, 1.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEPARATION, 2.0f);
    steer_world_add_recipe(w, &r);
    r = steer_recipe_default();
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_QUEUE, 1.0f);
    r.items[r.count++].group = 0;
    r.items[r.count] = steer_recipe_item_make(STEER_BEHAVIOUR_FOLLOW_LEADER, 1.0f);
    r.items[r.count++].group = 1;
    steer_world_add_recipe(w, &r);
    r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_SEEK, 1.0f);
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_AVOID_AGENTS, 2.0f);
    r.crowd = true;
    r.orca.clearance = 0.2f;
    steer_world_add_recipe(w, &r);
}

static steer_world *make_world(int capacity, steer_pool *pool)
{
    steer_world_def def = steer_world_default();
    def.capacity = capacity;
    def.seed = 77u;
    def.cell_size = 6.5f;
    def.bounds.kind = STEER_BOUNDS_WRAP_SPHERE;
    def.bounds.radius = 30.0f;
    if (pool != NULL) {
        def.parallel_for = steer_pool_parallel_for;
        def.parallel_user = pool;
    }
    steer_world *w = steer_world_create(&def);
    if (w != NULL) add_recipes(w);
    return w;
}

/* What drives a world from outside: the live handles and the random source of the adds
 * and removes. Copying it at the snapshot lets a restored world be driven the same way. */
typedef struct driver {
    steer_handle live[512];
    int n;
    steer_rng rng;
} driver;

static void driver_add(steer_world *w, driver *d)
{
    steer_world_agent_def a = steer_world_agent_default();
    a.agent.space = STEER_SPACE_3D;
    a.agent.max_speed = 6.0f;
    a.agent.max_accel = 20.0f;
    a.agent.position =
        steer_v3(steer_rng_range(&d->rng, -20, 20), steer_rng_range(&d->rng, -20, 20),
                 steer_rng_range(&d->rng, -20, 20));
    a.agent.velocity =
        steer_v3(steer_rng_range(&d->rng, -3, 3), 0.0f, steer_rng_range(&d->rng, -3, 3));
    a.recipe = (int)(steer_rng_below(&d->rng, 5u));
    a.target = steer_v3(steer_rng_range(&d->rng, -10, 10), 0.0f, 0.0f);
    a.target_agent =
        d->n > 0 ? d->live[steer_rng_below(&d->rng, (uint32_t)d->n)] : steer_handle_none();
    steer_handle h;
    if (d->n < 512 && steer_world_add(w, &a, &h) == STEER_WORLD_OK) d->live[d->n++] = h;
}

static void driver_remove(steer_world *w, driver *d)
{
    if (d->n == 0) return;
    int k = (int)(steer_rng_below(&d->rng, (uint32_t)d->n));
    steer_world_remove(w, d->live[k]);
    d->live[k] = d->live[--d->n];
}

/* One frame: a few adds and removes, sometimes a new target, then the step. */
static void driver_frame(steer_world *w, driver *d)
{
    int churn = (int)(steer_rng_below(&d->rng, 4u));
    for (int k = 0; k < churn; k++) driver_remove(w, d);
    for (int k = 0; k < churn; k++) driver_add(w, d);
    if (d->n > 0 && steer_rng_below(&d->rng, 3u) == 0u)
        steer_world_set_target(w, d->live[0], steer_v3(steer_rng_range(&d->rng, -5, 5), 1, 2));
    steer_world_step(w, 1.0f / 30.0f);
}

static driver driver_start(steer_world *w, int agents)
{
    driver d;
    d.n = 0;
    d.rng = steer_rng_make(5u, 1u);
    for (int i = 0; i < agents; i++) driver_add(w, &d);
    return d;
}

/* A snapshot in a fresh malloc'd buffer. */
static unsigned char *take(const steer_world *w, size_t *n)
{
    *n = steer_world_snapshot_size(w);
    unsigned char *buf = malloc(*n);
    size_t written = 0u;
    if (buf != NULL && steer_world_snapshot_write(w, buf, *n, &written) != STEER_SNAPSHOT_OK) {
        free(buf);
        return NULL;
    }
    return written == *n ? buf : NULL;
}

/* Every live agent of a, found by its handle in b with identical state bits. */
static bool same_agents(const steer_world *a, const steer_world *b, const driver *d)
{
    if (steer_world_count(a) != steer_world_count(b) || steer_world_count(a) != d->n) return false;
    for (int i = 0; i < d->n; i++) {
        steer_agent x, y;
        if (steer_world_get_agent(a, d->live[i], &x) != STEER_WORLD_OK ||
            steer_world_get_agent(b, d->live[i], &y) != STEER_WORLD_OK)
            return false;
        if (memcmp(&x.position, &y.position, sizeof x.position) != 0 ||
            memcmp(&x.velocity, &y.velocity, sizeof x.velocity) != 0 ||
            x.orientation != y.orientation)
            return false;
    }
    return true;
}

/* ---- continuing ------------------------------------------------------------------------- */

/* Same handles in the same order (the internal order, and a query's answer) and the
 * same index (its statistics). */
static bool same_order(const steer_world *a, const steer_world *b)
{
    steer_world_stats sa = steer_world_stats_get(a), sb = steer_world_stats_get(b);
    if (sa.cells != sb.cells || sa.cell_size != sb.cell_size ||
        sa.avg_neighbours != sb.avg_neighbours)
        return false;
    steer_handle qa[64], qb[64];
    int na = steer_world_query(a, steer_v3(1, 2, 3), 9.0f, ~0u, qa, 64);
    int nb = steer_world_query(b, steer_v3(1, 2, 3), 9.0f, ~0u, qb, 64);
    if (na != nb || na < 2 || memcmp(qa, qb, (size_t)(na < 64 ? na : 64) * sizeof qa[0]) != 0)
        return false;
    for (int i = 0; i < steer_world_count(a); i++) {
        steer_handle x = steer_world_handle_at(a, i), y = steer_world_handle_at(b, i);
        if (memcmp(&x, &y, sizeof x) != 0) return false;
    }
    return true;
}

/* A runs 300 frames; at 150 it is saved and B restores it and runs the other 150 with a
 * copy of A's driver. B starts with another seed, cell size and bounds, and runs on three
 * threads: the snapshot must carry what matters. Every later frame's hash and every
 * agent's state must match A's, and the run must actually have changed the state. */
static void restore_continues_bit_identically(void)
{
    steer_pool *pool = steer_pool_create(3);
    steer_world_def def = steer_world_default();
    def.capacity = 400;
    def.parallel_for = steer_pool_parallel_for;
    def.parallel_user = pool;
    steer_world *a = make_world(400, NULL), *b = steer_world_create(&def);
    CHECK(a != NULL && b != NULL && pool != NULL);
    driver da = driver_start(a, 300);
    for (int f = 0; f < 150; f++) driver_frame(a, &da);
    size_t n = 0u;
    unsigned char *snap = take(a, &n);
    CHECK(snap != NULL);
    driver db = da;
    CHECK(steer_world_restore(b, snap, n) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_state_hash(b) == steer_world_state_hash(a));
    CHECK(steer_world_stats_get(b).steps == 150u);
    CHECK(same_order(a, b));
    uint64_t at150 = steer_world_state_hash(a);
    for (int f = 150; f < 300; f++) {
        driver_frame(a, &da);
        driver_frame(b, &db);
        CHECK_MSG(steer_world_state_hash(a) == steer_world_state_hash(b), "frame %d", f + 1);
    }
    CHECK(steer_world_state_hash(a) != at150);
    CHECK(same_agents(a, b, &da));
    CHECK(steer_world_stats_get(b).steps == 300u);
    free(snap);
    steer_world_destroy(a);
    steer_world_destroy(b);
    steer_pool_destroy(pool);
}

/* Restoring a world from its own earlier snapshot rolls it back. */
static void restore_into_itself_rolls_back(void)
{
    steer_world *w = make_world(400, NULL);
    driver d = driver_start(w, 200);
    for (int f = 0; f < 40; f++) driver_frame(w, &d);
    size_t n = 0u;
    unsigned char *snap = take(w, &n);
    CHECK(snap != NULL);
    driver saved = d;
    uint64_t h40 = steer_world_state_hash(w);
    for (int f = 0; f < 40; f++) driver_frame(w, &d);
    uint64_t h80 = steer_world_state_hash(w);
    CHECK(h80 != h40);
    CHECK(steer_world_restore(w, snap, n) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_state_hash(w) == h40);
    d = saved;
    for (int f = 0; f < 40; f++) driver_frame(w, &d);
    CHECK(steer_world_state_hash(w) == h80);
    free(snap);
    steer_world_destroy(w);
}

/* fuzz/regressions/fuzz_world/snapshot_own_refused_corrupt in plain code: a step whose
 * arithmetic overflows leaves an agent at an infinite position (3e38 + 5 * 1e38), which
 * steer_world_add would refuse but the world holds; its own snapshot must restore, into
 * itself and into another world, and both must then step alike. A wanderer beside it
 * keeps moving, so the equal hashes are not those of a frozen world. */
static void overflowed_agent_restores(void)
{
    steer_world_def def = steer_world_default();
    def.capacity = 4;
    steer_world *a = steer_world_create(&def), *b = steer_world_create(&def);
    CHECK(a != NULL && b != NULL);
    steer_recipe r = steer_recipe_default();
    r.items[r.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    CHECK(steer_world_add_recipe(a, &r) == 0);
    steer_world_agent_def far = steer_world_agent_default(), wanderer = far;
    far.agent.position = steer_v3(3e38f, 0.0f, 0.0f);
    far.agent.velocity = steer_v3(5.0f, 0.0f, 0.0f);
    wanderer.recipe = 0;
    steer_handle hf, hw;
    CHECK(steer_world_add(a, &far, &hf) == STEER_WORLD_OK);
    CHECK(steer_world_step(a, 1e38f) == STEER_WORLD_OK);
    steer_agent x;
    CHECK(steer_world_get_agent(a, hf, &x) == STEER_WORLD_OK);
    CHECK(isinf(x.position.x) && x.position.x > 0.0f && x.velocity.x == 5.0f);
    /* Added after that step, which would have flung it to infinity too. */
    CHECK(steer_world_add(a, &wanderer, &hw) == STEER_WORLD_OK);
    CHECK(steer_world_step(a, 1.0f / 30.0f) == STEER_WORLD_OK);
    size_t n = 0u;
    unsigned char *snap = take(a, &n);
    CHECK(snap != NULL);
    uint64_t h = steer_world_state_hash(a);
    CHECK(steer_world_restore(a, snap, n) == STEER_SNAPSHOT_OK && steer_world_state_hash(a) == h);
    CHECK(steer_world_restore(b, snap, n) == STEER_SNAPSHOT_OK && steer_world_state_hash(b) == h);
    steer_agent w0, w1;
    CHECK(steer_world_get_agent(a, hw, &w0) == STEER_WORLD_OK);
    for (int f = 0; f < 30; f++) {
        CHECK(steer_world_step(a, 1.0f / 30.0f) == STEER_WORLD_OK);
        CHECK(steer_world_step(b, 1.0f / 30.0f) == STEER_WORLD_OK);
        CHECK_MSG(steer_world_state_hash(a) == steer_world_state_hash(b), "frame %d", f + 1);
    }
    CHECK(steer_world_get_agent(b, hw, &w1) == STEER_WORLD_OK);
    CHECK(memcmp(&w0.position, &w1.position, sizeof w0.position) != 0);
    CHECK(steer_world_get_agent(b, hf, &x) == STEER_WORLD_OK && isinf(x.position.x));
    free(snap);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* Every bounds kind a world can be created with survives its own snapshot (an agent
 * outside the bounds is moved by the next step alike in the saved and the restored
 * world); a kind outside the enum, which no snapshot could carry, is refused by
 * steer_world_create instead of making a world that refuses its own snapshot. */
static void every_bounds_kind_restores(void)
{
    for (int kind = STEER_BOUNDS_NONE; kind <= STEER_BOUNDS_RESPAWN; kind++) {
        steer_world_def def = steer_world_default();
        def.capacity = 2;
        def.bounds.kind = (steer_bounds_kind)kind;
        def.bounds.half_extents = steer_v3(5.0f, 5.0f, 0.0f);
        def.bounds.radius = 5.0f;
        steer_world *a = steer_world_create(&def), *b = steer_world_create(&def);
        CHECK(a != NULL && b != NULL);
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = steer_v3(4.9f, 0.0f, 0.0f);
        d.agent.velocity = steer_v3(5.0f, 0.0f, 0.0f);
        CHECK(steer_world_add(a, &d, NULL) == STEER_WORLD_OK);
        size_t n = 0u;
        unsigned char *snap = take(a, &n);
        CHECK(snap != NULL);
        CHECK_MSG(steer_world_restore(a, snap, n) == STEER_SNAPSHOT_OK, "kind %d", kind);
        CHECK_MSG(steer_world_restore(b, snap, n) == STEER_SNAPSHOT_OK, "kind %d", kind);
        CHECK(steer_world_step(a, 0.1f) == STEER_WORLD_OK);
        CHECK(steer_world_step(b, 0.1f) == STEER_WORLD_OK);
        CHECK_MSG(steer_world_state_hash(a) == steer_world_state_hash(b), "kind %d", kind);
        free(snap);
        steer_world_destroy(a);
        steer_world_destroy(b);
    }
    steer_world_def def = steer_world_default();
    def.bounds.kind = (steer_bounds_kind)(STEER_BOUNDS_RESPAWN + 1);
    CHECK(steer_world_create(&def) == NULL);
    def.bounds.kind = (steer_bounds_kind)-1;
    CHECK(steer_world_create(&def) == NULL);
}

/* Handles issued before the snapshot work after it, stale ones stay stale, the next add
 * reuses the same slot as it would have in the saved world, and the destination's own
 * earlier handles are now foreign. */
static void handles_survive_restore(void)
{
    steer_world *a = make_world(16, NULL), *b = make_world(16, NULL);
    steer_handle h[10], old_b;
    steer_world_agent_def d = steer_world_agent_default();
    CHECK(steer_world_add(b, &d, &old_b) == STEER_WORLD_OK);
    for (int i = 0; i < 10; i++) {
        d.agent.position = steer_v3((float)i, 2.0f * (float)i, 0.0f);
        d.target = steer_v3(0.0f, 0.0f, (float)i);
        CHECK(steer_world_add(a, &d, &h[i]) == STEER_WORLD_OK);
    }
    CHECK(steer_world_set_target_agent(a, h[4], h[9]) == STEER_WORLD_OK);
    CHECK(steer_world_remove(a, h[2]) == STEER_WORLD_OK);
    CHECK(steer_world_remove(a, h[7]) == STEER_WORLD_OK);
    size_t n = 0u;
    unsigned char *snap = take(a, &n);
    CHECK(snap != NULL && steer_world_restore(b, snap, n) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_count(b) == 8 && !steer_world_is_valid(b, old_b));
    for (int i = 0; i < 10; i++) {
        bool live = i != 2 && i != 7;
        steer_agent x;
        CHECK_MSG(steer_world_is_valid(b, h[i]) == live, "handle %d", i);
        if (!live) continue;
        CHECK(steer_world_get_agent(b, h[i], &x) == STEER_WORLD_OK);
        CHECK(x.position.x == (float)i && x.position.y == 2.0f * (float)i);
    }
    steer_handle na, nb2;
    CHECK(steer_world_add(a, &d, &na) == STEER_WORLD_OK);
    CHECK(steer_world_add(b, &d, &nb2) == STEER_WORLD_OK);
    CHECK(na.index == nb2.index && na.generation == nb2.generation && na.world == nb2.world);
    CHECK(na.index == h[7].index && na.generation == h[7].generation + 1u); /* last freed first */
    free(snap);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* A larger destination takes a smaller world's snapshot and uses its extra slots. */
static void larger_destination_gets_free_slots(void)
{
    steer_world *a = make_world(8, NULL), *b = make_world(20, NULL);
    steer_world_agent_def d = steer_world_agent_default();
    for (int i = 0; i < 8; i++) CHECK(steer_world_add(a, &d, NULL) == STEER_WORLD_OK);
    CHECK(steer_world_add(a, &d, NULL) == STEER_WORLD_FULL);
    size_t n = 0u;
    unsigned char *snap = take(a, &n);
    CHECK(snap != NULL && steer_world_restore(b, snap, n) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_state_hash(a) == steer_world_state_hash(b));
    for (int i = 8; i < 20; i++) {
        steer_handle h;
        CHECK(steer_world_add(b, &d, &h) == STEER_WORLD_OK);
        CHECK(h.index == (uint32_t)i && h.generation == 1u);
    }
    CHECK(steer_world_add(b, &d, NULL) == STEER_WORLD_FULL);
    free(snap);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* ---- pointers ----------------------------------------------------------------------------- */

static steer_steering count_calls(void *user, const steer_world *world, steer_handle self,
                                  const steer_agent *agent, steer_steering out)
{
    (void)world, (void)self, (void)agent;
    (*(int *)user)++;
    return out;
}

/* Restore clears callbacks and user data (documented), including the destination's own,
 * and both can be re-attached by handle. */
static void callbacks_are_cleared_and_reattached(void)
{
    int calls_a = 0, calls_b = 0, tag = 5;
    steer_world *a = make_world(8, NULL), *b = make_world(8, NULL);
    steer_world_agent_def d = steer_world_agent_default();
    d.callback = count_calls;
    d.callback_user = &calls_a;
    d.user_data = &tag;
    steer_handle h;
    CHECK(steer_world_add(a, &d, &h) == STEER_WORLD_OK);
    d.callback_user = &calls_b;
    CHECK(steer_world_add(b, &d, NULL) == STEER_WORLD_OK);
    CHECK(steer_world_step(a, 0.1f) == STEER_WORLD_OK && calls_a == 1);
    size_t n = 0u;
    unsigned char *snap = take(a, &n);
    CHECK(snap != NULL && steer_world_restore(b, snap, n) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_get_user_data(b, h) == NULL);
    CHECK(steer_world_step(b, 0.1f) == STEER_WORLD_OK && calls_b == 0 && calls_a == 1);
    CHECK(steer_world_set_callback(b, h, count_calls, &calls_b) == STEER_WORLD_OK);
    CHECK(steer_world_set_user_data(b, h, &tag) == STEER_WORLD_OK);
    CHECK(steer_world_step(b, 0.1f) == STEER_WORLD_OK && calls_b == 1);
    CHECK(steer_world_get_user_data(b, h) == &tag);
    CHECK(steer_world_set_callback(b, h, NULL, NULL) == STEER_WORLD_OK);
    CHECK(steer_world_step(b, 0.1f) == STEER_WORLD_OK && calls_b == 1);
    steer_handle gone = h;
    gone.generation++;
    CHECK(steer_world_set_callback(b, gone, count_calls, NULL) == STEER_WORLD_STALE);
    CHECK(steer_world_set_user_data(b, gone, NULL) == STEER_WORLD_STALE);
    free(snap);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

/* During a step (from a callback) both calls refuse with BUSY. */
static steer_steering snapshot_inside(void *user, const steer_world *world, steer_handle self,
                                      const steer_agent *agent, steer_steering out)
{
    (void)self, (void)agent;
    steer_snapshot_status *st = user;
    unsigned char buf[4096];
    st[0] = steer_world_snapshot_write(world, buf, sizeof buf, NULL);
    st[1] = steer_world_restore((steer_world *)world, buf, sizeof buf);
    return out;
}

static void busy_during_a_step(void)
{
    steer_snapshot_status st[2] = {STEER_SNAPSHOT_OK, STEER_SNAPSHOT_OK};
    steer_world *w = make_world(4, NULL);
    steer_world_agent_def d = steer_world_agent_default();
    d.callback = snapshot_inside;
    d.callback_user = st;
    CHECK(steer_world_add(w, &d, NULL) == STEER_WORLD_OK);
    CHECK(steer_world_step(w, 0.1f) == STEER_WORLD_OK);
    CHECK(st[0] == STEER_SNAPSHOT_BUSY && st[1] == STEER_SNAPSHOT_BUSY);
    steer_world_destroy(w);
}

/* ---- the format --------------------------------------------------------------------------- */

static uint64_t rd64(const unsigned char *p)
{
    uint64_t v = 0u;
    for (int k = 7; k >= 0; k--) v = v << 8 | p[k];
    return v;
}

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(v >> (8 * k));
}

/* Recompute the trailer, as a writer with a bug (rather than a damaged file) would. */
static void reseal(unsigned char *buf, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n - TRAILER; i++) h = (h ^ buf[i]) * 0x100000001b3ULL;
    for (int k = 0; k < 8; k++) buf[n - TRAILER + (size_t)k] = (unsigned char)(h >> (8 * k));
}

/* The bytes are what docs/world.md says, little-endian on any machine. */
static void format_is_documented_little_endian(void)
{
    steer_world *w = make_world(10, NULL);
    steer_world_agent_def d = steer_world_agent_default();
    d.agent.position = steer_v3(1.5f, -2.0f, 0.0f);
    for (int i = 0; i < 3; i++) CHECK(steer_world_add(w, &d, NULL) == STEER_WORLD_OK);
    CHECK(steer_world_step(w, 0.5f) == STEER_WORLD_OK);
    size_t n = 0u;
    unsigned char *b = take(w, &n);
    CHECK(b != NULL);
    CHECK(n == (size_t)(HEADER + WORLD + 5 * RECIPE + 10 * SLOT + 3 * AGENT + TRAILER));
    CHECK(memcmp(b, "STEERWLD", 8) == 0);
    CHECK(b[8] == 5 && b[9] == 0 && b[10] == 0 && b[11] == 0);         /* version 5 */
    CHECK(b[12] == 4 && b[13] == 3 && b[14] == 2 && b[15] == 1);       /* 0x01020304 */
    CHECK(rd64(b + 16) == n);                                          /* length */
    CHECK(rd32(b + HEADER + 4) == 10u);                                /* capacity */
    CHECK(rd64(b + HEADER + 8) == 77u);                                /* seed */
    CHECK(rd64(b + HEADER + 52) == 1u);                                /* steps */
    CHECK(rd32(b + W_COUNT) == 3u && rd32(b + W_FREE) == 3u);          /* count, free head */
    CHECK(rd32(b + HEADER + 68) == 5u && rd32(b + HEADER + 72) == 1u); /* recipes, index */
    CHECK(rd32(b + HEADER + 76) == 0u);                                /* no walkers */
    /* Recipe 0's first item, separation: kind, weight, group, then only its row's fields
     * (radius, cos_view), zeros after them; its fifth item is past the count: zeros. */
    const unsigned char *item = b + HEADER + WORLD + 8;
    float f;
    uint32_t u = rd32(item + 12);
    memcpy(&f, &u, sizeof f);
    CHECK(rd32(item) == (uint32_t)STEER_BEHAVIOUR_SEPARATION && rd32(item + 8) == 0u);
    CHECK(f == steer_separation_default().radius && rd32(item + 20) == 0u);
    for (int k = 0; k < 32; k++) CHECK(rd32(item + 4 * 128 + 4 * k) == 0u);
    const unsigned char *slot3 = b + HEADER + WORLD + 5 * RECIPE + 3 * SLOT;
    CHECK(rd32(slot3) == 1u && rd32(slot3 + 4) == 0xFFFFFFFFu && rd32(slot3 + 8) == 4u);
    free(b);
    steer_world_destroy(w);
}

/* ---- refusals ----------------------------------------------------------------------------- */

/* A destination with agents of its own, so "untouched" is visible. */
typedef struct victim {
    steer_world *w;
    uint64_t hash;
    int count;
} victim;

static victim victim_make(void)
{
    victim v;
    v.w = make_world(64, NULL);
    driver d = driver_start(v.w, 20);
    for (int f = 0; f < 3; f++) driver_frame(v.w, &d);
    v.hash = steer_world_state_hash(v.w);
    v.count = steer_world_count(v.w);
    return v;
}

static bool victim_untouched(const victim *v)
{
    return steer_world_state_hash(v->w) == v->hash && steer_world_count(v->w) == v->count &&
           steer_world_stats_get(v->w).steps == 3u;
}

/* The snapshot the refusal tests mangle: 30 agents, some removed, in a 64-slot world. */
static unsigned char *sample(size_t *n)
{
    steer_world *w = make_world(64, NULL);
    driver d = driver_start(w, 30);
    for (int f = 0; f < 5; f++) driver_frame(w, &d);
    unsigned char *b = take(w, n);
    steer_world_destroy(w);
    return b;
}

static void every_truncation_is_refused(void)
{
    victim v = victim_make();
    size_t n = 0u;
    unsigned char *b = sample(&n);
    CHECK(b != NULL);
    for (size_t len = 0; len < n; len++) {
        steer_snapshot_status st = steer_world_restore(v.w, b, len);
        CHECK_MSG(st == STEER_SNAPSHOT_TRUNCATED, "length %zu of %zu: %s", len, n,
                  steer_snapshot_status_name(st));
    }
    CHECK(victim_untouched(&v));
    /* One byte too many is refused too: the length field is exact. */
    unsigned char *longer = calloc(n + 1u, 1u);
    CHECK(longer != NULL);
    memcpy(longer, b, n);
    CHECK(steer_world_restore(v.w, longer, n + 1u) == STEER_SNAPSHOT_BAD_LENGTH);
    CHECK(victim_untouched(&v));
    free(longer);
    free(b);
    steer_world_destroy(v.w);
}

/* Every byte inverted, and every bit of a sample of bytes flipped, is refused. */
static void every_corrupted_byte_is_refused(void)
{
    victim v = victim_make();
    size_t n = 0u;
    unsigned char *b = sample(&n);
    CHECK(b != NULL);
    for (size_t i = 0; i < n; i++) {
        for (int bit = 0; bit < 9; bit++) {
            if (bit < 8 && i % 61u != 0u) continue; /* every bit on every 61st byte */
            unsigned char mask = bit < 8 ? (unsigned char)(1u << bit) : 0xFFu;
            b[i] ^= mask;
            steer_snapshot_status st = steer_world_restore(v.w, b, n);
            b[i] ^= mask;
            CHECK_MSG(st != STEER_SNAPSHOT_OK, "byte %zu mask %02x accepted", i, mask);
        }
    }
    CHECK(victim_untouched(&v));
    CHECK(steer_world_restore(v.w, b, n) == STEER_SNAPSHOT_OK); /* and the original is fine */
    free(b);
    steer_world_destroy(v.w);
}

static void wrong_magic_version_endianness_are_refused(void)
{
    victim v = victim_make();
    size_t n = 0u;
    unsigned char *b = sample(&n);
    CHECK(b != NULL);
    b[0] = 'X';
    reseal(b, n);
    CHECK(steer_world_restore(v.w, b, n) == STEER_SNAPSHOT_BAD_MAGIC);
    b[0] = 'S';
    wr32(b + 8, 1u); /* the format before the crowd fields */
    reseal(b, n);
    CHECK(steer_world_restore(v.w, b, n) == STEER_SNAPSHOT_BAD_VERSION);
    wr32(b + 8, STEER_SNAPSHOT_VERSION);
    /* A big-endian writer storing its native order would put 01 02 03 04 here. */
    b[12] = 1, b[13] = 2, b[14] = 3, b[15] = 4;
    reseal(b, n);
    CHECK(steer_world_restore(v.w, b, n) == STEER_SNAPSHOT_BAD_ENDIAN);
    wr32(b + 12, 0x01020304u);
    reseal(b, n);
    CHECK(steer_world_restore(v.w, b, n) == STEER_SNAPSHOT_OK); /* repaired: accepted */
    CHECK(steer_world_count(v.w) != v.count || steer_world_state_hash(v.w) != v.hash);
    free(b);
    steer_world_destroy(v.w);
}

static void too_big_for_the_destination_is_refused(void)
{
    size_t n = 0u;
    unsigned char *b = sample(&n); /* capacity 64, 5 recipes */
    CHECK(b != NULL);
    steer_world_def def = steer_world_default();
    def.capacity = 63;
    steer_world *small = steer_world_create(&def);
    steer_world_agent_def d = steer_world_agent_default();
    CHECK(steer_world_add(small, &d, NULL) == STEER_WORLD_OK);
    uint64_t h = steer_world_state_hash(small);
    CHECK(steer_world_restore(small, b, n) == STEER_SNAPSHOT_TOO_BIG);
    CHECK(steer_world_state_hash(small) == h && steer_world_count(small) == 1);
    def.capacity = 64;
    def.max_recipes = 3;
    steer_world *few = steer_world_create(&def);
    CHECK(steer_world_restore(few, b, n) == STEER_SNAPSHOT_TOO_BIG);
    CHECK(steer_world_count(few) == 0);
    free(b);
    steer_world_destroy(small);
    steer_world_destroy(few);
}

/* Content a world could not hold, with a valid checksum: each one CORRUPT, untouched. */
typedef void (*mangle_fn)(unsigned char *b, size_t n);

static unsigned char *agent0(unsigned char *b)
{
    uint32_t recipes = rd32(b + HEADER + 68), capacity = rd32(b + HEADER + 4);
    return b + HEADER + WORLD + recipes * RECIPE + capacity * SLOT;
}

static unsigned char *slot_of(unsigned char *b, uint32_t s)
{
    return b + HEADER + WORLD + rd32(b + HEADER + 68) * RECIPE + s * SLOT;
}

/* The stuck report's state: a NaN clock, a progress value past STEER_PROGRESS_STUCK. */
static void m_progress_nan(unsigned char *b, size_t n)
{
    (void)n, wr32(slot_of(b, 0u) + 44, 0x7FC00000u);
}
static void m_progress_kind(unsigned char *b, size_t n)
{
    (void)n, wr32(slot_of(b, 0u) + 52, 4u);
}
static void m_slot_range(unsigned char *b, size_t n)
{
    (void)n, wr32(agent0(b), 64u);
}
static void m_same_slot(unsigned char *b, size_t n)
{
    (void)n, memcpy(agent0(b) + AGENT, agent0(b), 4);
}
static void m_nan_position(unsigned char *b, size_t n)
{
    (void)n, wr32(agent0(b) + 4, 0x7FC00000u);
}
/* Only the position can overflow in a step (overflowed_agent_restores): an infinite
 * velocity or rotation is damage. */
static void m_inf_velocity(unsigned char *b, size_t n)
{
    (void)n, wr32(agent0(b) + 16, 0x7F800000u);
}
static void m_inf_rotation(unsigned char *b, size_t n)
{
    (void)n, wr32(agent0(b) + 32, 0xFF800000u);
}
static void m_space(unsigned char *b, size_t n)
{
    (void)n, agent0(b)[64] = 3;
}
static void m_recipe_id(unsigned char *b, size_t n)
{
    (void)n, wr32(agent0(b) + 68, rd32(b + HEADER + 68)); /* one past the last recipe */
}
static void m_rng_even(unsigned char *b, size_t n)
{
    (void)n, agent0(b)[104] &= 0xFEu;
}
static void m_generation0(unsigned char *b, size_t n)
{
    (void)n, wr32(slot_of(b, 63), 0u);
}
static void m_free_cycle(unsigned char *b, size_t n)
{
    (void)n;
    uint32_t head = rd32(b + W_FREE);
    wr32(slot_of(b, head) + 8, head); /* the first free slot links to itself */
}
static void m_free_head(unsigned char *b, size_t n)
{
    (void)n, wr32(b + W_FREE, 65u);
}
static void m_count(unsigned char *b, size_t n)
{
    (void)n, wr32(b + W_COUNT, 65u);
}
static void m_recipe_kind(unsigned char *b, size_t n)
{
    (void)n, wr32(b + HEADER + WORLD + 8, (uint32_t)STEER_BEHAVIOUR_KIND_COUNT);
}
static void m_bounds(unsigned char *b, size_t n)
{
    (void)n, wr32(b + HEADER + 20, 9u);
}

static void inconsistent_content_is_refused(void)
{
    static const struct {
        const char *name;
        mangle_fn fn;
        steer_snapshot_status want;
    } cases[] = {
        {"agent slot out of range", m_slot_range, STEER_SNAPSHOT_CORRUPT},
        {"NaN progress clock", m_progress_nan, STEER_SNAPSHOT_CORRUPT},
        {"unknown progress", m_progress_kind, STEER_SNAPSHOT_CORRUPT},
        {"two agents in one slot", m_same_slot, STEER_SNAPSHOT_CORRUPT},
        {"NaN position", m_nan_position, STEER_SNAPSHOT_CORRUPT},
        {"infinite velocity", m_inf_velocity, STEER_SNAPSHOT_CORRUPT},
        {"infinite rotation", m_inf_rotation, STEER_SNAPSHOT_CORRUPT},
        {"unknown space", m_space, STEER_SNAPSHOT_CORRUPT},
        {"unknown recipe id", m_recipe_id, STEER_SNAPSHOT_CORRUPT},
        {"even rng increment", m_rng_even, STEER_SNAPSHOT_CORRUPT},
        {"generation 0 (retired) on the free list", m_generation0, STEER_SNAPSHOT_CORRUPT},
        {"free list loops", m_free_cycle, STEER_SNAPSHOT_CORRUPT},
        {"free head past the end", m_free_head, STEER_SNAPSHOT_CORRUPT},
        {"count beyond capacity", m_count, STEER_SNAPSHOT_CORRUPT},
        {"unknown behaviour kind", m_recipe_kind, STEER_SNAPSHOT_CORRUPT},
        {"unknown bounds kind", m_bounds, STEER_SNAPSHOT_CORRUPT},
    };
    victim v = victim_make();
    size_t n = 0u;
    unsigned char *orig = sample(&n), *b = malloc(n);
    CHECK(orig != NULL && b != NULL);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        memcpy(b, orig, n);
        cases[k].fn(b, n);
        CHECK_MSG(memcmp(b, orig, n) != 0, "%s changed nothing", cases[k].name);
        reseal(b, n);
        steer_snapshot_status st = steer_world_restore(v.w, b, n);
        CHECK_MSG(st == cases[k].want, "%s: %s", cases[k].name, steer_snapshot_status_name(st));
        CHECK_MSG(victim_untouched(&v), "%s touched the world", cases[k].name);
    }
    free(orig);
    free(b);
    steer_world_destroy(v.w);
}

/* A slot whose generation would wrap is retired, never reused: after 2^32 - 1 removals
 * from one slot (reached here by restoring a snapshot whose live agent holds generation
 * 2^32 - 1) the slot's first handle, generation 1, must not name a new agent. The world
 * is then full one agent early, and its own snapshot, retired slot and all, restores. */
static void generations_never_wrap(void)
{
    steer_world *w = make_world(2, NULL);
    steer_world_agent_def d = steer_world_agent_default();
    steer_handle first, h;
    CHECK(steer_world_add(w, &d, &first) == STEER_WORLD_OK);
    CHECK(first.index == 0u && first.generation == 1u);
    size_t n = 0u;
    unsigned char *b = take(w, &n);
    CHECK(b != NULL);
    wr32(slot_of(b, 0u), UINT32_MAX); /* its agent is the slot's last generation */
    reseal(b, n);
    CHECK(steer_world_restore(w, b, n) == STEER_SNAPSHOT_OK);
    free(b);
    h = steer_world_handle_at(w, 0);
    CHECK(h.index == 0u && h.generation == UINT32_MAX && !steer_world_is_valid(w, first));
    CHECK(steer_world_remove(w, h) == STEER_WORLD_OK);
    steer_handle next, none;
    CHECK(steer_world_add(w, &d, &next) == STEER_WORLD_OK);
    CHECK(next.index == 1u); /* not the retired slot 0 */
    CHECK(!steer_world_is_valid(w, first) && !steer_world_is_valid(w, h));
    CHECK(steer_world_add(w, &d, &none) == STEER_WORLD_FULL && none.generation == 0u);
    CHECK(steer_world_count(w) == 1);
    /* The world's own snapshot holds the retired slot and restores, still retired. */
    b = take(w, &n);
    CHECK(b != NULL);
    uint64_t hash = steer_world_state_hash(w);
    CHECK(steer_world_restore(w, b, n) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_state_hash(w) == hash);
    CHECK(steer_world_add(w, &d, &none) == STEER_WORLD_FULL);
    CHECK(steer_world_remove(w, next) == STEER_WORLD_OK);
    CHECK(steer_world_add(w, &d, &none) == STEER_WORLD_OK && none.index == 1u);
    free(b);
    steer_world_destroy(w);
}

static void small_buffer_and_null_are_refused(void)
{
    steer_world *w = make_world(8, NULL);
    size_t n = steer_world_snapshot_size(w), written = 99u;
    unsigned char *b = malloc(n);
    CHECK(b != NULL);
    memset(b, 0xAB, n);
    CHECK(steer_world_snapshot_write(w, b, n - 1u, &written) == STEER_SNAPSHOT_SMALL_BUFFER);
    CHECK(written == 0u && b[0] == 0xAB && b[n - 1u] == 0xAB);
    CHECK(steer_world_snapshot_write(w, b, n, &written) == STEER_SNAPSHOT_OK && written == n);
    CHECK(strcmp(steer_snapshot_status_name(STEER_SNAPSHOT_TRUNCATED),
                 steer_snapshot_status_name(STEER_SNAPSHOT_BAD_CHECKSUM)) != 0);
    free(b);
    steer_world_destroy(w);
}

/* ---- files ---------------------------------------------------------------------------------- */

/* Files in dir whose name starts with prefix. */
static int files_like(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    int k = 0;
    for (struct dirent *e = d != NULL ? readdir(d) : NULL; e != NULL; e = readdir(d))
        k += strncmp(e->d_name, prefix, strlen(prefix)) == 0 ? 1 : 0;
    if (d != NULL) closedir(d);
    return k;
}

static void files_save_and_load_atomically(void)
{
    char dir[] = "/tmp/steer_snapXXXXXX", path[128], err[256];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/world.steer", dir);
    steer_world *a = make_world(64, NULL), *b = make_world(64, NULL);
    driver d = driver_start(a, 40);
    for (int f = 0; f < 10; f++) driver_frame(a, &d);
    CHECK(steer_snapshot_save(a, path, err, sizeof err) == 0);
    for (int f = 0; f < 10; f++) driver_frame(a, &d); /* overwrite with a newer one */
    CHECK(steer_snapshot_save(a, path, err, sizeof err) == 0);
    CHECK(files_like(dir, "world.steer") == 1); /* no temporary file left */
    steer_snapshot_status st = STEER_SNAPSHOT_INVALID;
    CHECK(steer_snapshot_load(b, path, &st, err, sizeof err) == 0 && st == STEER_SNAPSHOT_OK);
    CHECK(steer_world_state_hash(a) == steer_world_state_hash(b));
    /* A half-written file (what a non-atomic save could leave) is refused, b untouched. */
    size_t n = 0u;
    unsigned char *snap = take(a, &n);
    CHECK(snap != NULL);
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL && fwrite(snap, 1, n / 2u, f) == n / 2u && fclose(f) == 0);
    driver_frame(a, &d);
    uint64_t hb = steer_world_state_hash(b);
    CHECK(steer_snapshot_load(b, path, &st, err, sizeof err) == -1);
    CHECK(st == STEER_SNAPSHOT_TRUNCATED && strstr(err, "truncated") != NULL);
    CHECK(steer_world_state_hash(b) == hb);
    /* A directory that does not exist: an error, nothing created. */
    char bad[160];
    snprintf(bad, sizeof bad, "%s/missing/world.steer", dir);
    CHECK(steer_snapshot_save(a, bad, err, sizeof err) == -1 && strstr(err, "missing") != NULL);
    CHECK(steer_snapshot_load(b, bad, &st, err, sizeof err) == -1 && st == STEER_SNAPSHOT_INVALID);
    CHECK(unlink(path) == 0 && files_like(dir, "world") == 0 && rmdir(dir) == 0);
    free(snap);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

TEST_MAIN(TEST(restore_continues_bit_identically), TEST(restore_into_itself_rolls_back),
          TEST(overflowed_agent_restores), TEST(every_bounds_kind_restores),
          TEST(handles_survive_restore), TEST(larger_destination_gets_free_slots),
          TEST(callbacks_are_cleared_and_reattached), TEST(busy_during_a_step),
          TEST(format_is_documented_little_endian), TEST(every_truncation_is_refused),
          TEST(every_corrupted_byte_is_refused), TEST(wrong_magic_version_endianness_are_refused),
          TEST(too_big_for_the_destination_is_refused), TEST(inconsistent_content_is_refused),
          TEST(small_buffer_and_null_are_refused), TEST(files_save_and_load_atomically),
          TEST(generations_never_wrap))
