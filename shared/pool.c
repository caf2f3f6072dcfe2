/* SPDX-License-Identifier: MIT */
/* The pthread pool (pool.h). Each worker has a home run of the job's range, the same
 * share of it in every job, and takes chunks of it from its run's atomic counter; once
 * its run is done it takes chunks from the others', so an uneven share does not idle
 * it. The same home in every job keeps an agent's records in the cache of the core that
 * worked on it in the previous job of a world step (the agents move little between the
 * index's rebuilds): handing chunks out from one shared counter sent half of them to
 * the other core each time. Between jobs they first spin a little, then
 * sleep on a condition variable: a world step hands out several jobs in quick succession
 * (index, steering, crowd), and waking a sleeping thread costs tens of microseconds, a
 * large share of a step of a few thousand agents. */
#include "pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>

/* A worker's home run: its own cache line, since the others take from it only at the
 * end. */
typedef struct steer_pool_run {
    _Alignas(64) atomic_int next;
    int end;
} steer_pool_run;

/* What a thread is given: its pool and its worker number (the caller is worker 0). */
typedef struct steer_pool_worker {
    struct steer_pool *pool;
    int index;
} steer_pool_worker;

struct steer_pool {
    pthread_t *threads;
    steer_pool_worker *workers;
    steer_pool_run *runs; /* one per worker */
    int thread_count;     /* workers - 1 */
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    atomic_ulong epoch; /* bumped per job; workers wait for a change */
    atomic_int busy;    /* threads still inside the current job */
    atomic_int quit;
    /* the current job */
    steer_range_fn fn;
    void *ctx;
    int chunk;
};

/* Worker `self`'s part of the job: its own run, then what is left of the others'. */
static void steer_pool_run_chunks(steer_pool *p, int self)
{
    int workers = p->thread_count + 1;
    for (int k = 0; k < workers; k++) {
        steer_pool_run *r = &p->runs[(self + k) % workers];
        for (;;) {
            int begin = atomic_fetch_add(&r->next, p->chunk);
            /* Past the end; or wrapped round, for a range near INT_MAX (the atomic
             * addition wraps, it does not overflow). */
            if (begin >= r->end || begin < 0) break;
            int end = r->end - begin > p->chunk ? begin + p->chunk : r->end;
            p->fn(p->ctx, begin, end);
        }
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
    const steer_pool_worker *me = arg;
    steer_pool *p = me->pool;
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
        steer_pool_run_chunks(p, me->index);
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
    size_t n = (size_t)p->thread_count + 1u;
    p->threads = calloc(n, sizeof *p->threads);
    p->workers = calloc(n, sizeof *p->workers);
    p->runs = aligned_alloc(_Alignof(steer_pool_run), n * sizeof *p->runs);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    atomic_init(&p->epoch, 0ul);
    atomic_init(&p->busy, 0);
    atomic_init(&p->quit, 0);
    if (p->threads == NULL || p->workers == NULL || p->runs == NULL) {
        p->thread_count = 0; /* none started */
        steer_pool_destroy(p);
        return NULL;
    }
    for (size_t k = 0; k < n; k++) {
        p->workers[k] = (steer_pool_worker){p, (int)k};
        atomic_init(&p->runs[k].next, 0);
        p->runs[k].end = 0;
    }
    for (int i = 0; i < p->thread_count; i++) {
        if (pthread_create(&p->threads[i], NULL, steer_pool_thread, &p->workers[i + 1]) != 0) {
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
    free(p->workers);
    free(p->runs);
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
     * counters are not contended. */
    int workers = p->thread_count + 1;
    int chunk = count / (workers * 16);
    p->fn = fn;
    p->ctx = ctx;
    p->chunk = chunk > 32 ? chunk : 32;
    for (int k = 0; k < workers; k++) {
        atomic_store(&p->runs[k].next, (int)((long long)count * k / workers));
        p->runs[k].end = (int)((long long)count * (k + 1) / workers);
    }
    atomic_store(&p->busy, p->thread_count);
    /* The job's fields are written before the epoch moves (release): a thread that sees
     * the new epoch sees them. The broadcast is for threads already asleep. */
    pthread_mutex_lock(&p->lock);
    atomic_fetch_add_explicit(&p->epoch, 1ul, memory_order_release);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    steer_pool_run_chunks(p, 0);
    if (!steer_pool_spin_idle(p)) {
        pthread_mutex_lock(&p->lock);
        while (atomic_load(&p->busy) > 0) pthread_cond_wait(&p->done, &p->lock);
        pthread_mutex_unlock(&p->lock);
    }
}
