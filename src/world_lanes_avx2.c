/* SPDX-License-Identifier: MIT */
/* The step's vector path built for AVX2 machines: world_lanes.c compiled again with
 * -mavx2 (src/CMakeLists.txt adds this file on x86-64 with GCC or Clang), its entry point
 * named steer__world_lanes_finish_avx2. Same operations, same bits, eight agents at a
 * time instead of four (lanes.h's width), with three-operand forms and blends for the
 * selects: half the vector instructions per agent. */
#define STEER_LANES_AVX2 1
#include "world_lanes.c"
