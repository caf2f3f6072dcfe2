/* SPDX-License-Identifier: MIT */
/* One world step: every agent's recipe against the snapshot, integration, bounds, then
 * the index rebuild when anything reads it (steer/world.h, docs/world.md). Each agent reads buffer
 * `cur` and the index only, and writes its own entry of buffer `out` (the other one, or `cur`
 * itself when no agent reads another's), so the split of agents among workers cannot change any
 * result. */
#include "world_behaviours.h"
#include "world_crowd.h"
#include "lanes.h"

#include "steer/combine.h"
#include "steer/integrate.h"

#include "steering_internal.h"

/* The neighbours of a batch that pass one item's test, gathered per item so each sum
 * runs as its own small loop (summed in the index's order, as the pure functions do),
 * one loop per kind so none decides its kind per neighbour. A neighbour that fails adds
 * exactly zero. Returns how many passed; passed[q] counts the items q passed. */
static float steer_world_sum_separation(steer_world_eval *e, const steer_flock_test *t,
                                        steer_vec3 *v, const steer_world_near *near, const float *k,
                                        int n, float *passed)
{
    steer_vec3 acc = *v; /* a local: passed[] could alias *v as far as the compiler knows */
    float used = 0.0f;
    for (int q = 0; q < n; q++) {
        const steer_world_near *c = &near[q];
        float in = steer_world_accepts(t, k[q], c->d2);
        if (c->d2 <= STEER_FLOCK_TIE_SQ) /* rare: the push comes from steer_world_tie */
            acc = steer_add_scaled(acc, steer_world_tie(e, c->j), in);
        else
            acc = steer_add_scaled(acc, c->offset, -(in * (1.0f / c->d2)));
        used += in;
        passed[q] += in;
    }
    *v = acc;
    return used;
}

static float steer_world_sum_alignment(const steer_world_eval *e, const steer_flock_test *t,
                                       steer_vec3 *v, const steer_world_near *near, const float *k,
                                       int n, float *passed)
{
    steer_vec3 acc = *v;
    float used = 0.0f;
    for (int q = 0; q < n; q++) {
        float in = steer_world_accepts(t, k[q], near[q].d2);
        acc = steer_add_scaled(acc, steer__world_forward(e->w, near[q].j), in);
        used += in;
        passed[q] += in;
    }
    *v = acc;
    return used;
}

static float steer_world_sum_cohesion(const steer_flock_test *t, steer_vec3 *v,
                                      const steer_world_near *near, const float *k, int n,
                                      float *passed)
{
    steer_vec3 acc = *v;
    float used = 0.0f;
    for (int q = 0; q < n; q++) {
        float in = steer_world_accepts(t, k[q], near[q].d2);
        acc = steer_add_scaled(acc, near[q].offset, in);
        used += in;
        passed[q] += in;
    }
    *v = acc;
    return used;
}

/* Queueing only counts: blocked by anyone ahead, not by someone on top of it. */
static float steer_world_sum_queue(const steer_flock_test *t, const steer_world_near *near,
                                   const float *k, int n, float *passed)
{
    float used = 0.0f;
    for (int q = 0; q < n; q++) {
        float in =
            near[q].d2 <= STEER_FLOCK_TIE_SQ ? 0.0f : steer_world_accepts(t, k[q], near[q].d2);
        used += in;
        passed[q] += in;
    }
    return used;
}

static void steer_world_sum_item(steer_world_eval *e, int m, const steer_world_near *near,
                                 const float *k, int n, float *passed)
{
    const steer_world_recipe *r = e->recipe;
    const steer_flock_test *t = &r->nb_test[m];
    steer_world_sum *s = &e->sum[r->nb_item[m]];
    float used;
    switch (r->nb_kind[m]) {
    case STEER_BEHAVIOUR_SEPARATION:
        used = steer_world_sum_separation(e, t, &s->v, near, k, n, passed);
        break;
    case STEER_BEHAVIOUR_ALIGNMENT:
        used = steer_world_sum_alignment(e, t, &s->v, near, k, n, passed);
        break;
    case STEER_BEHAVIOUR_COHESION:
        used = steer_world_sum_cohesion(t, &s->v, near, k, n, passed);
        break;
    default:
        used = steer_world_sum_queue(t, near, k, n, passed);
        break;
    }
    s->n += (int)used;
}

