/* SPDX-License-Identifier: MIT */
/* The step's neighbour search (world_internal.h's steer__world_scan) as inline code:
 * world_near.c's steer__world_scan is this, and the crowd filter (world_crowd.c) has it
 * inlined with its hand-over. Private.
 *
 * Most candidates a cell block holds are rejected (about 6 in 7 for boids), so the scan
 * only decides which to keep and notes their indices; the kept few get their offsets
 * computed again when handed over. Both compute (c - p) and x*x + y*y + z*z with the same
 * operations in the same order, so vector lanes and the scalar path give the same bits. */
#ifndef STEER_WORLD_NEAR_H
#define STEER_WORLD_NEAR_H

#include "world_internal.h"
#include "lanes.h"

#include <string.h>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

/* Kept indices gathered before a hand-over; a group of four may add up to four. */
typedef struct steer_world_kept {
    uint32_t idx[STEER_WORLD_NEAR_BATCH + 4];
    int n;
} steer_world_kept;

/* The tests a search makes beyond the radius and self, as flags of its `tests` argument
 * (a constant at each call, so each combination is its own loop): the floors' height
 * test, and the layer test, which a search leaves out when every agent's layer meets its
 * mask (steer_world.layers_shared): every candidate would pass it, and its loads were a
 * twentieth of a boids step. */
#define STEER_WORLD_SCAN_FLOORS 1
#define STEER_WORLD_SCAN_LAYERS 2

/* The search's fixed inputs. */
typedef struct steer_world_probe {
    const steer_world_points *pt;
    steer_vec3 p;
    float r2;
    uint32_t mask;
    uint32_t self;
    steer_world_found_fn fn;
    void *ctx;
    /* Floors (steer_world_def.floor_clearance): the candidates' heights (the coordinate
     * along the searching agent's up axis), its own and the clearance. Read only by the
     * scan that is asked for floors. */
    const float *up;
    float h, clear;
} steer_world_probe;

/* Hand the kept candidates' indices over. */
static inline void steer_world_near_flush(const steer_world_probe *q, steer_world_kept *k)
{
    q->fn(q->ctx, k->idx, k->n);
    k->n = 0;
}

#if STEER_LANES && defined(__AVX512F__)
/* The AVX-512 builds test sixteen candidates at a time. Test the candidates in lanes
 * `in` (their positions x, y, z, layers, heights and indices) and keep the passing
 * ones' indices, compressed to the front in lane order. */
static inline void steer_world_scan_lanes(const steer_world_probe *q, steer_world_kept *k,
                                          __mmask16 in, __m512 x, __m512 y, __m512 z, __m512i layer,
                                          __m512 up, __m512i idx, const int tests)
{
    const __m512 dx = _mm512_sub_ps(x, _mm512_set1_ps(q->p.x));
    const __m512 dy = _mm512_sub_ps(y, _mm512_set1_ps(q->p.y));
    const __m512 dz = _mm512_sub_ps(z, _mm512_set1_ps(q->p.z));
    const __m512 d2 = _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(dx, dx), _mm512_mul_ps(dy, dy)),
                                    _mm512_mul_ps(dz, dz));
    __mmask16 keep = _mm512_mask_cmp_ps_mask(in, d2, _mm512_set1_ps(q->r2), _CMP_LT_OQ);
    if (tests & STEER_WORLD_SCAN_LAYERS)
        keep &= _mm512_mask_test_epi32_mask(in, layer, _mm512_set1_epi32((int32_t)q->mask));
    keep &= _mm512_mask_cmpneq_epi32_mask(in, idx, _mm512_set1_epi32((int32_t)q->self));
    if (tests & STEER_WORLD_SCAN_FLOORS) { /* a constant in each caller */
        __m512 dh = _mm512_sub_ps(up, _mm512_set1_ps(q->h));
        keep &= _mm512_cmp_ps_mask(dh, _mm512_set1_ps(q->clear), _CMP_LE_OQ) &
                _mm512_cmp_ps_mask(dh, _mm512_set1_ps(-q->clear), _CMP_GE_OQ);
    }
    /* Compressed in a register and stored whole (the lanes past the kept ones are
     * overwritten later): the compress-to-memory form is microcoded on AMD's Zen 4 and 5
     * and cost a fifth of the search there. */
    _mm512_storeu_si512(&k->idx[k->n], _mm512_maskz_compress_epi32(keep, idx));
    k->n += __builtin_popcount((unsigned)keep);
    if (k->n > STEER_WORLD_NEAR_BATCH - 16) steer_world_near_flush(q, k);
}

