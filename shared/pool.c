/* SPDX-License-Identifier: MIT */
/* The pthread pool (pool.h). Threads take chunks from an atomic counter during a job, so
 * an uneven chunk does not idle the rest. Between jobs they first spin a little, then
 * sleep on a condition variable: a world step hands out several jobs in quick succession
 * (index, steering, crowd), and waking a sleeping thread costs tens of microseconds, a
 * large share of a step of a few thousand agents. */
#include "pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

struct steer_pool {
    pthread_t *threads;
    int thread_count; /* workers - 1 */
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    atomic_ulong epoch; /* bumped per job; workers wait for a change */
    atomic_int busy;    /* threads still inside the current job */
    atomic_int quit;
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

/* How long a thread spins before it sleeps: about 50 microseconds of pause
 * instructions, longer than the gaps between a step's jobs, far shorter than the time
 * between steps of a game running at frame rate. */
#define STEER_POOL_SPINS 2000

static void steer_pool_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Spin until `busy` is 0 or the spins run out: true when it is 0. */
static bool steer_pool_spin_idle(steer_pool *p)
{
    for (int i = 0; i < STEER_POOL_SPINS; i++) {
        if (atomic_load_explicit(&p->busy, memory_order_acquire) == 0) return true;
        steer_pool_relax();
    }
    return false;
}

/* Spin until a job newer than `seen` is posted or the spins run out. */
static bool steer_pool_spin_job(steer_pool *p, unsigned long seen)
{
    for (int i = 0; i < STEER_POOL_SPINS; i++) {
        if (atomic_load_explicit(&p->epoch, memory_order_acquire) != seen) return true;
        steer_pool_relax();
    }
    return false;
}

static void *steer_pool_thread(void *arg)
{
    steer_pool *p = arg;
    unsigned long seen = 0;
    for (;;) {
        if (!steer_pool_spin_job(p, seen)) {
            pthread_mutex_lock(&p->lock);
            while (!p->quit && atomic_load(&p->epoch) == seen)
                pthread_cond_wait(&p->wake, &p->lock);
            pthread_mutex_unlock(&p->lock);
        }
        /* quit is set before the epoch moves on (steer_pool_destroy) */
        if (atomic_load(&p->quit)) break;
        seen = atomic_load(&p->epoch);
        steer_pool_run_chunks(p);
        /* The last one out wakes the caller, under the lock so the wake cannot fall
         * between its check and its wait. */
        if (atomic_fetch_sub(&p->busy, 1) == 1) {
            pthread_mutex_lock(&p->lock);
            pthread_cond_signal(&p->done);
            pthread_mutex_unlock(&p->lock);
        }
    }
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
    atomic_init(&p->epoch, 0ul);
    atomic_init(&p->busy, 0);
    atomic_init(&p->quit, 0);
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
    atomic_store(&p->quit, 1);
    atomic_fetch_add(&p->epoch, 1ul); /* wakes the spinning threads too */
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
    p->fn = fn;
    p->ctx = ctx;
    p->count = count;
    p->chunk = chunk > 32 ? chunk : 32;
    atomic_store(&p->next, 0);
    atomic_store(&p->busy, p->thread_count);
    /* The job's fields are written before the epoch moves (release): a thread that sees
     * the new epoch sees them. The broadcast is for threads already asleep. */
    pthread_mutex_lock(&p->lock);
    atomic_fetch_add_explicit(&p->epoch, 1ul, memory_order_release);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    steer_pool_run_chunks(p);
    if (!steer_pool_spin_idle(p)) {
        pthread_mutex_lock(&p->lock);
        while (atomic_load(&p->busy) > 0) pthread_cond_wait(&p->done, &p->lock);
        pthread_mutex_unlock(&p->lock);
    }
}
