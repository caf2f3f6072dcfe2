/* SPDX-License-Identifier: MIT */
/* Timing and medians shared by the benchmark programs (never by the library, which
 * reads no clock). */
#ifndef STEER_BENCH_STATS_H
#define STEER_BENCH_STATS_H

#include <stdlib.h>
#include <time.h>

/* Monotonic time in seconds. */
static inline double bench_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of v[0..n) (sorts v in place). */
static inline double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#endif /* STEER_BENCH_STATS_H */
