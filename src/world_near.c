/* The step's neighbour search: the agents near one agent, found through the spatial
 * index and handed over in batches (world_internal.h). Shared by every behaviour of the
 * world that looks at neighbours, so there is one search loop to keep fast.
 *
 * Most candidates a cell block holds are rejected (about 6 in 7 for boids), so the scan
 * only decides which to keep and notes their indices; the kept few get their offsets
 * computed again when handed over. Both compute (c - p) and x*x + y*y + z*z with the same
 * operations in the same order, so vector lanes and the scalar path give the same bits. */
#include "world_internal.h"
#include "lanes.h"

#include <string.h>

/* Kept indices gathered before a hand-over; a group of four may add up to four. */
typedef struct steer_world_kept {
    uint32_t idx[STEER_WORLD_NEAR_BATCH + 4];
    int n;
} steer_world_kept;

/* The search's fixed inputs. */
typedef struct steer_world_probe {
    const steer_world_points *pt;
    steer_vec3 p;
    float r2;
    uint32_t mask;
    uint32_t self;
    steer_world_found_fn fn;
    void *ctx;
} steer_world_probe;

/* Hand the kept candidates' indices over. */
static void steer_world_near_flush(const steer_world_probe *q, steer_world_kept *k)
{
    q->fn(q->ctx, k->idx, k->n);
    k->n = 0;
}

#if STEER_LANES
/* For each 4-bit pattern of kept lanes, the kept lanes' numbers packed to the front. */
static const int32_t steer_world_pack[16][4] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0},
    {1, 2, 0, 0}, {0, 1, 2, 0}, {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3}};
static const uint8_t steer_world_pack_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* Candidates [j, end) of one row, four at a time. Lanes past `end` read the next row's
 * entries or the arrays' padding and are dropped. */
static void steer_world_scan_row(const steer_world_probe *q, steer_world_kept *k, uint32_t j,
                                 uint32_t end)
{
    /* Locals, so the stores into k->idx cannot make the compiler reload them. */
    const float *x = q->pt->x, *y = q->pt->y, *z = q->pt->z;
    const uint32_t *layer = q->pt->layer;
    const steer_f4 px = {q->p.x, q->p.x, q->p.x, q->p.x};
    const steer_f4 py = {q->p.y, q->p.y, q->p.y, q->p.y};
    const steer_f4 pz = {q->p.z, q->p.z, q->p.z, q->p.z};
    const steer_f4 r2 = {q->r2, q->r2, q->r2, q->r2};
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
        steer_i4 keep =
            (d2 < r2) & (jj < last) & (jj != self) & ((steer_i4_load(layer + j) & mask) != zero);
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
/* Whether candidate j passes: inside the radius (NaN fails), not the agent itself, and
 * on a layer the mask sees. */
static inline int steer_world_keeps(const steer_world_probe *q, uint32_t j)
{
    const steer_world_points *pt = q->pt;
    float dx = pt->x[j] - q->p.x, dy = pt->y[j] - q->p.y, dz = pt->z[j] - q->p.z;
    float d2 = dx * dx + dy * dy + dz * dz;
    return (d2 < q->r2) & (j != q->self) & ((pt->layer[j] & q->mask) != 0u);
}

/* Portable path: one candidate at a time, written unconditionally and kept by
 * advancing n (a branch on each would be mispredicted often). */
static void steer_world_scan_row(const steer_world_probe *q, steer_world_kept *k, uint32_t j,
                                 uint32_t end)
{
    for (; j < end; j++) {
        k->idx[k->n] = j;
        k->n += steer_world_keeps(q, j);
        if (k->n == STEER_WORLD_NEAR_BATCH) steer_world_near_flush(q, k);
    }
}
#endif

void steer__world_scan(const steer_world *w, int i, float radius, uint32_t mask,
                       steer_world_found_fn fn, void *ctx)
{
    const steer_world_grid *g = &w->grid;
    const steer_world_points *pt = &w->points;
    steer_world_probe q = {
        pt, steer_v3(pt->x[i], pt->y[i], pt->z[i]), radius * radius, mask, (uint32_t)i, fn, ctx};
    /* Widened by a hair so rounding in p +- radius never drops a cell the exact test
     * would accept. */
    steer_grid_range b = steer__grid_range(g, q.p, radius * 1.0001f + 1e-6f);
    steer_world_kept k;
    k.n = 0;
    for (int z = b.lo[2]; z <= b.hi[2]; z++) {
        for (int y = b.lo[1]; y <= b.hi[1]; y++) {
            int row = (z * g->dim[1] + y) * g->dim[0];
            steer_world_scan_row(&q, &k, g->start[row + b.lo[0]], g->start[row + b.hi[0] + 1]);
        }
    }
    if (k.n > 0) steer_world_near_flush(&q, &k);
}

/* steer__world_near's hand-over: the found indices with their offsets and squared
 * distances, computed again with the scan's operations (so with the same bits). */
typedef struct steer_world_records {
    const steer_world_points *pt;
    steer_vec3 p;
    steer_world_near_fn fn;
    void *ctx;
} steer_world_records;

static void steer_world_records_of(void *ctx, const uint32_t *idx, int n)
{
    const steer_world_records *r = ctx;
    steer_world_near buf[STEER_WORLD_NEAR_BATCH];
    const steer_world_points *pt = r->pt;
    for (int m = 0; m < n; m++) {
        uint32_t j = idx[m];
        steer_vec3 o = steer_v3(pt->x[j] - r->p.x, pt->y[j] - r->p.y, pt->z[j] - r->p.z);
        buf[m] = (steer_world_near){o, steer_length_sq(o), (int32_t)j};
    }
    r->fn(r->ctx, buf, n);
}

void steer__world_near(const steer_world *w, int i, float radius, uint32_t mask,
                       steer_world_near_fn fn, void *ctx)
{
    const steer_world_points *pt = &w->points;
    steer_world_records r = {pt, steer_v3(pt->x[i], pt->y[i], pt->z[i]), fn, ctx};
    steer__world_scan(w, i, radius, mask, steer_world_records_of, &r);
}