/* A batch of neighbours within the recipe's largest radius, in the index's order. */
static void steer_world_visit_batch(void *ctx, const steer_world_near *near, int n)
{
    steer_world_eval *e = ctx;
    steer_vec3 f = steer__world_forward(e->w, e->i);
    float k[STEER_WORLD_NEAR_BATCH], passed[STEER_WORLD_NEAR_BATCH];
    for (int q = 0; q < n; q++) {
        k[q] = steer_dot(f, near[q].offset);
        passed[q] = 0.0f;
    }
    for (int m = 0; m < e->recipe->nb_count; m++) steer_world_sum_item(e, m, near, k, n, passed);
    for (int q = 0; q < n; q++) e->seen += passed[q] > 0.0f ? 1u : 0u;
}

/* Blend the items of one priority group. */
static steer_steering steer_world_blend_group(const steer_world_eval *e, const steer_recipe *r,
                                              const steer_steering *out, int group, bool *present)
{
    steer_weighted items[STEER_RECIPE_MAX];
    int n = 0;
    for (int k = 0; k < r->count; k++) {
        if (r->items[k].group != group) continue;
        items[n].steering = out[k];
        items[n++].weight = r->items[k].weight;
    }
    *present = n > 0;
    return steer_blend(&e->agent, items, n);
}

/* The recipe's items evaluated (their neighbour sums already gathered) and combined. */
static steer_steering steer_world_run_recipe(steer_world_eval *e, const steer_world_recipe *wr)
{
    const steer_recipe *r = &wr->recipe;
    if (r->count == 0) return steer_steering_zero(); /* what blending nothing gives */
    steer_steering out[STEER_RECIPE_MAX];
    for (int k = 0; k < r->count; k++) out[k] = steer__world_eval_item(e, k, &r->items[k]);
    bool present = false;
    if (wr->single_group) return steer_world_blend_group(e, r, out, 0, &present);
    steer_steering groups[STEER_RECIPE_MAX];
    int n = 0;
    for (int g = 0; g < STEER_RECIPE_MAX; g++) {
        groups[n] = steer_world_blend_group(e, r, out, g, &present);
        n += present ? 1 : 0;
    }
    return steer_priority(groups, n, r->priority_epsilon, NULL);
}

#if defined(__GNUC__) || defined(__clang__)
#define STEER_STEP_INLINE static inline __attribute__((always_inline))
#else
#define STEER_STEP_INLINE static inline
#endif

/* What every evaluation starts from: agent i, its traits, recipe r and slot (NULL when
 * nothing reads it), nothing seen yet and zero sums for the items that read one
 * (sum_item: the neighbourhood items, those that see nobody included). */
STEER_STEP_INLINE void steer_world_eval_start(steer_world_eval *e, const steer_world *w, int i,
                                              const steer_world_traits *y,
                                              const steer_world_recipe *r,
                                              const steer_world_slot *slot)
{
    e->w = w;
    e->i = i;
    e->traits = y;
    e->recipe = r;
    e->slot = slot;
    e->seen = 0u;
    if (r == NULL) return;
    for (int m = 0; m < r->sum_count; m++)
        e->sum[r->sum_item[m]] = (steer_world_sum){steer_v3_zero(), 0};
}

/* The flocking sums (world_sums.h), built for AVX-512 when the world's vector path is the
 * AVX-512 one: the same bits either way. */
static void steer_world_sums_of(const steer_world *w, steer_world_eval *e)
{
#if defined(STEER_WORLD_AVX512)
    if (w->lanes == STEER_WORLD_LANES_AVX512) {
        steer__world_sums_avx512(e);
        return;
    }
#else
    (void)w;
#endif
    steer__world_sums(e);
}

/* First half of an agent's step: its traits and neighbour sums, read from the snapshot;
 * its state as a steer_agent and copies of its pose and own state too unless `lanes`
 * (the vector path reads the arrays). Inlined into steer_world_block, whose blocks of wanderers and
 * boids it gathers with `lanes` known (GCC stopped doing so by itself once the builds were called
 * through a table: +6% instructions in a wander step); called elsewhere. */
