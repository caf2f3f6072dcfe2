/* SPDX-License-Identifier: MIT */
/* The world's crowd filter built for AVX2 machines: world_crowd_filter.h (the world's
 * side, the filter's steps of crowd_filter.h and the solver of crowd_lp.h) compiled with
 * -mavx2 (src/CMakeLists.txt adds this file where it adds world_lanes_avx2.c). Nothing
 * there is written for wider lanes: the gain is the VEX encoding's three-operand
 * instructions and blends, which cut the copies and masks the SSE2 build needs (crossing
 * N = 100,000 on one thread: about 4.5% less time, docs/performance.md). The same
 * operations, so the same bits: -ffp-contract=off keeps products and sums apart, and AVX2
 * alone fuses nothing. The step calls this build when the world's vector path is an
 * AVX2 or AVX-512 one (world_step.c). */
#if !defined(__AVX2__)
#error "crowd_avx2.c is compiled with -mavx2 (src/CMakeLists.txt)"
#endif

#include "world_crowd_filter.h"

void steer__world_crowd_avx2(const steer_world *w, int i, steer_agent *agent,
                             const steer_world_traits *traits, steer_world_pose *pose,
                             const steer_world_recipe *recipe, steer_steering *out, uint32_t *seen)
{
    steer_world_crowd_filter(w, i, agent, traits, pose, recipe, out, seen);
}
