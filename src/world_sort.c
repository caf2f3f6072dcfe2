// SPDX-License-Identifier: MIT
/* The spatial index's counting sort by bucket, split over the world's workers. The
 * result is the one a single pass gives (stable in the current order), whatever the
 * split, so the agents' order and every result after it are the same bits for any
 * number of workers:
 *
 *   1. per block of agents, each agent's bucket and how many of the block fall in each
 *      group of buckets (blocks in parallel);
 *   2. from those counts, where each block's agents of each group go in `order`: groups
 *      in turn, blocks in turn within a group (one short serial pass);
 *   3. the agents into `order`, by group, in index order within a group (blocks in
 *      parallel);
 *   4. per group of buckets, a counting sort of its agents into its buckets, which gives
 *      their places and the grid's start entries of those buckets (groups in parallel:
 *      each owns its buckets and its run of places).
 *
 * The world's parallel-for splits a range of agents as it likes; a block is worked on by
 * whoever receives the block's first agent, so every block is done exactly once. */
#include "world_internal.h"

typedef void (*steer_sort_block_fn)(steer_world *w, int k, int begin, int end);

typedef struct steer_sort_job {
    steer_world *w;
    steer_sort_block_fn fn;
} steer_sort_job;

/* The blocks whose first agent lies in [begin, end). */
static void steer_sort_blocks_range(void *ctx, int begin, int end)
{
    const steer_sort_job *job = ctx;
    steer_world *w = job->w;
    const steer_world_sort *s = &w->sort;
    int k = (begin + s->block_size - 1) / s->block_size;
    for (; k < s->blocks && k * s->block_size < end; k++) {
        int a = k * s->block_size;
        int b = a + s->block_size < w->count ? a + s->block_size : w->count;
        job->fn(w, k, a, b);
    }
}

static void steer_sort_each_block(steer_world *w, steer_sort_block_fn fn)
{
    steer_sort_job job = {w, fn};
    steer__world_parallel(w, w->count, steer_sort_blocks_range, &job);
}

static void steer_sort_plan_blocks(steer_world *w)
{
    steer_world_sort *s = &w->sort;
    s->block_size = steer__world_sort_block_size(w->count);
    s->blocks = (int)steer__world_sort_blocks(w->count);
}

static void steer_sort_block_bounds(steer_world *w, int k, int begin, int end)
{
    steer_world_sort *s = &w->sort;
    const steer_vec3 *p = w->pos[w->cur];
    steer_vec3 lo = steer_v3_zero(), hi = steer_v3_zero();
    bool any = false;
    for (int i = begin; i < end; i++) {
        if (!steer_v3_is_finite(p[i])) continue;
        if (!any) lo = hi = p[i];
        any = true;
        lo.x = p[i].x < lo.x ? p[i].x : lo.x;
        lo.y = p[i].y < lo.y ? p[i].y : lo.y;
        lo.z = p[i].z < lo.z ? p[i].z : lo.z;
        hi.x = p[i].x > hi.x ? p[i].x : hi.x;
        hi.y = p[i].y > hi.y ? p[i].y : hi.y;
        hi.z = p[i].z > hi.z ? p[i].z : hi.z;
    }
    s->lo[k] = lo;
    s->hi[k] = hi;
    s->any[k] = any;
}

bool steer__world_bounds(steer_world *w, steer_vec3 *lo, steer_vec3 *hi)
{
    steer_world_sort *s = &w->sort;
    steer_sort_plan_blocks(w);
    steer_sort_each_block(w, steer_sort_block_bounds);
    bool any = false;
    for (int k = 0; k < s->blocks; k++) {
        if (!s->any[k]) continue;
        if (!any) *lo = s->lo[k], *hi = s->hi[k];
        any = true;
        lo->x = s->lo[k].x < lo->x ? s->lo[k].x : lo->x;
        lo->y = s->lo[k].y < lo->y ? s->lo[k].y : lo->y;
        lo->z = s->lo[k].z < lo->z ? s->lo[k].z : lo->z;
        hi->x = s->hi[k].x > hi->x ? s->hi[k].x : hi->x;
        hi->y = s->hi[k].y > hi->y ? s->hi[k].y : hi->y;
        hi->z = s->hi[k].z > hi->z ? s->hi[k].z : hi->z;
    }
    return any;
}

/* 1: buckets and counts per group. */
static void steer_sort_block_count(steer_world *w, int k, int begin, int end)
{
    steer_world_sort *s = &w->sort;
    uint32_t *counts = s->counts + (size_t)k * s->stride;
    const steer_vec3 *p = w->pos[w->cur];
    for (int g = 0; g < s->groups; g++) counts[g] = 0u;
    for (int i = begin; i < end; i++) {
        uint32_t c = steer__world_bucket(&w->grid, p[i]);
        w->cell_of[i] = c;
        counts[c >> s->shift]++;
    }
}

/* 2: the counts become places in `order`. */
static void steer_sort_places(steer_world_sort *s)
{
    uint32_t run = 0u;
    for (int g = 0; g < s->groups; g++) {
        s->group_start[g] = run;
        for (int k = 0; k < s->blocks; k++) {
            uint32_t n = s->counts[(size_t)k * s->stride + g];
            s->counts[(size_t)k * s->stride + g] = run;
            run += n;
        }
    }
    s->group_start[s->groups] = run;
}

/* 3: the block's agents into their groups' runs. */
static void steer_sort_block_place(steer_world *w, int k, int begin, int end)
{
    steer_world_sort *s = &w->sort;
    uint32_t *next = s->counts + (size_t)k * s->stride;
    for (int i = begin; i < end; i++) s->order[next[w->cell_of[i] >> s->shift]++] = (uint32_t)i;
}

/* 4: each group's agents into its buckets. start[c] counts, then runs as a cursor, and
 * ends as the end of bucket c, so the entries are shifted up by one at the end. */
static void steer_sort_groups_range(void *ctx, int begin, int end)
{
    steer_world *w = ctx;
    const steer_world_sort *s = &w->sort;
    uint32_t *start = w->grid.start;
    for (int g = begin; g < end; g++) {
        int lo = g << s->shift, hi = (g + 1) << s->shift;
        hi = hi < w->grid.cells ? hi : w->grid.cells;
        uint32_t first = s->group_start[g], last = s->group_start[g + 1];
        for (int c = lo; c < hi; c++) start[c] = 0u;
        for (uint32_t t = first; t < last; t++) start[w->cell_of[s->order[t]]]++;
        uint32_t run = first;
        for (int c = lo; c < hi; c++) {
            uint32_t n = start[c];
            start[c] = run;
            run += n;
        }
        for (uint32_t t = first; t < last; t++) {
            uint32_t i = s->order[t];
            w->new_index[i] = start[w->cell_of[i]]++;
        }
        for (int c = hi - 1; c > lo; c--) start[c] = start[c - 1];
        start[lo] = first;
    }
}

void steer__world_sort(steer_world *w)
{
    steer_world_sort *s = &w->sort;
    int cells = w->grid.cells;
    s->shift = 0;
    while (((cells - 1) >> s->shift) + 1 > s->stride) s->shift++;
    s->groups = ((cells - 1) >> s->shift) + 1;
    steer_sort_plan_blocks(w);
    steer_sort_each_block(w, steer_sort_block_count);
    steer_sort_places(s);
    steer_sort_each_block(w, steer_sort_block_place);
    steer__world_parallel(w, s->groups, steer_sort_groups_range, w);
    w->grid.start[cells] = (uint32_t)w->count;
}
