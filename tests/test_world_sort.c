// SPDX-License-Identifier: MIT
/* The spatial index's counting sort, split over workers (src/world_sort.c), gives what
 * one stable counting sort by bucket gives: each agent's place and every bucket's first
 * place, for 1, 2, 3 and 8 workers and without a parallel-for. White-box: it reads the
 * world's private layout (src/world_internal.h). */
#include "pool.h"
#include "steer/steer.h"
#include "test.h"
#include "world_internal.h"

enum { SORT_MAX = 20000 };

/* n agents in `shape`: 0 a sparse ring (its grid folded), 1 a dense ball, 2 both. */
static steer_world *sort_world(int n, int shape, steer_pool *pool)
{
    steer_world_def def = steer_world_default();
    def.capacity = n;
    def.parallel_for = pool != NULL ? steer_pool_parallel_for : NULL;
    def.parallel_user = pool;
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    steer_recipe rc = steer_recipe_default();
    rc.items[rc.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_COHESION, 1.0f);
    int recipe = steer_world_add_recipe(w, &rc);
    steer_rng r = steer_rng_make(21u, (uint64_t)shape);
    for (int i = 0; i < n; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.space = STEER_SPACE_3D;
        double a = 2.0 * TEST_PI * (double)i / (double)n, ring = 0.8 * (double)n;
        float ball = 2.0f * cbrtf((float)n);
        bool on_ring = shape == 0 || (shape == 2 && i % 2 == 0);
        d.agent.position =
            on_ring ? steer_v3((float)(ring * cos(a)), (float)(ring * sin(a)), 0.0f)
                    : steer_v3(steer_rng_range(&r, -ball, ball), steer_rng_range(&r, -ball, ball),
                               steer_rng_range(&r, -ball, ball));
        d.recipe = recipe;
        if (steer_world_add(w, &d, NULL) != STEER_WORLD_OK) {
            steer_world_destroy(w);
            return NULL;
        }
    }
    return w;
}

/* The reference: one stable counting sort of w->cell_of, as the index did before it
 * was split. */
static void sort_reference(const steer_world *w, uint32_t *place, uint32_t *start)
{
    int cells = w->grid.cells;
    for (int c = 0; c <= cells; c++) start[c] = 0u;
    for (int i = 0; i < w->count; i++) start[w->cell_of[i] + 1u]++;
    for (int c = 0; c < cells; c++) start[c + 1] += start[c];
    static uint32_t cursor[2 * SORT_MAX + 64];
    for (int c = 0; c < cells; c++) cursor[c] = start[c];
    for (int i = 0; i < w->count; i++) place[i] = cursor[w->cell_of[i]]++;
}

static void split_sort_equals_one_counting_sort(void)
{
    static const int sizes[] = {3000, SORT_MAX};
    static const int workers[] = {0, 1, 2, 3, 8}; /* 0: no parallel-for */
    static uint32_t place[SORT_MAX], start[2 * SORT_MAX + 65];
    for (int shape = 0; shape < 3; shape++)
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < 5; k++) {
                steer_pool *pool = workers[k] > 0 ? steer_pool_create(workers[k]) : NULL;
                steer_world *w = sort_world(sizes[s], shape, pool);
                CHECK(w != NULL);
                /* Two rebuilds: the second starts from the first's cell order. */
                for (int round = 0; round < 2; round++) {
                    steer_world_step(w, 0.5f);
                    CHECK(steer_world_update_index(w) == STEER_WORLD_OK);
                    sort_reference(w, place, start);
                    for (int i = 0; i < w->count; i++)
                        CHECK_MSG(w->new_index[i] == place[i],
                                  "shape %d n %d workers %d: agent %d to %u, not %u", shape,
                                  sizes[s], workers[k], i, w->new_index[i], place[i]);
                    for (int c = 0; c <= w->grid.cells; c++)
                        CHECK_MSG(w->grid.start[c] == start[c], "shape %d n %d: bucket %d", shape,
                                  sizes[s], c);
                }
                /* The big sizes ran in several blocks and groups. */
                if (s == 1) CHECK(w->sort.blocks > 1 && w->sort.groups > 64);
                steer_world_destroy(w);
                steer_pool_destroy(pool);
            }
}

TEST_MAIN(TEST(split_sort_equals_one_counting_sort))
