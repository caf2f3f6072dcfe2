/* SPDX-License-Identifier: MIT */
/* The step's vector path, baseline build: four lanes of SSE2, NEON or WebAssembly
 * SIMD128 (the code is in world_lanes.h), which blocks of agents fit it, and the table of
 * the builds this library has, from which each world picks one at creation
 * (world_eval.h). world_lanes_avx2.c and world_lanes_avx512.c are the wider builds. */
#include "world_lanes.h"

#if STEER_LANES

/* The checks of both fits in one pass over the block's traits and poses; `whole` adds the ones for
 * steering on the vector path too (the same covered recipe, no callback). */
static bool steer_lanes_fit_block(const steer_world *w, int i, int width, bool whole)
{
    const steer_bounds *b = &w->def.bounds;
    if (b->kind != STEER_BOUNDS_NONE && !steer_v3_is_finite(b->centre))
        return false; /* steer_bounds_apply leaves the agents alone: the scalar path does */
    const steer_world_traits *y = steer__world_traits(w, i);
    const steer_world_pose *pose = &w->pose[w->cur][i];
    if (whole && (y->recipe < 0 || !w->recipes[y->recipe].lanes)) return false;
    if (y->facing != STEER_FACING_VELOCITY) return false;
    for (int k = 0; k < width; k++) {
        const steer_world_traits *z = &y[k];
        if (z->space != y->space || z->model != y->model || z->facing != y->facing) return false;
        if (whole && (z->recipe != y->recipe || (pose[k].flags & STEER_WORLD_HAS_CALLBACK) != 0u))
            return false;
    }
    return true;
}

bool steer__world_lanes_fit_moves(const steer_world *w, int i, int width)
{
    return steer_lanes_fit_block(w, i, width, false);
}

bool steer__world_lanes_fit(const steer_world *w, int i, int width)
{
    return steer_lanes_fit_block(w, i, width, true);
}

bool steer__world_lanes_finish(steer_world *w, const steer_world_eval e[])
{
    return steer_lanes_finish(w, e);
}

unsigned steer__world_lanes_finish_two(steer_world *w, const steer_world_eval e0[],
                                       const steer_world_eval e1[])
{
    return steer_lanes_finish_two(w, e0, e1);
}

bool steer__world_lanes_move(steer_world *w, const steer_world_eval e[], const steer_steering out[])
{
    return steer_lanes_move(w, e, out);
}

#else /* !STEER_LANES: every agent takes the scalar path */

bool steer__world_lanes_fit(const steer_world *w, int i, int width)
{
    (void)w, (void)i, (void)width;
    return false;
}

bool steer__world_lanes_fit_moves(const steer_world *w, int i, int width)
{
    (void)w, (void)i, (void)width;
    return false;
}

bool steer__world_lanes_finish(steer_world *w, const steer_world_eval e[])
{
    (void)w, (void)e;
    return false;
}

unsigned steer__world_lanes_finish_two(steer_world *w, const steer_world_eval e0[],
                                       const steer_world_eval e1[])
{
    (void)w, (void)e0, (void)e1;
    return 0u;
}

bool steer__world_lanes_move(steer_world *w, const steer_world_eval e[], const steer_steering out[])
{
    (void)w, (void)e, (void)out;
    return false;
}

#endif

const steer_world_lanes_fns steer__world_lanes_builds[STEER_WORLD_LANES_BUILDS] = {
    [STEER_WORLD_LANES_BASE] = {steer__world_lanes_finish, steer__world_lanes_finish_two,
                                steer__world_lanes_move},
#if defined(STEER_WORLD_AVX2)
    [STEER_WORLD_LANES_AVX2] = {steer__world_lanes_finish_avx2, steer__world_lanes_finish_two_avx2,
                                steer__world_lanes_move_avx2},
#endif
#if defined(STEER_WORLD_AVX512)
    [STEER_WORLD_LANES_AVX512] = {steer__world_lanes_finish_avx512,
                                  steer__world_lanes_finish_two_avx512,
                                  steer__world_lanes_move_avx512},
#endif
};

int steer__world_lanes_best(void)
{
#if !STEER_LANES
    return STEER_WORLD_LANES_BASE;
#else
#if defined(STEER_WORLD_AVX2) || defined(STEER_WORLD_AVX512)
    __builtin_cpu_init();
#endif
#if defined(STEER_WORLD_AVX512)
    if (__builtin_cpu_supports("avx512f")) return STEER_WORLD_LANES_AVX512;
#endif
#if defined(STEER_WORLD_AVX2)
    if (__builtin_cpu_supports("avx2")) return STEER_WORLD_LANES_AVX2;
#endif
    return STEER_WORLD_LANES_BASE;
#endif
}