STEER_STEP_INLINE void steer_world_gather_inline(const steer_world *w, int i, steer_world_eval *e,
                                                 bool lanes)
{
    int s = w->cur;
    const steer_world_traits *y = steer__world_traits(w, i);
    const steer_world_recipe *r = y->recipe >= 0 ? &w->recipes[y->recipe] : NULL;
    bool callback = (w->pose[s][i].flags & STEER_WORLD_HAS_CALLBACK) != 0u;
    bool target = r != NULL && r->needs_target;
    steer_world_eval_start(e, w, i, y, r, callback || target ? &w->slots[y->slot] : NULL);
    if (!lanes) {
        e->agent = steer__world_load(w, s, i);
        e->pose = w->pose[s][i];
        if (steer__world_reads_own(r)) e->own = steer__world_own(w, i);
    }
    if (r == NULL || r->nb_count == 0) return;
    if (r->fused)
        steer_world_sums_of(w, e);
    else
        steer__world_near(w, i, r->neighbour_radius, y->mask, steer_world_visit_batch, e);
}

static void steer_world_gather(const steer_world *w, int i, steer_world_eval *e, bool lanes)
{
    steer_world_gather_inline(w, i, e, lanes);
}

/* The crowd filter (world_crowd.c) on *out, built for AVX2 or AVX-512 when the world's
 * vector path is (crowd_avx2.c, crowd_avx512.c): the same bits either way. */
static void steer_world_crowd(steer_world *w, steer_world_eval *e, steer_steering *out)
{
#if defined(STEER_WORLD_AVX512)
    if (w->lanes == STEER_WORLD_LANES_AVX512) {
        steer__world_crowd_avx512(w, e->i, &e->agent, e->traits, &e->pose, e->recipe, out,
                                  &e->seen);
        return;
    }
#endif
#if defined(STEER_WORLD_AVX2)
    if (w->lanes >= STEER_WORLD_LANES_AVX2) {
        steer__world_crowd_avx2(w, e->i, &e->agent, e->traits, &e->pose, e->recipe, out, &e->seen);
        return;
    }
#endif
    steer__world_crowd(w, e->i, &e->agent, e->traits, &e->pose, e->recipe, out, &e->seen);
}

/* Second half, its steering, into *out: the recipe, the callback and the crowd filter
 * (which sets the agent's velocity itself). Each result goes straight to *out: a
 * steering comes back from a call in two registers, and GCC joined the halves through
 * the stack and read them back whole, a load the two stores cannot forward to (some
 * 5% of a crowd's step went on these stalls). */
static void steer_world_steer(steer_world *w, steer_world_eval *e, steer_steering *out)
{
    *out = steer_steering_zero();
    if (e->recipe != NULL) *out = steer_world_run_recipe(e, e->recipe);
    if ((e->pose.flags & STEER_WORLD_HAS_CALLBACK) != 0u) {
        steer_handle self = {e->traits->slot, e->slot->generation, w->tag};
        *out = e->slot->callback(e->slot->callback_user, w, self, &e->agent, *out);
        /* What the integrator will apply, so that what is reported (get_steering, read,
         * snapshots) is what was applied: a callback's NaN reads as zero here too. */
        *out = steer__steering_sanitize(*out);
    }
    if (e->recipe != NULL && e->recipe->recipe.crowd) steer_world_crowd(w, e, out);
}

/* Second half, its motion: integration and bounds; the results go to the agent's own
 * entries only: of buffer `out`, and of its own state in place. */
static void steer_world_move(steer_world *w, steer_world_eval *e, steer_steering out)
{
    int o = w->out, i = e->i;
    steer_agent_step(&e->agent, out, w->dt);
    steer_bounds_apply(&w->def.bounds, &e->agent);
    w->pose[o][i].flags = e->pose.flags & (uint8_t) ~(STEER_WORLD_LANED | STEER_WORLD_MOVED);
    if (steer__world_reads_own(e->recipe)) steer__world_set_own(w, i, &e->own);
    steer__world_store_motion(w, o, i, &e->agent);
    w->steering[o][i] = out;
    w->neighbours[w->kept][i] = e->seen;
}

static void steer_world_finish(steer_world *w, steer_world_eval *e)
{
    steer_steering out;
    steer_world_steer(w, e, &out);
    steer_world_move(w, e, out);
}

