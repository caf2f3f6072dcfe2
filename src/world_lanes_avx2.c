/* SPDX-License-Identifier: MIT */
/* The step's vector path built for AVX2 machines: world_lanes.h compiled with -mavx2 and
 * STEER_LANES_AVX2 (src/CMakeLists.txt adds this file on x86-64 with GCC or Clang). Same
 * operations, same bits, eight agents at a time instead of four (lanes.h's width), with
 * three-operand forms and blends for the selects: half the vector instructions per
 * agent. The step calls these through steer__world_lanes_builds (world_lanes.c). */
#if !defined(STEER_LANES_AVX2)
#error "world_lanes_avx2.c is compiled with -mavx2 -DSTEER_LANES_AVX2 (src/CMakeLists.txt)"
#endif

#include "world_lanes.h"

bool steer__world_lanes_finish_avx2(steer_world *w, const steer_world_eval e[])
{
    return steer_lanes_finish(w, e);
}

unsigned steer__world_lanes_finish_two_avx2(steer_world *w, const steer_world_eval e0[],
                                            const steer_world_eval e1[])
{
    return steer_lanes_finish_two(w, e0, e1);
}

bool steer__world_lanes_move_avx2(steer_world *w, const steer_world_eval e[],
                                  const steer_steering out[])
{
    return steer_lanes_move(w, e, out);
}
