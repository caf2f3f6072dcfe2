/* The step's neighbour search: the agents near one agent, found through the spatial
 * index and handed over in batches (world_internal.h). Shared by every behaviour of the
 * world that looks at neighbours, so there is one search loop to keep fast. */
#include "world_internal.h"

void steer__world_near(const steer_world *w, int i, float radius, uint32_t mask,
                       steer_world_near_fn fn, void *ctx)
{
    const steer_world_grid *g = &w->grid;
    const steer_world_point *pt = w->points;
    steer_vec3 p = pt[i].p;
    float r2 = radius * radius;
    /* Widened by a hair so rounding in p +- radius never drops a cell the exact test
     * would accept. */
    steer_grid_range b = steer__grid_range(g, p, radius * 1.0001f + 1e-6f);
    steer_world_near buf[STEER_WORLD_NEAR_BATCH];
    int n = 0;
    for (int z = b.lo[2]; z <= b.hi[2]; z++) {
        for (int y = b.lo[1]; y <= b.hi[1]; y++) {
            int row = (z * g->dim[1] + y) * g->dim[0];
            uint32_t end = g->start[row + b.hi[0] + 1];
            for (uint32_t j = g->start[row + b.lo[0]]; j < end; j++) {
                /* Written unconditionally and kept by advancing n: most candidates are
                 * rejected, and a branch on each would be mispredicted often. NaN
                 * distances fail the comparison. */
                steer_world_point c = pt[j];
                steer_vec3 o = steer_sub(c.p, p);
                float d2 = steer_length_sq(o);
                buf[n].offset = o;
                buf[n].d2 = d2;
                buf[n].j = (int32_t)j;
                n += (d2 < r2) & ((int)j != i) & ((c.layer & mask) != 0u);
                if (n == STEER_WORLD_NEAR_BATCH) {
                    fn(ctx, buf, n);
                    n = 0;
                }
            }
        }
    }
    if (n > 0) fn(ctx, buf, n);
}
