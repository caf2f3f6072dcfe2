/* SPDX-License-Identifier: MIT */
/* The step's vector path built for AVX-512 machines: world_lanes.c compiled again with
 * -mavx512f (src/CMakeLists.txt adds this file on x86-64 with GCC or Clang), its entry
 * point named steer__world_lanes_finish_avx512. Same operations, same bits, sixteen
 * agents at a time (lanes.h's width). */
#define STEER_LANES_AVX512 1
#include "world_lanes.c"