/* The vector path of build `lanes` (world_lanes.c and its wider builds). e[] and out[]
 * hold STEER_WORLD_LANES_MAX entries of which the block's width are set, and each build
 * reads exactly its width; GCC cannot see that through the table and warns. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
static bool steer_world_lanes_run(steer_world *w, int lanes, const steer_world_eval e[])
{
    return steer__world_lanes_builds[lanes].finish(w, e);
}

/* The vector path of build `lanes` on two blocks at once. */
static unsigned steer_world_lanes_run_two(steer_world *w, int lanes, const steer_world_eval e0[],
                                          const steer_world_eval e1[])
{
    return steer__world_lanes_builds[lanes].finish_two(w, e0, e1);
}

/* The vector path's motion half of build `lanes`. */
static bool steer_world_lanes_move(steer_world *w, int lanes, const steer_world_eval e[],
                                   const steer_steering out[])
{
    return steer__world_lanes_builds[lanes].move(w, e, out);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

typedef bool (*steer_world_fit_fn)(const steer_world *w, int i, int width);

/* The build whose block `fit` accepts at agent i: the world's, or where that block does
 * not fit (a recipe changes inside it, or the range ends), the four-lane one; -1 when
 * neither, or when the world runs the scalar path only. */
static int steer_world_lanes_at(const steer_world *w, int i, int end, steer_world_fit_fn fit)
{
    /* A build without vector lanes (STEER_LANES 0) has no vector path: saying so here
     * lets the compiler drop the block functions, whose arrays GCC -O2 otherwise
     * reports as maybe uninitialised (-DSTEER_SCALAR=ON failed to build). */
    int lanes = STEER_LANES ? w->lanes : STEER_WORLD_LANES_NONE;
    if (lanes == STEER_WORLD_LANES_NONE) return -1;
    int width = STEER_WORLD_LANES_WIDTH(lanes);
    if (end - i >= width && fit(w, i, width)) return lanes;
    const int base = STEER_WORLD_LANES_WIDTH(STEER_WORLD_LANES_BASE);
    if (lanes != STEER_WORLD_LANES_BASE && end - i >= base && fit(w, i, base))
        return STEER_WORLD_LANES_BASE;
    return -1;
}

/* The gathering of evaluations [from, to) of the block at i whose recipe reads no
 * neighbours (wanderers, seekers): what the vector path and, should it decline, the
 * scalar path read of each. The block's agents share the recipe and have no callback
 * (steer__world_lanes_fit); the slot is looked up only for a recipe that reads the
 * target (the vector path reads the goals itself). */
static void steer_world_gather_alone(const steer_world *w, int i, int from, int to,
                                     steer_world_eval e[])
{
    const steer_world_traits *t = steer__world_traits(w, i);
    const steer_world_recipe *r = &w->recipes[t->recipe];
    for (int k = from; k < to; k++)
        steer_world_eval_start(&e[k], w, i + k, &t[k], r,
                               r->needs_target ? &w->slots[t[k].slot] : NULL);
}

/* What the vector path reads of the block of `width` agents at i, into e[]. Of a block
 * that reads neither neighbours nor sums it reads the first evaluation only (which agents,
 * their recipe and traits): true then, and the others are gathered should the scalar path
 * be needed (steer_world_block_scalar). */
static bool steer_world_gather_block(const steer_world *w, int i, int width, steer_world_eval e[])
{
    const steer_world_recipe *r = &w->recipes[steer__world_traits(w, i)->recipe];
    bool first_only = r->nb_count == 0 && r->sum_count == 0;
    if (r->nb_count == 0)
        steer_world_gather_alone(w, i, 0, first_only ? 1 : width, e);
    else
        for (int k = 0; k < width; k++) steer_world_gather_inline(w, i + k, &e[k], true);
    return first_only;
}

/* The scalar path on a gathered block that the vector path declined. */
static void steer_world_block_scalar(steer_world *w, int i, int width, steer_world_eval e[],
                                     bool first_only)
{
    if (first_only) steer_world_gather_alone(w, i, 1, width, e);
    for (int k = 0; k < width; k++) {
        e[k].agent = steer__world_load(w, w->cur, i + k);
        e[k].pose = w->pose[w->cur][i + k];
        if (steer__world_reads_own(e[k].recipe)) e[k].own = steer__world_own(w, i + k);
        steer_world_finish(w, &e[k]);
    }
}

/* A block wholly on the vector path; the scalar path where it declines. */
static void steer_world_block(steer_world *w, int i, int lanes)
{
    int width = STEER_WORLD_LANES_WIDTH(lanes);
    steer_world_eval e[STEER_WORLD_LANES_MAX];
    bool first_only = steer_world_gather_block(w, i, width, e);
    if (!steer_world_lanes_run(w, lanes, e)) steer_world_block_scalar(w, i, width, e, first_only);
}

/* Whether the block of build `lanes` at i (one that fits) and the next one can be
 * finished together (steer_world_block_two): the next fits too. */
static bool steer_world_pairs(const steer_world *w, int i, int end, int lanes)
{
    int width = STEER_WORLD_LANES_WIDTH(lanes);
    return end - i >= 2 * width && steer__world_lanes_fit(w, i + width, width);
}

/* The blocks at i and i + width (steer_world_pairs) on the vector path together; the
 * scalar path finishes a block it declines. */
static void steer_world_block_two(steer_world *w, int i, int lanes)
{
    int width = STEER_WORLD_LANES_WIDTH(lanes);
    steer_world_eval e[2][STEER_WORLD_LANES_MAX];
    bool first_only[2];
    for (int b = 0; b < 2; b++)
        first_only[b] = steer_world_gather_block(w, i + b * width, width, e[b]);
    unsigned done = steer_world_lanes_run_two(w, lanes, e[0], e[1]);
    for (int b = 0; b < 2; b++)
        if ((done & (1u << b)) == 0u)
            steer_world_block_scalar(w, i + b * width, width, e[b], first_only[b]);
}

/* Bytes [from, to) of an array asked for ahead, to read or to write. */
static void steer_world_prefetch_run(const void *p, size_t from, size_t to, int write)
{
#if defined(__GNUC__) || defined(__clang__)
    const char *c = (const char *)p;
    for (size_t b = from; b < to; b += 64) {
        if (write)
            __builtin_prefetch(c + b, 1);
        else
            __builtin_prefetch(c + b);
    }
#else
    (void)p, (void)from, (void)to, (void)write;
#endif
}

/* The records of agents [from, to) (within end) are asked for ahead: those the step
 * reads and those it writes. Each agent of a crowd takes long enough that the hardware's
 * own prefetch, which follows the reads a few lines ahead, leaves the next block's first
 * reads and its writes (a line each is read before it is written) waiting for memory:
 * some 4% of a 100,000-agent crowd's step. Their own state only when `own` says their
 * recipe reads it (steer__world_reads_own; the caller's block's recipe stands in for
 * theirs): a crowd or a flock never touches it. */
static void steer_world_prefetch_bodies(const steer_world *w, int from, int to, int end, bool own)
{
#if defined(__GNUC__) || defined(__clang__)
    to = to < end ? to : end;
    if (from >= to) return;
    size_t a = (size_t)from, b = (size_t)to;
    steer_world_prefetch_run(w->traits[w->kept], a * sizeof(steer_world_traits),
                             b * sizeof(steer_world_traits), 0);
    if (own) {
        const steer_world_owns *o = &w->own[w->kept];
        steer_world_prefetch_run(o->angle, a * sizeof(float), b * sizeof(float), 1);
        steer_world_prefetch_run(o->point, a * sizeof(steer_vec3), b * sizeof(steer_vec3), 1);
        steer_world_prefetch_run(o->rng_state, a * sizeof(uint64_t), b * sizeof(uint64_t), 1);
        steer_world_prefetch_run(o->rng_inc, a * sizeof(uint64_t), b * sizeof(uint64_t), 1);
    }
    steer_world_prefetch_run(w->pose[w->out], a * sizeof(steer_world_pose),
                             b * sizeof(steer_world_pose), 1);
#else
    (void)w, (void)from, (void)to, (void)end, (void)own;
#endif
}

/* Ask for what the step reads of agent i's slot when it has a callback: from its
 * generation to the callback's argument. Slots are not aligned to cache lines, so those
 * fields often span two, and asking for the first alone left the callback's pointer to
 * be waited for (about 6% of a 100,000-agent circle's step in perf). */
static void steer_world_prefetch_callback(const steer_world *w, int i)
{
#if defined(__GNUC__) || defined(__clang__)
    const steer_world_slot *s = &w->slots[steer__world_traits(w, i)->slot];
    __builtin_prefetch(&s->generation);
    __builtin_prefetch(&s->callback_user);
#else
    (void)w, (void)i;
#endif
}

/* A block whose steering the scalar path works out agent by agent (a recipe the vector
 * path does not cover, a callback, the crowd filter) and whose motion it finishes. */
static void steer_world_block_moves(steer_world *w, int i, int end, int lanes)
{
    int width = STEER_WORLD_LANES_WIDTH(lanes);
    int32_t recipe = steer__world_traits(w, i)->recipe;
    bool own = recipe >= 0 && steer__world_reads_own(&w->recipes[recipe]);
    steer_world_prefetch_bodies(w, i + 2 * width, i + 3 * width, end, own);
    /* The next block's callbacks: their slots come from memory meanwhile. */
    for (int k = i + width; k < i + 2 * width && k < end; k++)
        if ((w->pose[w->cur][k].flags & STEER_WORLD_HAS_CALLBACK) != 0u)
            steer_world_prefetch_callback(w, k);
    steer_world_eval e[STEER_WORLD_LANES_MAX];
    steer_steering out[STEER_WORLD_LANES_MAX];
    for (int k = 0; k < width; k++) {
        steer_world_gather(w, i + k, &e[k], false);
        steer_world_steer(w, &e[k], &out[k]);
    }
    if (steer_world_lanes_move(w, lanes, e, out)) return;
    for (int k = 0; k < width; k++) steer_world_move(w, &e[k], out[k]);
}

/* Agents [begin, end): a block at a time on the vector path where one fits, else one by
 * one. All give the same bits, so how the range is split does not matter. */
static void steer_world_step_range(void *ctx, int begin, int end)
{
    steer_world *w = ctx;
    int i = begin;
    while (i < end) {
        int lanes = steer_world_lanes_at(w, i, end, steer__world_lanes_fit);
        if (lanes >= 0) {
            int blocks = steer_world_pairs(w, i, end, lanes) ? 2 : 1;
            if (blocks == 2)
                steer_world_block_two(w, i, lanes);
            else
                steer_world_block(w, i, lanes);
            i += blocks * STEER_WORLD_LANES_WIDTH(lanes);
            continue;
        }
        lanes = steer_world_lanes_at(w, i, end, steer__world_lanes_fit_moves);
        if (lanes >= 0) {
            steer_world_block_moves(w, i, end, lanes);
            i += STEER_WORLD_LANES_WIDTH(lanes);
            continue;
        }
        steer_world_eval e;
        steer_world_gather(w, i, &e, false);
        steer_world_finish(w, &e);
        i++;
    }
}

steer_world_status steer_world_step(steer_world *world, float dt)
{
    STEER_ASSERT(world != NULL);
    if (world == NULL) return STEER_WORLD_INVALID;
    if (world->stepping) return STEER_WORLD_BUSY;
    if (!(dt > 0.0f) || !steer_is_finite(dt)) return STEER_WORLD_INVALID;
    /* Without a reader, the index is left stale: the step is then the agents' own work
     * and nothing else (steer__world_wants_index). */
    bool wanted = steer__world_wants_index(world);
    if (!steer__world_index_in_order(world) && wanted) steer__world_rebuild(world);
    steer__world_navigate(world);
    world->stepping = true;
    world->dt = dt;
    /* Where no agent reads another's state (no neighbours, no target agent, no callback
     * that might query the world), the snapshot is needed by nobody but the agent itself,
     * which reads its entries before it writes them: the step updates buffer `cur` in
     * place. At a million wanderers that spares the other buffer's lines coming from
     * memory before they are written (some 17% of the step, docs/performance.md). */
    bool shared = wanted || world->chasers > 0 || world->callbacks > 0;
    world->out = shared ? 1 - world->cur : world->cur;
    steer__world_parallel(world, world->count, steer_world_step_range, world);
    world->stepping = false;
    world->cur = world->out;
    world->index_valid = false;
    if (wanted) steer__world_rebuild(world);
    world->steps++;
    steer__world_progress(world, dt);
    return STEER_WORLD_OK;
}
