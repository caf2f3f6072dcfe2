/* SPDX-License-Identifier: MIT */
/* World creation and destruction, the allocator hooks, and the parallel-for default
 * (steer/world.h). Everything a world needs is allocated here, so stepping never does. */
#include "world_internal.h"
#include "world_eval.h"

#include <stdlib.h>
#include <string.h>

steer_world_def steer_world_default(void)
{
    steer_world_def d;
    memset(&d, 0, sizeof d);
    d.capacity = 1024;
    d.max_recipes = 16;
    d.seed = 1u;
    d.cell_size = 0.0f;
    d.bounds = steer_bounds_none();
    d.stuck_time = 2.0f;
    d.stuck_progress = 0.25f;
    return d;
}

void *steer__world_alloc(const steer_world_def *def, size_t size)
{
    void *p = def->allocator.alloc != NULL ? def->allocator.alloc(def->allocator.user, size)
                                           : malloc(size);
    if (p != NULL) memset(p, 0, size);
    return p;
}

void steer__world_free(const steer_world_def *def, void *ptr, size_t size)
{
    if (ptr == NULL) return;
    if (def->allocator.free != NULL)
        def->allocator.free(def->allocator.user, ptr, size);
    else
        free(ptr);
}

/* Every array the world owns, with its element size and count, so creation and
 * destruction walk one list and cannot disagree. */
typedef struct steer_world_array {
    void **ptr;
    size_t size;
} steer_world_array;

enum { STEER_WORLD_ARRAYS = 44 };

static void steer_world_arrays(steer_world *w, steer_world_array *a)
{
    size_t n = (size_t)w->capacity;
    int k = 0;
    for (int b = 0; b < 2; b++) {
        a[k++] = (steer_world_array){(void **)&w->pos[b], n * sizeof(steer_vec3)};
        a[k++] = (steer_world_array){(void **)&w->vel[b], n * sizeof(steer_vec3)};
        a[k++] = (steer_world_array){(void **)&w->pose[b], n * sizeof(steer_world_pose)};
        a[k++] = (steer_world_array){(void **)&w->steering[b], n * sizeof(steer_steering)};
        a[k++] = (steer_world_array){(void **)&w->traits[b], n * sizeof(steer_world_traits)};
        a[k++] = (steer_world_array){(void **)&w->own[b].angle, n * sizeof(float)};
        a[k++] = (steer_world_array){(void **)&w->own[b].point, n * sizeof(steer_vec3)};
        a[k++] = (steer_world_array){(void **)&w->own[b].rng_state, n * sizeof(uint64_t)};
        a[k++] = (steer_world_array){(void **)&w->own[b].rng_inc, n * sizeof(uint64_t)};
        a[k++] = (steer_world_array){(void **)&w->neighbours[b], n * sizeof(uint32_t)};
    }
    size_t padded = n + STEER_WORLD_NEAR_PAD;
    a[k++] = (steer_world_array){(void **)&w->points.x, padded * sizeof(float)};
    a[k++] = (steer_world_array){(void **)&w->points.y, padded * sizeof(float)};
    a[k++] = (steer_world_array){(void **)&w->points.z, padded * sizeof(float)};
    a[k++] = (steer_world_array){(void **)&w->points.layer, padded * sizeof(uint32_t)};
    a[k++] = (steer_world_array){(void **)&w->points.fx, padded * sizeof(float)};
    a[k++] = (steer_world_array){(void **)&w->points.fy, padded * sizeof(float)};
    a[k++] = (steer_world_array){(void **)&w->points.fz, padded * sizeof(float)};
    a[k++] = (steer_world_array){(void **)&w->points.radius, padded * sizeof(float)};
    a[k++] = (steer_world_array){(void **)&w->points.recipe, padded * sizeof(int32_t)};
    a[k++] = (steer_world_array){(void **)&w->points.slot, padded * sizeof(uint32_t)};
    a[k++] = (steer_world_array){(void **)&w->cell_of, n * sizeof(uint32_t)};
    a[k++] = (steer_world_array){(void **)&w->new_index, n * sizeof(uint32_t)};
    a[k++] = (steer_world_array){(void **)&w->entry, n * sizeof(uint32_t)};
    a[k++] = (steer_world_array){(void **)&w->sort.order, n * sizeof(uint32_t)};
    a[k++] = (steer_world_array){(void **)&w->sort.counts, steer__world_sort_blocks(w->capacity) *
                                                               (size_t)w->sort.stride *
                                                               sizeof(uint32_t)};
    a[k++] = (steer_world_array){(void **)&w->sort.group_start,
                                 ((size_t)w->sort.stride + 1u) * sizeof(uint32_t)};
    a[k++] = (steer_world_array){(void **)&w->nav_stale, n * sizeof(uint8_t)};
    a[k++] = (steer_world_array){(void **)&w->nav_poly, n * sizeof(int32_t)};
    a[k++] = (steer_world_array){(void **)&w->slots, n * sizeof(steer_world_slot)};
    a[k++] = (steer_world_array){(void **)&w->aims, n * sizeof(steer_world_aim)};
    a[k++] = (steer_world_array){(void **)&w->tallies, n * sizeof(steer_world_tally)};
    a[k++] = (steer_world_array){(void **)&w->memory, n * sizeof(steer_world_memory)};
    a[k++] = (steer_world_array){(void **)&w->walkers,
                                 w->def.walkers ? n * sizeof(steer_world_walker) : 0u};
    a[k++] = (steer_world_array){(void **)&w->grid.start,
                                 ((size_t)w->grid.max_cells + 1u) * sizeof(uint32_t)};
    STEER_ASSERT(k == STEER_WORLD_ARRAYS);
}

