/* SPDX-License-Identifier: MIT */
/* The step's vector path built for AVX-512 machines: world_lanes.h compiled with
 * -mavx512f and STEER_LANES_AVX512 (src/CMakeLists.txt adds this file on x86-64 with GCC
 * or Clang). Same operations, same bits, sixteen agents at a time (lanes.h's width). The
 * step calls these through steer__world_lanes_builds (world_lanes.c). */
#if !defined(STEER_LANES_AVX512)
#error "world_lanes_avx512.c is compiled with -mavx512f -DSTEER_LANES_AVX512 (src/CMakeLists.txt)"
#endif

#include "avx512_leave.h"
#include "world_lanes.h"

bool steer__world_lanes_finish_avx512(steer_world *w, const steer_world_eval e[])
{
    bool done = steer_lanes_finish(w, e);
    steer__avx512_leave();
    return done;
}

unsigned steer__world_lanes_finish_two_avx512(steer_world *w, const steer_world_eval e0[],
                                              const steer_world_eval e1[])
{
    unsigned done = steer_lanes_finish_two(w, e0, e1);
    steer__avx512_leave();
    return done;
}

bool steer__world_lanes_move_avx512(steer_world *w, const steer_world_eval e[],
                                    const steer_steering out[])
{
    bool done = steer_lanes_move(w, e, out);
    steer__avx512_leave();
    return done;
}
