/* SPDX-License-Identifier: MIT */
/* The flocking sums (world_sums.h) built for AVX-512 machines: compiled with -mavx512f
 * (src/CMakeLists.txt adds this file where it adds world_lanes_avx512.c), so the
 * neighbour search tests sixteen candidates at a time (world_near.h). The same candidates
 * kept in the same order and the same operations on them, so the same bits. The step
 * calls this build when the world's vector path is the AVX-512 one (world_step.c). */
#if !defined(__AVX512F__)
#error "world_sums_avx512.c is compiled with -mavx512f (src/CMakeLists.txt)"
#endif

#include "avx512_leave.h"
#include "world_sums.h"

void steer__world_sums_avx512(steer_world_eval *e)
{
    steer_world_sums(e);
    steer__avx512_leave();
}
