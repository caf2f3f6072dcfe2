/* SPDX-License-Identifier: MIT */
/* The world's crowd filter built for AVX-512 machines: world_crowd_filter.h compiled with
 * -mavx512f (src/CMakeLists.txt adds this file where it adds world_lanes_avx512.c). The
 * filter's own steps are written four lanes wide and gain only the encoding; its
 * neighbour search tests sixteen candidates at a time (world_near.h). The same operations,
 * so the same bits (-ffp-contract=off keeps products and sums apart). The step calls this
 * build when the world's vector path is the AVX-512 one (world_step.c). */
#if !defined(__AVX512F__)
#error "crowd_avx512.c is compiled with -mavx512f (src/CMakeLists.txt)"
#endif

#include "avx512_leave.h"
#include "world_crowd_filter.h"

void steer__world_crowd_avx512(const steer_world *w, int i, steer_agent *agent,
                               const steer_world_traits *traits, steer_world_pose *pose,
                               const steer_world_recipe *recipe, steer_steering *out,
                               uint32_t *seen)
{
    steer_world_crowd_filter(w, i, agent, traits, pose, recipe, out, seen);
    steer__avx512_leave();
}
