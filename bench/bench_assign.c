/* SPDX-License-Identifier: MIT */
/* Slot assignment benchmark: members scattered over a square 100 units wide are given
 * the spots of a block beside it (a group move), then random slots, by the optimal
 * method (steer_assign_optimal) and the fast one (steer_assign_fast). Prints the time of
 * each and the fast one's total distance above the optimal one.
 *
 *   bench_assign
 *
 * Build it optimised (cmake -DCMAKE_BUILD_TYPE=Release); docs/groups.md has figures.
 * The clock is read here, in the benchmark, never inside the library. */
#define _POSIX_C_SOURCE 199309L
#include "bench_stats.h"
#include "steer/steer.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct bench_pair {
    double optimal_ms, fast_ms, gap_percent;
} bench_pair;

static bench_pair bench_one(const steer_assign_input *in, int *a, int *b, void *work, size_t size)
{
    bench_pair r;
    double t0 = bench_now_s();
    steer_assign_optimal(in, a, work, size);
    double t1 = bench_now_s();
    steer_assign_fast(in, b, work, size);
    double t2 = bench_now_s();
    r.optimal_ms = (t1 - t0) * 1e3;
    r.fast_ms = (t2 - t1) * 1e3;
    r.gap_percent = 100.0 * (steer_assign_cost(in, b) / steer_assign_cost(in, a) - 1.0);
    return r;
}

int main(void)
{
    static const int sizes[] = {40, 128, 512, 2000};
    steer_rng rng = steer_rng_make(1, 1);
    printf("members  block: optimal ms  fast ms  gap %%   random: optimal ms  fast ms  gap %%\n");
    for (int k = 0; k < 4; k++) {
        int n = sizes[k], cols = 1;
        while (cols * cols < n) cols++;
        steer_vec3 *m = malloc((size_t)n * sizeof *m), *s = malloc((size_t)n * sizeof *s);
        int *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
        size_t w1 = steer_assign_workspace_size(n, n), w2 = steer_assign_fast_workspace_size(n, n);
        size_t size = w1 > w2 ? w1 : w2;
        void *work = malloc(size);
        if (!m || !s || !a || !b || !work) return 1;
        for (int i = 0; i < n; i++) {
            float x = steer_rng_range(&rng, -50.0f, 50.0f);
            float y = steer_rng_range(&rng, -50.0f, 50.0f);
            m[i] = steer_v3(x, y, 0.0f);
            s[i] = steer_v3(100.0f + 1.3f * (float)(i % cols), 1.3f * (float)(i / cols), 0.0f);
        }
        steer_assign_input in = {m, NULL, n, s, NULL, n};
        bench_pair block = bench_one(&in, a, b, work, size);
        for (int i = 0; i < n; i++) {
            float x = steer_rng_range(&rng, -50.0f, 50.0f);
            float y = steer_rng_range(&rng, -50.0f, 50.0f);
            s[i] = steer_v3(x, y, 0.0f);
        }
        bench_pair random = bench_one(&in, a, b, work, size);
        printf("%7d  %17.2f  %7.2f  %5.2f  %18.2f  %7.2f  %5.2f\n", n, block.optimal_ms,
               block.fast_ms, block.gap_percent, random.optimal_ms, random.fast_ms,
               random.gap_percent);
        free(m);
        free(s);
        free(a);
        free(b);
        free(work);
    }
    return 0;
}