static inline __mmask16 steer_world_lanes_below(uint32_t n)
{
    return n >= 16u ? (__mmask16)0xFFFF : (__mmask16)((1u << n) - 1u);
}

/* Candidates [j, end) of one row, sixteen at a time (masked loads stop at `end`). */
static inline void steer_world_scan_row(const steer_world_probe *q, steer_world_kept *k, uint32_t j,
                                        uint32_t end, const int tests)
{
    const steer_world_points *pt = q->pt;
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (; j < end; j += 16) {
        __mmask16 in = steer_world_lanes_below(end - j);
        __m512 up = (tests & STEER_WORLD_SCAN_FLOORS) ? _mm512_maskz_loadu_ps(in, q->up + j)
                                                      : _mm512_setzero_ps();
        steer_world_scan_lanes(
            q, k, in, _mm512_maskz_loadu_ps(in, pt->x + j), _mm512_maskz_loadu_ps(in, pt->y + j),
            _mm512_maskz_loadu_ps(in, pt->z + j),
            (tests & STEER_WORLD_SCAN_LAYERS) ? _mm512_maskz_loadu_epi32(in, pt->layer + j)
                                              : _mm512_setzero_si512(),
            up, _mm512_add_epi32(lane, _mm512_set1_epi32((int32_t)j)), tests);
    }
}

/* Sixteen 32-bit words in lanes m0 | m1 | m2 (disjoint), lane i of mask r read from
 * a[at[r] + i]: three runs side by side in one vector. */
static inline __m512i steer_world_load_three(const void *a, const __mmask16 m[3],
                                             const uint32_t at[3])
{
    const uint32_t *w = a;
    return _mm512_or_si512(_mm512_or_si512(_mm512_maskz_loadu_epi32(m[0], w + at[0]),
                                           _mm512_maskz_loadu_epi32(m[1], w + at[1])),
                           _mm512_maskz_loadu_epi32(m[2], w + at[2]));
}

/* Three rows' runs [s[r], s[r] + l[r]) of sixteen candidates or fewer in one pass: each
 * run loaded into the lanes after the previous one's. Lane order is row order, so the
 * same candidates in the same order as row by row. Needs s[1] >= l[0] and s[2] >= l[0] +
 * l[1] (no load from before the arrays). */
static inline void steer_world_scan_three(const steer_world_probe *q, steer_world_kept *k,
                                          const uint32_t s[3], const uint32_t l[3], const int tests)
{
    const steer_world_points *pt = q->pt;
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __mmask16 m[3] = {steer_world_lanes_below(l[0]),
                            (__mmask16)(steer_world_lanes_below(l[1]) << l[0]),
                            (__mmask16)(steer_world_lanes_below(l[2]) << (l[0] + l[1]))};
    /* Lane i of run r reads entry at[r] + i. */
    const uint32_t at[3] = {s[0], s[1] - l[0], s[2] - l[0] - l[1]};
    __m512i idx = _mm512_add_epi32(lane, _mm512_set1_epi32((int32_t)at[0]));
    idx = _mm512_mask_add_epi32(idx, m[1], lane, _mm512_set1_epi32((int32_t)at[1]));
    idx = _mm512_mask_add_epi32(idx, m[2], lane, _mm512_set1_epi32((int32_t)at[2]));
    __m512 up = (tests & STEER_WORLD_SCAN_FLOORS)
                    ? _mm512_castsi512_ps(steer_world_load_three(q->up, m, at))
                    : _mm512_setzero_ps();
    steer_world_scan_lanes(
        q, k, m[0] | m[1] | m[2], _mm512_castsi512_ps(steer_world_load_three(pt->x, m, at)),
        _mm512_castsi512_ps(steer_world_load_three(pt->y, m, at)),
        _mm512_castsi512_ps(steer_world_load_three(pt->z, m, at)),
        (tests & STEER_WORLD_SCAN_LAYERS) ? steer_world_load_three(pt->layer, m, at)
                                          : _mm512_setzero_si512(),
        up, idx, tests);
}

/* The three rows of a plane of cells (starts s, lengths l): in one pass when they hold
 * sixteen candidates or fewer (a row of three cells holds about four boids, so a boid's
 * planes mostly do), else row by row. */
static inline void steer_world_scan_plane(const steer_world_probe *q, steer_world_kept *k,
                                          const uint32_t s[3], const uint32_t l[3], const int tests)
{
    if (l[0] + l[1] + l[2] <= 16u && s[1] >= l[0] && s[2] >= l[0] + l[1]) {
        steer_world_scan_three(q, k, s, l, tests);
        return;
    }
    for (int r = 0; r < 3; r++) steer_world_scan_row(q, k, s[r], s[r] + l[r], tests);
}
#elif STEER_LANES
/* For each 4-bit pattern of kept lanes, the kept lanes' numbers packed to the front. */
static const int32_t steer_world_pack[16][4] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0},
    {1, 2, 0, 0}, {0, 1, 2, 0}, {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3}};
