/* SPDX-License-Identifier: MIT */
/* The pthread pool (pool.h). Threads sleep on a condition variable between jobs and take
 * chunks from an atomic counter during one, so an uneven chunk does not idle the rest. */
#include "pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct steer_pool {
    pthread_t *threads;
    int thread_count; /* workers - 1 */
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    unsigned long epoch; /* bumped per job; workers wait for a change */
    int busy;            /* threads still inside the current job */
    int quit;
    /* the current job */
    steer_range_fn fn;
    void *ctx;
    int count, chunk;
    atomic_int next;
};

static void steer_pool_run_chunks(steer_pool *p)
{
    for (;;) {
        int begin = atomic_fetch_add(&p->next, p->chunk);
        if (begin >= p->count) return;
        int end = begin + p->chunk < p->count ? begin + p->chunk : p->count;
        p->fn(p->ctx, begin, end);
    }
}

static void *steer_pool_thread(void *arg)
{
    steer_pool *p = arg;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->epoch == seen) pthread_cond_wait(&p->wake, &p->lock);
        if (p->quit) break;
        seen = p->epoch;
        pthread_mutex_unlock(&p->lock);
        steer_pool_run_chunks(p);
        pthread_mutex_lock(&p->lock);
        if (--p->busy == 0) pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

steer_pool *steer_pool_create(int workers)
{
    steer_pool *p = calloc(1, sizeof *p);
    if (p == NULL) return NULL;
    p->thread_count = workers > 1 ? workers - 1 : 0;
    p->threads = calloc((size_t)p->thread_count + 1u, sizeof *p->threads);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    atomic_init(&p->next, 0);
    if (p->threads == NULL) {
        steer_pool_destroy(p);
        return NULL;
    }
    for (int i = 0; i < p->thread_count; i++) {
        if (pthread_create(&p->threads[i], NULL, steer_pool_thread, p) != 0) {
            p->thread_count = i;
            steer_pool_destroy(p);
            return NULL;
        }
    }
    return p;
}

void steer_pool_destroy(steer_pool *p)
{
    if (p == NULL) return;
    pthread_mutex_lock(&p->lock);
    p->quit = 1;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->thread_count; i++) pthread_join(p->threads[i], NULL);
    pthread_cond_destroy(&p->done);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
    free(p->threads);
    free(p);
}

int steer_pool_workers(const steer_pool *p)
{
    return p != NULL ? p->thread_count + 1 : 1;
}

void steer_pool_parallel_for(void *user, int count, steer_range_fn fn, void *ctx)
{
    steer_pool *p = user;
    if (count <= 0) return;
    if (p == NULL || p->thread_count == 0 || count < 64) {
        fn(ctx, 0, count);
        return;
    }
    /* About 16 chunks per worker: small enough to balance, large enough that the
     * counter is not contended. */
    int chunk = count / ((p->thread_count + 1) * 16);
    pthread_mutex_lock(&p->lock);
    p->fn = fn;
    p->ctx = ctx;
    p->count = count;
    p->chunk = chunk > 32 ? chunk : 32;
    atomic_store(&p->next, 0);
    p->busy = p->thread_count;
    p->epoch++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    steer_pool_run_chunks(p);
    pthread_mutex_lock(&p->lock);
    while (p->busy > 0) pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
}