static void steer_world_free_arrays(steer_world *w)
{
    steer_world_array a[STEER_WORLD_ARRAYS];
    steer_world_arrays(w, a);
    for (int i = 0; i < STEER_WORLD_ARRAYS; i++) steer__world_free(&w->def, *a[i].ptr, a[i].size);
    steer__world_free(&w->def, w->recipes, (size_t)w->def.max_recipes * sizeof(steer_world_recipe));
}

static bool steer_world_alloc_arrays(steer_world *w)
{
    steer_world_array a[STEER_WORLD_ARRAYS];
    steer_world_arrays(w, a);
    bool ok = true;
    for (int i = 0; i < STEER_WORLD_ARRAYS; i++) {
        if (a[i].size == 0u) continue; /* an optional array the def does not ask for */
        *a[i].ptr = steer__world_alloc(&w->def, a[i].size);
        ok = ok && *a[i].ptr != NULL;
    }
    w->recipes =
        steer__world_alloc(&w->def, (size_t)w->def.max_recipes * sizeof(steer_world_recipe));
    return ok && w->recipes != NULL;
}

/* Free slots form a stack (the last removed is reused first), so slot numbers, and so
 * every agent's random stream, depend only on the sequence of adds and removes. */
static void steer_world_init_slots(steer_world *w)
{
    for (int i = 0; i < w->capacity; i++) {
        w->slots[i].generation = 1u;
        w->slots[i].dense = -1;
        w->slots[i].next_free = (uint32_t)i + 1u;
    }
    w->free_head = 0u;
}

/* The world's tag (steer_world_def.tag): the caller's when it gives one, the only way to
 * a tag unique in the process run without a global counter, which the core may not keep.
 * Otherwise the def's numbers mixed with the address: two live worlds differ (their
 * addresses do) unless 32 bits of hash collide, and a world made with another seed or
 * size where a destroyed one lived differs from it too. */
static uint32_t steer_world_tag(const steer_world *w, const steer_world_def *def)
{
    if (def->tag != 0u) return def->tag;
    uint64_t x = (uint64_t)(uintptr_t)w ^ def->seed * 0x9E3779B97F4A7C15ULL ^
                 (uint64_t)(uint32_t)def->capacity << 32 ^ (uint64_t)(uint32_t)def->max_recipes;
    for (int round = 0; round < 2; round++) {
        x ^= x >> 33;
        x *= 0xff51afd7ed558ccdULL;
    }
    x ^= x >> 33;
    uint32_t t = (uint32_t)x;
    return t != 0u ? t : 1u;
}

steer_world *steer_world_create(const steer_world_def *def)
{
    STEER_ASSERT(def != NULL);
    /* An unknown bounds kind is refused here: a world holding one could not restore its
     * own snapshot (steer_world_restore reads it as damage). */
    if (def == NULL || def->capacity <= 0 || def->capacity > (1 << 28) || def->max_recipes <= 0 ||
        (unsigned)def->bounds.kind > (unsigned)STEER_BOUNDS_RESPAWN)
        return NULL;
    steer_world *w = steer__world_alloc(def, sizeof *w);
    if (w == NULL) return NULL;
    w->def = *def;
    w->capacity = def->capacity;
    /* Twice as many cells as agents bounds the index's memory whatever the spread of the
     * agents (the cell grows instead); see docs/world.md. */
    w->grid.max_cells = 2 * def->capacity + 64;
    w->sort.stride =
        w->grid.max_cells < STEER_WORLD_SORT_GROUPS ? w->grid.max_cells : STEER_WORLD_SORT_GROUPS;
    if (!steer_world_alloc_arrays(w)) {
        steer_world_destroy(w);
        return NULL;
    }
    w->tag = steer_world_tag(w, def);
    w->resource_tag = w->tag;
    steer_world_init_slots(w);
    steer__world_use_lanes(w, STEER_WORLD_LANES_AVX512);
    w->auto_cell = 1.0f;
    w->fold_cell = 1.0f;
    w->layers_shared = ~0u;
    return w;
}

void steer_world_destroy(steer_world *world)
{
    if (world == NULL) return;
    steer_world_def def = world->def;
    steer_world_free_arrays(world);
    steer__world_free(&def, world, sizeof *world);
}

void steer__world_parallel(const steer_world *world, int count, steer_range_fn fn, void *ctx)
{
    if (count <= 0) return;
    if (world->def.parallel_for != NULL)
        world->def.parallel_for(world->def.parallel_user, count, fn, ctx);
    else
        fn(ctx, 0, count);
}

int steer__world_use_lanes(steer_world *world, int build)
{
    int best = steer__world_lanes_best();
    if (build > best) build = best;
    if (build < STEER_WORLD_LANES_NONE) build = STEER_WORLD_LANES_NONE;
    world->lanes = (int8_t)build;
    return world->lanes;
}
