/* SPDX-License-Identifier: MIT */
/* What an AVX-512 entry point does before it returns to code built without AVX
 * (world_lanes_avx512.c, world_sums_avx512.c, crowd_avx512.c). Private.
 *
 * Code built for AVX-512 may leave 512-bit values in registers zmm16 to zmm31, and the
 * vzeroupper the compiler puts before a return clears the upper halves of zmm0 to zmm15
 * only. While any upper half is dirty, on Intel cores every SSE instruction after it
 * pays (the baseline build's code, libm, the game's callbacks): a crowd step whose
 * filter happened to leave one dirty took 1.68 times as long (bench_world --scenario
 * circle --n 1000 on a Xeon of CPU family 6 model 207, 493 against 295 ns per agent
 * step). Whether a build leaves one dirty depends on the compiler's choice of registers,
 * so every entry point clears them all: writing a register's low 128 bits with a VEX
 * instruction zeroes the rest of it. */
#ifndef STEER_AVX512_LEAVE_H
#define STEER_AVX512_LEAVE_H

#if !defined(__AVX512F__)
#error "avx512_leave.h is for files compiled with -mavx512f (src/CMakeLists.txt)"
#endif

static inline void steer__avx512_leave(void)
{
#if defined(__GNUC__) || defined(__clang__)
    /* Zero idioms on the whole registers: AVX-512 F alone (the 128-bit forms need VL). */
    __asm__ volatile("vpxord %%zmm16, %%zmm16, %%zmm16\n\tvpxord %%zmm17, %%zmm17, %%zmm17\n\t"
                     "vpxord %%zmm18, %%zmm18, %%zmm18\n\tvpxord %%zmm19, %%zmm19, %%zmm19\n\t"
                     "vpxord %%zmm20, %%zmm20, %%zmm20\n\tvpxord %%zmm21, %%zmm21, %%zmm21\n\t"
                     "vpxord %%zmm22, %%zmm22, %%zmm22\n\tvpxord %%zmm23, %%zmm23, %%zmm23\n\t"
                     "vpxord %%zmm24, %%zmm24, %%zmm24\n\tvpxord %%zmm25, %%zmm25, %%zmm25\n\t"
                     "vpxord %%zmm26, %%zmm26, %%zmm26\n\tvpxord %%zmm27, %%zmm27, %%zmm27\n\t"
                     "vpxord %%zmm28, %%zmm28, %%zmm28\n\tvpxord %%zmm29, %%zmm29, %%zmm29\n\t"
                     "vpxord %%zmm30, %%zmm30, %%zmm30\n\tvpxord %%zmm31, %%zmm31, %%zmm31\n\t"
                     "vzeroupper"
                     :
                     :
                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
                       "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16",
                       "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24",
                       "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31");
#endif
}

#endif /* STEER_AVX512_LEAVE_H */
