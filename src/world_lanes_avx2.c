/* The step's vector path built for AVX2 machines: world_lanes.c compiled again with
 * -mavx2 (src/CMakeLists.txt adds this file on x86-64 with GCC or Clang), its entry point
 * named steer__world_lanes_finish_avx2. Same operations, same bits; fewer instructions
 * (three-operand forms, blends for the selects). */
#define STEER_LANES_AVX2 1
#include "world_lanes.c"
