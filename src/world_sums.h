/* SPDX-License-Identifier: MIT */
/* The flocking sums, four neighbours at a time (world_eval.h), as inline code: world_sums.c
 * builds it for every machine and world_sums_avx512.c again for AVX-512, where the
 * neighbour search (world_near.h) tests sixteen candidates at a time. Private.
 *
 * For a recipe whose neighbourhood items are separation, alignment and cohesion, the
 * neighbours the search finds (steer__world_scan) are summed four at a time: each item
 * keeps four partial sums, one per lane, and the neighbour found in position q (counting
 * from 0 in the index's order) goes to lane q mod 4. The four are joined at the end as
 * (s0 + s1) + (s2 + s3). The order is fixed by the index, so the result does not depend
 * on the number of workers, and the scalar path below keeps the same four sums with the
 * same operations, so it gives the same bits. */
#ifndef STEER_WORLD_SUMS_H
#define STEER_WORLD_SUMS_H

#include "world_eval.h"
#include "world_near.h"
#include "lanes.h"

/* What stays fixed while one agent's neighbours are summed. */
typedef struct steer_sums_probe {
    const steer_world_eval *e;
    const steer_world_points *pt;
    steer_vec3 p, f; /* the agent's position and forward */
} steer_sums_probe;

#if STEER_LANES

/* steer_world_accepts for four neighbours, as lane masks. */
static inline steer_i4 steer_sums_accepts(const steer_flock_test *t, steer_f4 k, steer_f4 d2)
{
    steer_i4 cone;
    if (t->cos_view >= 0.0f) {
        cone = (k > 0.0f) & (k * k > t->cos_sq * d2);
    } else {
        int32_t all = t->cos_view <= -1.0f ? -1 : 0;
        cone = (k >= 0.0f) | (k * k < t->cos_sq * d2) | (steer_i4){all, all, all, all};
    }
    cone |= d2 <= STEER_FLOCK_TIE_SQ;
    return (d2 < t->radius_sq) & cone;
}

/* The running state: lanes of sums, and up to three found indices waiting for a fourth. */
typedef struct steer_sums_state {
    steer_sums_probe q;
    steer_v4 v[STEER_RECIPE_MAX];
    steer_i4 n[STEER_RECIPE_MAX];
    uint32_t seen;
    uint32_t wait[4];
    int waiting;
} steer_sums_state;

/* Coincident pairs in separation: steer_world_tie's push, lane by lane (rare). */
static steer_f4 steer_sums_ties(const steer_sums_probe *q, steer_i4 tie, const uint32_t idx[4])
{
    steer_f4 sign = steer_f4_splat(0.0f);
    for (int l = 0; l < 4; l++)
        if (tie[l] != 0) sign[l] = steer_world_tie(q->e, (int)idx[l]).x;
    return sign;
}

/* Four found neighbours idx[0..3], of which the lanes in `valid` count. */
static void steer_sums_four(steer_sums_state *a, const uint32_t idx[4], steer_i4 valid)
{
    const steer_sums_probe *q = &a->q;
    const steer_world_points *pt = q->pt;
    const steer_world_recipe *r = q->e->recipe;
    const steer_f4 zero = steer_f4_splat(0.0f);
    steer_v4 o, f;
    for (int l = 0; l < 4; l++) {
        uint32_t j = idx[l];
        o.x[l] = pt->x[j] - q->p.x;
        o.y[l] = pt->y[j] - q->p.y;
        o.z[l] = pt->z[j] - q->p.z;
        f.x[l] = pt->fx[j];
        f.y[l] = pt->fy[j];
        f.z[l] = pt->fz[j];
    }
    steer_f4 d2 = o.x * o.x + o.y * o.y + o.z * o.z;
    steer_f4 k = q->f.x * o.x + q->f.y * o.y + q->f.z * o.z;
    steer_i4 any = (steer_i4){0, 0, 0, 0};
    for (int m = 0; m < r->nb_count; m++) {
        steer_i4 in = valid & steer_sums_accepts(&r->nb_test[m], k, d2);
        any |= in;
        a->n[m] -= in; /* a passing lane is -1: counts up by one */
        steer_v4 add = o;
        if (r->nb_kind[m] == STEER_BEHAVIOUR_SEPARATION) {
            steer_i4 tie = in & (d2 <= STEER_FLOCK_TIE_SQ);
            add = steer_v4_scale(o, -(1.0f / steer_f4_select(tie, steer_f4_splat(1.0f), d2)));
            if (steer_i4_bits(tie) != 0u) {
                add.x = steer_f4_select(tie, steer_sums_ties(q, tie, idx), add.x);
                add.y = steer_f4_select(tie, zero, add.y);
                add.z = steer_f4_select(tie, zero, add.z);
            }
        } else if (r->nb_kind[m] == STEER_BEHAVIOUR_ALIGNMENT) {
            add = f;
        }
        a->v[m] = steer_v4_add(a->v[m], steer_v4_select(in, add, (steer_v4){zero, zero, zero}));
    }
    unsigned bits = steer_i4_bits(any);
    a->seen += (bits & 1u) + ((bits >> 1) & 1u) + ((bits >> 2) & 1u) + (bits >> 3);
}

/* A batch from the search: full groups of four are summed, the rest waits. */
static void steer_sums_take(void *ctx, const uint32_t *idx, int n)
{
    steer_sums_state *a = ctx;
    const steer_i4 all = {-1, -1, -1, -1};
    int m = 0;
    while (a->waiting > 0 && a->waiting < 4 && m < n) a->wait[a->waiting++] = idx[m++];
    if (a->waiting == 4) {
        steer_sums_four(a, a->wait, all);
        a->waiting = 0;
    }
    for (; m + 4 <= n; m += 4) steer_sums_four(a, idx + m, all);
    for (; m < n; m++) a->wait[a->waiting++] = idx[m];
}