static const uint8_t steer_world_pack_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* Candidates [j, end) of one row, four at a time. Lanes past `end` read the next row's
 * entries or the arrays' padding and are dropped. */
static inline void steer_world_scan_row(const steer_world_probe *q, steer_world_kept *k, uint32_t j,
                                        uint32_t end, const int tests)
{
    /* Locals, so the stores into k->idx cannot make the compiler reload them. */
    const float *x = q->pt->x, *y = q->pt->y, *z = q->pt->z;
    const uint32_t *layer = q->pt->layer;
    const steer_f4 px = {q->p.x, q->p.x, q->p.x, q->p.x};
    const steer_f4 py = {q->p.y, q->p.y, q->p.y, q->p.y};
    const steer_f4 pz = {q->p.z, q->p.z, q->p.z, q->p.z};
    const steer_f4 r2 = {q->r2, q->r2, q->r2, q->r2};
    const float *up = q->up;
    const steer_f4 h = {q->h, q->h, q->h, q->h};
    const steer_f4 clear = {q->clear, q->clear, q->clear, q->clear};
    const steer_i4 lane = {0, 1, 2, 3}, zero = {0, 0, 0, 0};
    const int32_t m = (int32_t)q->mask, s = (int32_t)q->self, e = (int32_t)end;
    const steer_i4 mask = {m, m, m, m}, self = {s, s, s, s}, last = {e, e, e, e};
    int n = k->n;
    for (; j < end; j += 4) {
        steer_f4 dx = steer_f4_load(x + j) - px;
        steer_f4 dy = steer_f4_load(y + j) - py;
        steer_f4 dz = steer_f4_load(z + j) - pz;
        steer_f4 d2 = dx * dx + dy * dy + dz * dz;
        const int32_t b = (int32_t)j;
        const steer_i4 base = {b, b, b, b};
        steer_i4 jj = lane + base;
        steer_i4 keep = (d2 < r2) & (jj < last) & (jj != self);
        if (tests & STEER_WORLD_SCAN_LAYERS) keep &= (steer_i4_load(layer + j) & mask) != zero;
        if (tests & STEER_WORLD_SCAN_FLOORS) { /* a constant in each caller */
            steer_f4 dh = steer_f4_load(up + j) - h;
            keep &= (dh <= clear) & (dh >= -clear);
        }
        unsigned bits = steer_i4_bits(keep);
        steer_i4 packed;
        memcpy(&packed, steer_world_pack[bits], sizeof packed);
        packed += base;
        /* All four written, the kept ones counted: no branch on the data. */
        memcpy(&k->idx[n], &packed, sizeof packed);
        n += steer_world_pack_count[bits];
        if (n > STEER_WORLD_NEAR_BATCH - 4) {
            k->n = n;
            steer_world_near_flush(q, k);
            n = 0;
        }
    }
    k->n = n;
}
#else
/* Whether candidate j passes: inside the radius (NaN fails), not the agent itself, on a
 * layer the mask sees and, with floors, within the clearance in height. */
static inline int steer_world_keeps(const steer_world_probe *q, uint32_t j, const int tests)
{
    const steer_world_points *pt = q->pt;
    float dx = pt->x[j] - q->p.x, dy = pt->y[j] - q->p.y, dz = pt->z[j] - q->p.z;
    float d2 = dx * dx + dy * dy + dz * dz;
    int keep = (d2 < q->r2) & (j != q->self);
    if (tests & STEER_WORLD_SCAN_LAYERS) keep &= (pt->layer[j] & q->mask) != 0u;
    if (tests & STEER_WORLD_SCAN_FLOORS) {
        float dh = q->up[j] - q->h;
        keep &= (dh <= q->clear) & (dh >= -q->clear);
    }
    return keep;
}

/* Portable path: one candidate at a time, written unconditionally and kept by
 * advancing n (a branch on each would be mispredicted often). */
static inline void steer_world_scan_row(const steer_world_probe *q, steer_world_kept *k, uint32_t j,
                                        uint32_t end, const int tests)
{
    for (; j < end; j++) {
        k->idx[k->n] = j;
        k->n += steer_world_keeps(q, j, tests);
        if (k->n == STEER_WORLD_NEAR_BATCH) steer_world_near_flush(q, k);
    }
}
#endif

