/* SPDX-License-Identifier: MIT */
/* Navigation mesh path benchmark: the pillar hall (100 x 100, a g x g grid of pillars,
 * each a quadrilateral with one slanted side), random start and goal points on the
 * mesh drawn with a fixed steer_rng, steer_navmesh_find_path for each pair. Prints the
 * time the hall's outline took to build (steer_navmesh_build_outline, once), the
 * queries per second of each of 5 runs over the same pairs, their median and spread
 * (max - min over the median), and the mean path length and corners.
 *
 *   bench_navmesh [g=40] [queries=2000]
 *
 * Build it optimised (cmake -DCMAKE_BUILD_TYPE=Release). The clock is read here, in the
 * benchmark, never inside the library. */
#define _POSIX_C_SOURCE 199309L
#include "bench_stats.h"
#include "navmesh_levels.h"
#include "steer/steer.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int g = argc > 1 ? atoi(argv[1]) : 40;
    int queries = argc > 2 ? atoi(argv[2]) : 2000;
    if (g < 1 || queries < 1) return 2;
    test_mesh hall; /* the tests' hall of slanted pillars (tests/navmesh_levels.h) */
    double built = bench_now_s();
    steer_navmesh_status status = test_slanted_hall(&hall, g);
    built = bench_now_s() - built;
    if (status != STEER_NAVMESH_OK) {
        fprintf(stderr, "bench_navmesh: the hall did not build\n");
        return 1;
    }
    int edges = steer_navmesh_edge_count(&hall.mesh);
    size_t qbytes = steer_navmesh_query_bytes(edges);
    void *qmem = malloc(qbytes);
    steer_navmesh_query query;
    if (!steer_navmesh_query_init(&query, qmem, qbytes, edges)) return 1;
    steer_vec3 *pairs = malloc(sizeof *pairs * 2u * (size_t)queries);
    steer_rng rng = steer_rng_make(20261126u, 1u);
    for (int i = 0; i < 2 * queries; i++)
        pairs[i] = test_point_on_mesh(&hall.mesh, &rng, steer_v3(0, 0, 0), steer_v3(100, 100, 0));
    printf("hall g=%d: %d pillars, %d polygons built in %.1f ms; %d edges, query %zu bytes, "
           "%d queries a run\n",
           g, g * g, steer_navmesh_polygon_count(&hall.mesh), 1e3 * built, edges, qbytes, queries);
    steer_vec3 points[256];
    double rate[5], length = 0.0, corners = 0.0;
    int failed = 0;
    for (int run = 0; run < 5; run++) {
        double t0 = bench_now_s();
        for (int i = 0; i < queries; i++) {
            steer_navmesh_path r = steer_navmesh_find_path(
                &hall.mesh, &query, pairs[2 * i], pairs[2 * i + 1], 0.0f, NULL, 0, points, 256);
            if (run == 0) {
                failed += r.status != STEER_NAVMESH_PATH_FOUND;
                length += r.length;
                corners += r.count > 2 ? r.count - 2 : 0;
            }
        }
        double t1 = bench_now_s();
        rate[run] = (double)queries / (t1 - t0);
        printf("run %d: %.0f queries/s\n", run, rate[run]);
    }
    double lo = rate[0], hi = rate[0];
    for (int run = 1; run < 5; run++) {
        if (rate[run] < lo) lo = rate[run];
        if (rate[run] > hi) hi = rate[run];
    }
    double med = median(rate, 5);
    printf("median %.0f queries/s, spread %.1f%%; mean length %.4f, mean corners %.2f, "
           "not found %d\n",
           med, 100.0 * (hi - lo) / med, length / queries, corners / queries, failed);
    free(pairs);
    free(qmem);
    free(hall.memory);
    return 0;
}