static void steer_sums_begin(steer_sums_state *a, const steer_sums_probe *q, int items)
{
    a->q = *q;
    for (int m = 0; m < items; m++) {
        a->v[m] = (steer_v4){steer_f4_splat(0.0f), steer_f4_splat(0.0f), steer_f4_splat(0.0f)};
        a->n[m] = (steer_i4){0, 0, 0, 0};
    }
    a->seen = 0u;
    a->waiting = 0;
}

/* (s0 + s1) + (s2 + s3) of one lane vector: the fixed join order. */
static inline float steer_sums_join(steer_f4 s)
{
    return (s[0] + s[1]) + (s[2] + s[3]);
}

/* The last, partial group (its empty lanes repeat a found index and are masked off),
 * then each item's four lanes joined into its sum and count. */
static void steer_sums_end(steer_sums_state *a, int items, steer_world_sum *out, uint32_t *seen)
{
    if (a->waiting > 0) {
        steer_i4 valid;
        for (int l = 0; l < 4; l++) {
            valid[l] = l < a->waiting ? -1 : 0;
            if (l >= a->waiting) a->wait[l] = a->wait[0];
        }
        steer_sums_four(a, a->wait, valid);
    }
    for (int m = 0; m < items; m++) {
        const steer_v4 v = a->v[m];
        const steer_i4 n = a->n[m];
        out[m].v = steer_v3(steer_sums_join(v.x), steer_sums_join(v.y), steer_sums_join(v.z));
        out[m].n = n[0] + n[1] + n[2] + n[3];
    }
    *seen = a->seen;
}

#else /* the portable path: one neighbour at a time, into the same four sums */

/* The four lanes of sums of every item, flat. */
typedef struct steer_sums_acc {
    float x[STEER_RECIPE_MAX][4], y[STEER_RECIPE_MAX][4], z[STEER_RECIPE_MAX][4];
    int32_t n[STEER_RECIPE_MAX][4];
    uint32_t seen;
} steer_sums_acc;

typedef struct steer_sums_state {
    steer_sums_probe q;
    steer_sums_acc acc;
    uint32_t found; /* neighbours so far: the next one's lane is found mod 4 */
} steer_sums_state;

static void steer_sums_one(steer_sums_state *a, uint32_t j)
{
    const steer_sums_probe *q = &a->q;
    const steer_world_points *pt = q->pt;
    const steer_world_recipe *r = q->e->recipe;
    int lane = (int)(a->found++ & 3u);
    steer_vec3 o = steer_v3(pt->x[j] - q->p.x, pt->y[j] - q->p.y, pt->z[j] - q->p.z);
    float d2 = o.x * o.x + o.y * o.y + o.z * o.z;
    float k = q->f.x * o.x + q->f.y * o.y + q->f.z * o.z;
    bool any = false;
    for (int m = 0; m < r->nb_count; m++) {
        if (steer_world_accepts(&r->nb_test[m], k, d2) == 0.0f) continue;
        any = true;
        a->acc.n[m][lane]++;
        steer_vec3 add = o;
        if (r->nb_kind[m] == STEER_BEHAVIOUR_SEPARATION)
            add = d2 <= STEER_FLOCK_TIE_SQ ? steer_world_tie(q->e, (int)j)
                                           : steer_scale(o, -(1.0f / d2));
        else if (r->nb_kind[m] == STEER_BEHAVIOUR_ALIGNMENT)
            add = steer_v3(pt->fx[j], pt->fy[j], pt->fz[j]);
        a->acc.x[m][lane] += add.x;
        a->acc.y[m][lane] += add.y;
        a->acc.z[m][lane] += add.z;
    }
    a->acc.seen += any ? 1u : 0u;
}

static void steer_sums_take(void *ctx, const uint32_t *idx, int n)
{
    for (int m = 0; m < n; m++) steer_sums_one(ctx, idx[m]);
}

static void steer_sums_begin(steer_sums_state *a, const steer_sums_probe *q, int items)
{
    (void)items;
    memset(a, 0, sizeof *a);
    a->q = *q;
}

static void steer_sums_end(steer_sums_state *a, int items, steer_world_sum *out, uint32_t *seen)
{
    const steer_sums_acc *acc = &a->acc;
    for (int m = 0; m < items; m++) {
        out[m].v = steer_v3((acc->x[m][0] + acc->x[m][1]) + (acc->x[m][2] + acc->x[m][3]),
                            (acc->y[m][0] + acc->y[m][1]) + (acc->y[m][2] + acc->y[m][3]),
                            (acc->z[m][0] + acc->z[m][1]) + (acc->z[m][2] + acc->z[m][3]));
        out[m].n = acc->n[m][0] + acc->n[m][1] + acc->n[m][2] + acc->n[m][3];
    }
    *seen = acc->seen;
}

#endif

static inline void steer_world_sums(steer_world_eval *e)
{
    const steer_world *w = e->w;
    const steer_world_recipe *r = e->recipe;
    const steer_world_points *pt = &w->points;
    steer_sums_probe q = {e, pt, steer_v3(pt->x[e->i], pt->y[e->i], pt->z[e->i]),
                          steer__world_forward(w, e->i)};
    steer_sums_state state;
    steer_sums_begin(&state, &q, r->nb_count);
    steer__world_scan_inline(w, e->i, r->neighbour_radius, e->traits->mask, steer_sums_take,
                             &state);
    steer_world_sum sum[STEER_RECIPE_MAX];
    steer_sums_end(&state, r->nb_count, sum, &e->seen);
    for (int m = 0; m < r->nb_count; m++) e->sum[r->nb_item[m]] = sum[m];
}

#endif /* STEER_WORLD_SUMS_H */
