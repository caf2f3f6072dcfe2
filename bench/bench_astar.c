/* SPDX-License-Identifier: MIT */
/* A* benchmark: a 1024x1024 map with 30% random walls, random pairs of cells that are
 * connected, 8- and then 4-connected. Prints the median time per query and the median
 * and mean number of cells expanded per query.
 *
 *   bench_astar [queries=200] [seed=1]
 *
 * Build it optimised (cmake -DCMAKE_BUILD_TYPE=Release); docs/grid.md has figures.
 * The clock is read here, in the benchmark, never inside the library. */
#define _POSIX_C_SOURCE 199309L
#include "bench_stats.h"
#include "steer/steer.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { SIDE = 1024 };

static double now_ms(void)
{
    return bench_now_s() * 1e3;
}

/* Label 8-connected regions (no corner cutting) by flood fill; returns the label of the
 * largest, so queries can be drawn from cells known to be connected. */
static int label_regions(const steer_grid *g, int *label, int *queue)
{
    int n = g->width * g->height, next = 0, best = -1, best_size = 0;
    for (int i = 0; i < n; i++) label[i] = -1;
    for (int i = 0; i < n; i++) {
        if (label[i] >= 0 || g->cells[i] != STEER_CELL_FREE) continue;
        int head = 0, tail = 0;
        label[i] = next;
        queue[tail++] = i;
        while (head < tail) {
            steer_cell c = steer_cell_make(queue[head] % g->width, queue[head] / g->width);
            head++;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    if (!steer_grid_can_step(g, c, dx, dy, STEER_MOVES_8)) continue;
                    int k = steer_grid_cell_index(g, steer_cell_make(c.x + dx, c.y + dy));
                    if (label[k] < 0) label[k] = next, queue[tail++] = k;
                }
        }
        if (tail > best_size) best_size = tail, best = next;
        next++;
    }
    return best;
}

static steer_cell pick(steer_rng *rng, const int *label, int want)
{
    for (;;) {
        steer_cell c =
            steer_cell_make((int)steer_rng_below(rng, SIDE), (int)steer_rng_below(rng, SIDE));
        if (label[c.y * SIDE + c.x] == want) return c;
    }
}

static void run(const steer_grid *g, steer_astar_scratch *s, steer_cell *path, const int *label,
                int region, steer_grid_moves moves, int queries, uint64_t seed)
{
    double *ms = malloc(sizeof(double) * (size_t)queries);
    double *nodes = malloc(sizeof(double) * (size_t)queries);
    steer_rng rng = steer_rng_make(seed, 2);
    steer_astar_params p = steer_astar_default();
    p.moves = moves;
    double sum_nodes = 0.0, sum_len = 0.0;
    int done = 0;
    for (int q = 0; q < queries; q++) {
        steer_cell a = pick(&rng, label, region), b = pick(&rng, label, region);
        double t0 = now_ms();
        steer_path_result r = steer_astar(g, a, b, &p, s, path, SIDE * SIDE);
        double t1 = now_ms();
        /* 4-connected regions are smaller than 8-connected ones: skip pairs that the
         * coarser moves cannot connect, so every timed query is a found path. */
        if (r.status != STEER_PATH_FOUND) continue;
        ms[done] = t1 - t0;
        nodes[done] = r.expanded;
        sum_nodes += r.expanded;
        sum_len += r.cost;
        done++;
    }
    if (done > 0) {
        printf("%d-connected: %d queries, median %.3f ms/query, median %.0f nodes expanded "
               "(mean %.0f), mean path cost %.1f cells\n",
               (int)moves, done, median(ms, done), median(nodes, done), sum_nodes / done,
               sum_len / done);
    }
    free(ms);
    free(nodes);
}

int main(int argc, char **argv)
{
    int queries = argc > 1 ? atoi(argv[1]) : 200;
    uint64_t seed = argc > 2 ? (uint64_t)strtoull(argv[2], NULL, 10) : 1;
    if (queries < 1) queries = 1;
    size_t n = steer_grid_cells_needed(SIDE, SIDE);
    uint8_t *cells = malloc(n);
    int *label = malloc(n * sizeof(int)), *queue = malloc(n * sizeof(int));
    steer_cell *path = malloc(n * sizeof(steer_cell));
    void *mem = malloc(steer_astar_scratch_bytes((int)n));
    steer_grid g;
    steer_astar_scratch s;
    if (!cells || !label || !queue || !path || !mem || !steer_grid_init(&g, SIDE, SIDE, cells, n) ||
        !steer_astar_scratch_init(&s, mem, steer_astar_scratch_bytes((int)n), (int)n)) {
        fprintf(stderr, "bench_astar: out of memory\n");
        return 1;
    }
    steer_rng rng = steer_rng_make(seed, 1);
    for (size_t i = 0; i < n; i++) cells[i] = steer_rng_float(&rng) < 0.3f ? STEER_CELL_WALL : 0;
    int region = label_regions(&g, label, queue);
    printf("map %dx%d, 30%% walls, seed %llu\n", SIDE, SIDE, (unsigned long long)seed);
    run(&g, &s, path, label, region, STEER_MOVES_8, queries, seed);
    run(&g, &s, path, label, region, STEER_MOVES_4, queries, seed);
    free(cells), free(label), free(queue), free(path), free(mem);
    return 0;
}