#if !(STEER_LANES && defined(__AVX512F__))
/* The three rows of a plane of cells (starts s, lengths l), row by row (the AVX-512
 * builds test them together when they fit). */
static inline void steer_world_scan_plane(const steer_world_probe *q, steer_world_kept *k,
                                          const uint32_t s[3], const uint32_t l[3], const int tests)
{
    for (int r = 0; r < 3; r++) steer_world_scan_row(q, k, s[r], s[r] + l[r], tests);
}
#endif

#if STEER_LANES
/* steer__grid_range with the three axes in lanes: the same cells (the same subtraction,
 * product and clamps into the span as steer__grid_coord, lane by lane) for about a fifth of the
 * instructions, which mattered when the search runs once per agent. Only lanes already
 * clamped into [0, span) are converted to integers. */
static inline steer_grid_range steer_world_scan_range(const steer_world_grid *g, steer_vec3 c,
                                                      float r)
{
    const steer_f4 p = {c.x, c.y, c.z, 0.0f}, o = {g->origin.x, g->origin.y, g->origin.z, 0.0f};
    const steer_f4 rr = steer_f4_splat(r), inv = steer_f4_splat(g->inv_cell);
    const steer_f4 zero = steer_f4_splat(0.0f);
    const steer_f4 dim = {(float)g->span[0], (float)g->span[1], (float)g->span[2], 1.0f};
    const steer_i4 top = {g->span[0] - 1, g->span[1] - 1, g->span[2] - 1, 0};
    steer_f4 f[2] = {((p - rr) - o) * inv, ((p + rr) - o) * inv};
    steer_grid_range b;
    for (int e = 0; e < 2; e++) {
        steer_f4 pos = steer_f4_select(f[e] > zero, f[e], zero); /* NaN too goes to 0 */
        steer_i4 inside = pos < dim;
        steer_i4 cell = __builtin_convertvector(steer_f4_select(inside, pos, zero), steer_i4);
        cell = (cell & inside) | (top & ~inside);
        int *out = e == 0 ? b.lo : b.hi;
        for (int a = 0; a < 3; a++) out[a] = cell[a];
    }
    return b;
}
#else
static inline steer_grid_range steer_world_scan_range(const steer_world_grid *g, steer_vec3 c,
                                                      float r)
{
    return steer__grid_range(g, c, r);
}
#endif

/* The world's floor clearance when it is on (steer_world_def.floor_clearance: positive and
 * finite), else 0. */
static inline float steer__world_floor_clearance(const steer_world *w)
{
    float c = w->def.floor_clearance;
    return c > 0.0f && c < HUGE_VALF ? c : 0.0f;
}

/* The up coordinate of agents in `space` (the axis the crowd and the plane-bound
 * behaviours ignore): z for XY agents, y for XZ and 3D ones. */
static inline const float *steer__world_up_of(const steer_world_points *pt, steer_space space)
{
    return space == STEER_SPACE_XY ? pt->z : pt->y;
}

/* The search's hand-over to steer__grid_walk: a run of buckets is a row. */
typedef struct steer_world_scan_walk {
    const steer_world_probe *q;
    steer_world_kept *k;
} steer_world_scan_walk;

static inline void steer_world_scan_run(void *ctx, uint32_t begin, uint32_t end)
{
    steer_world_scan_walk *s = ctx;
    steer_world_scan_row(s->q, s->k, begin, end, STEER_WORLD_SCAN_LAYERS);
}

static inline void steer_world_scan_run_open(void *ctx, uint32_t begin, uint32_t end)
{
    steer_world_scan_walk *s = ctx;
    steer_world_scan_row(s->q, s->k, begin, end, 0);
}

static inline void steer_world_scan_run_floors(void *ctx, uint32_t begin, uint32_t end)
{
    steer_world_scan_walk *s = ctx;
    steer_world_scan_row(s->q, s->k, begin, end, STEER_WORLD_SCAN_FLOORS | STEER_WORLD_SCAN_LAYERS);
}

