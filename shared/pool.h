/* SPDX-License-Identifier: MIT */
/* shared/pool.h - a small pthread pool for the tools, tests and benchmarks (not part of
 * the library, which never starts threads).
 *
 *   steer_pool *pool = steer_pool_create(4);
 *   def.parallel_for = steer_pool_parallel_for;
 *   def.parallel_user = pool;
 *   ... steer_world_create(&def) ... steer_pool_destroy(pool);
 *
 * The caller's thread works too, so a pool of N workers starts N - 1 threads. Each worker
 * has the same share of every job's range to start with and takes chunks from the others'
 * when its own is done; which worker runs which chunk varies from run to run, which the
 * world's results never depend on.
 */
#ifndef STEER_POOL_H
#define STEER_POOL_H

#include "steer/world.h"

typedef struct steer_pool steer_pool;

/* A pool of `workers` (the calling thread included; values below 1 mean 1, which starts
 * no thread). NULL when a thread or the memory cannot be had. */
steer_pool *steer_pool_create(int workers);

/* Stop and join the threads and free the pool. NULL does nothing. */
void steer_pool_destroy(steer_pool *pool);

/* Workers in the pool. */
int steer_pool_workers(const steer_pool *pool);

/* A steer_parallel_for_fn: `user` is the steer_pool. Runs fn over [0, count) in chunks
 * on every worker and returns when all are done. One call at a time per pool. */
void steer_pool_parallel_for(void *user, int count, steer_range_fn fn, void *ctx);

#endif /* STEER_POOL_H */
