/* SPDX-License-Identifier: MIT */
/* The world's crowd filter built for AVX2 machines: the world's side of it
 * (world_crowd.c), the filter's first and last steps (crowd_filter.c) and the solver
 * (crowd_lp.c) compiled again with -mavx2 (src/CMakeLists.txt adds this file where it
 * adds world_lanes_avx2.c), their entry points ending in _avx2 (crowd_internal.h,
 * world_crowd.h). Nothing here is written for wider lanes: the gain is the VEX
 * encoding's three-operand instructions and blends, which cut the copies and masks
 * the SSE2 build needs (crossing N = 100,000 on one thread: about 4.5% less time,
 * docs/performance.md). The same operations, so the same bits: -ffp-contract=off keeps
 * products and sums apart, and AVX2 alone fuses nothing. The step calls this build when
 * the world's vector path is an AVX2 or AVX-512 one (world_step.c). */
#define STEER_CROWD_AVX2 1
#include "crowd_lp.c"
#include "crowd_filter.c"
#include "world_crowd.c"