/* The search through a folded grid (world_internal.h's steer_world_grid), out of line,
 * apart from the lean loop of the unfolded grid so that one stays as it was (each floors
 * setting its own loop; with floors, the layers always tested). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, unused))
#endif
static void
steer_world_scan_folded(const steer_world_grid *g, const steer_world_probe *q, steer_world_kept *k,
                        steer_grid_range b, int tests)
{
    steer_world_scan_walk s = {q, k};
    if (tests & STEER_WORLD_SCAN_FLOORS)
        steer__grid_walk(g, b, steer_world_scan_run_floors, &s);
    else if (tests & STEER_WORLD_SCAN_LAYERS)
        steer__grid_walk(g, b, steer_world_scan_run, &s);
    else
        steer__grid_walk(g, b, steer_world_scan_run_open, &s);
}

/* The search over the block of cells b, with the tests `tests` (STEER_WORLD_SCAN_*). */
static inline void steer_world_scan_cells(const steer_world_grid *g, const steer_world_probe *q,
                                          steer_grid_range b, const int tests)
{
    steer_world_kept k;
    k.n = 0;
    if (g->folded) {
        steer_world_scan_folded(g, q, &k, b, tests);
    } else {
        for (int z = b.lo[2]; z <= b.hi[2]; z++) {
            if (b.hi[1] - b.lo[1] == 2) { /* a plane of three rows */
                uint32_t st[3], len[3];
                for (int r = 0; r < 3; r++) {
                    int row = (z * g->dim[1] + b.lo[1] + r) * g->dim[0];
                    st[r] = g->start[row + b.lo[0]];
                    len[r] = g->start[row + b.hi[0] + 1] - st[r];
                }
                steer_world_scan_plane(q, &k, st, len, tests);
                continue;
            }
            for (int y = b.lo[1]; y <= b.hi[1]; y++) {
                int row = (z * g->dim[1] + y) * g->dim[0];
                steer_world_scan_row(q, &k, g->start[row + b.lo[0]], g->start[row + b.hi[0] + 1],
                                     tests);
            }
        }
    }
    if (k.n > 0) steer_world_near_flush(q, &k);
}

#if defined(__GNUC__) || defined(__clang__)
#define STEER_WORLD_SCAN_APART __attribute__((noinline, unused))
#else
#define STEER_WORLD_SCAN_APART
#endif

/* The search with floors (steer__world_scan_inline's, with the height test), out of
 * line: inlined next to the one without, the two loops cost the search without floors
 * (every world that does not use them) about a tenth more instructions (callgrind, boids
 * N = 5,000). */
static STEER_WORLD_SCAN_APART void steer_world_scan_floors(const steer_world *w, int i,
                                                           float radius, uint32_t mask,
                                                           steer_world_found_fn fn, void *ctx,
                                                           float clear)
{
    const steer_world_points *pt = &w->points;
    const float *up = steer__world_up_of(pt, (steer_space)steer__world_traits(w, i)->space);
    steer_world_probe q = {pt,
                           steer_v3(pt->x[i], pt->y[i], pt->z[i]),
                           radius * radius,
                           mask,
                           (uint32_t)i,
                           fn,
                           ctx,
                           up,
                           up[i],
                           clear};
    steer_grid_range b = steer_world_scan_range(&w->grid, q.p, radius * 1.0001f + 1e-6f);
    steer_world_scan_cells(&w->grid, &q, b, STEER_WORLD_SCAN_FLOORS | STEER_WORLD_SCAN_LAYERS);
}

/* steer__world_scan's body, for callers in other files that want it inlined with their
 * hand-over (a constant fn becomes a direct call the compiler can inline; the crowd
 * filter's search, world_crowd.c). The same loop, so the same agents in the same order.
 * This is where every behaviour's neighbours are found, so the floors are applied here:
 * with a floor clearance, candidates whose height differs from agent i's by more are
 * left out (the height along agent i's up axis, steer__world_up_of). */
static inline void steer__world_scan_inline(const steer_world *w, int i, float radius,
                                            uint32_t mask, steer_world_found_fn fn, void *ctx)
{
    float clear = steer__world_floor_clearance(w);
    if (clear > 0.0f) {
        steer_world_scan_floors(w, i, radius, mask, fn, ctx, clear);
        return;
    }
    const steer_world_grid *g = &w->grid;
    const steer_world_points *pt = &w->points;
    steer_world_probe q = {pt,
                           steer_v3(pt->x[i], pt->y[i], pt->z[i]),
                           radius * radius,
                           mask,
                           (uint32_t)i,
                           fn,
                           ctx,
                           NULL,
                           0.0f,
                           0.0f};
    /* Widened by a hair so rounding in p +- radius never drops a cell the exact test
     * would accept. */
    steer_grid_range b = steer_world_scan_range(g, q.p, radius * 1.0001f + 1e-6f);
    if ((w->layers_shared & mask) != 0u)
        steer_world_scan_cells(g, &q, b, 0);
    else
        steer_world_scan_cells(g, &q, b, STEER_WORLD_SCAN_LAYERS);
}

#endif /* STEER_WORLD_NEAR_H */
