/* SPDX-License-Identifier: MIT */
/* The step's neighbour search: the agents near one agent, found through the spatial
 * index and handed over in batches (world_internal.h). Shared by every behaviour of the
 * world that looks at neighbours, so there is one search loop to keep fast; its body is
 * in world_near.h, so that a caller can also have it inlined with its hand-over (the
 * crowd filter does). */
#include "world_near.h"

void steer__world_scan(const steer_world *w, int i, float radius, uint32_t mask,
                       steer_world_found_fn fn, void *ctx)
{
    steer__world_scan_inline(w, i, radius, mask, fn, ctx);
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
