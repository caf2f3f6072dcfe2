// SPDX-License-Identifier: MIT
/* The thread pool of the tools and benchmarks (shared/pool.c): every index of a job's
 * range runs exactly once, in ranges inside [0, count), for any number of workers, also
 * when one worker's share is much slower than the others' (the others then take chunks
 * of it), and job after job on the same pool. */
#include "pool.h"
#include "test.h"

#include <stdatomic.h>

#define POOL_MAX 100003

typedef struct pool_job {
    atomic_int seen[POOL_MAX];
    atomic_int bad_ranges;
    atomic_uint sink;
    int count;
    int slow_below; /* indices below this take much longer */
} pool_job;

static pool_job job;

static void pool_visit(void *ctx, int begin, int end)
{
    pool_job *j = ctx;
    if (begin < 0 || end > j->count || begin >= end) atomic_fetch_add(&j->bad_ranges, 1);
    for (int i = begin; i < end; i++) {
        if (i < 0 || i >= j->count) continue;
        atomic_fetch_add(&j->seen[i], 1);
        /* Busy work the compiler cannot drop (its sum is stored), so the slow share
         * really is slow. */
        unsigned spin = 0;
        for (int k = 0; k < (i < j->slow_below ? 2000 : 1); k++) spin = spin * 31u + (unsigned)k;
        atomic_store_explicit(&j->sink, spin, memory_order_relaxed);
    }
}

static void run_job(steer_pool *pool, int count, int slow_below)
{
    job.count = count;
    job.slow_below = slow_below;
    atomic_store(&job.bad_ranges, 0);
    for (int i = 0; i < count; i++) atomic_store(&job.seen[i], 0);
    steer_pool_parallel_for(pool, count, pool_visit, &job);
}

static void every_index_once(void)
{
    static const int counts[] = {0, 1, 63, 64, 65, 100, 1000, 4097, POOL_MAX};
    static const int workers[] = {1, 2, 3, 8};
    for (int w = 0; w < 4; w++) {
        steer_pool *pool = steer_pool_create(workers[w]);
        CHECK(pool != NULL);
        CHECK(steer_pool_workers(pool) == workers[w]);
        for (int c = 0; c < 9; c++)
            for (int slow = 0; slow < 2; slow++) {
                int n = counts[c];
                /* The first worker's share slow: the rest must finish it. */
                run_job(pool, n, slow ? n / 2 : 0);
                CHECK_MSG(atomic_load(&job.bad_ranges) == 0,
                          "workers %d count %d: a range "
                          "outside [0, count)",
                          workers[w], n);
                for (int i = 0; i < n; i++)
                    CHECK_MSG(atomic_load(&job.seen[i]) == 1,
                              "workers %d count %d slow %d: index %d ran %d times", workers[w], n,
                              slow, i, atomic_load(&job.seen[i]));
            }
        steer_pool_destroy(pool);
    }
}

static void no_pool_runs_inline(void)
{
    run_job(NULL, 1000, 0);
    for (int i = 0; i < 1000; i++) CHECK(atomic_load(&job.seen[i]) == 1);
    CHECK(steer_pool_workers(NULL) == 1);
}

TEST_MAIN(TEST(every_index_once), TEST(no_pool_runs_inline))
