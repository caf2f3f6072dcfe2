/* SPDX-License-Identifier: MIT */
/* Navigation mesh queries: paths (worked optima, never leaving the mesh, against a fine
 * grid A*), the funnel's corners, raycasts, bad input, and no allocation. */
#include "test.h"
#include "navmesh_levels.h"

#include "steer/astar.h"
#include "steer/math.h"
#include "steer/random.h"

/* Count the library's allocations: the test links with --wrap=malloc (CMakeLists). */
#ifdef STEER_TEST_WRAP_MALLOC
void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size);
static volatile int test_mallocs; /* volatile: compilers assume malloc leaves globals alone */
void *__wrap_malloc(size_t size)
{
    test_mallocs++;
    return __real_malloc(size);
}
#else
static volatile int test_mallocs; /* volatile: compilers assume malloc leaves globals alone */
#endif

typedef struct test_query {
    steer_navmesh_query q;
    void *memory;
} test_query;

static void query_make(test_query *t, const steer_navmesh *m)
{
    int edges = steer_navmesh_edge_count(m);
    size_t bytes = steer_navmesh_query_bytes(edges);
    t->memory = malloc(bytes);
    steer_navmesh_query_init(&t->q, t->memory, bytes, edges);
}

static int same(steer_vec3 a, steer_vec3 b)
{
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* The two rooms: from below the door on the left to above it on the right, the path
 * bends exactly at the door's lower-left and upper-right corners. */
static void door_path_turns_at_the_door_corners(void)
{
    test_mesh t;
    test_query q;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    query_make(&q, &t.mesh);
    steer_vec3 pts[8];
    int32_t corridor[8];
    steer_navmesh_path r = steer_navmesh_find_path(
        &t.mesh, &q.q, steer_v3(3.5f, 0.5f, 0), steer_v3(5.5f, 3.5f, 0), 0.0f, corridor, 8, pts, 8);
    CHECK(r.status == STEER_NAVMESH_PATH_FOUND);
    CHECK(r.corridor == 3 && corridor[0] == 0 && corridor[1] == 1 && corridor[2] == 2);
    CHECK(r.count == 4);
    CHECK(same(pts[0], steer_v3(3.5f, 0.5f, 0)) && same(pts[3], steer_v3(5.5f, 3.5f, 0)));
    CHECK(same(pts[1], steer_v3(4, 1.5f, 0)) && same(pts[2], steer_v3(5, 2.5f, 0)));
    CHECK_NEAR(r.length, 2.0 * sqrt(1.25) + sqrt(2.0), 1e-5);
    /* Through the door in a straight line: no corner. */
    r = steer_navmesh_find_path(&t.mesh, &q.q, steer_v3(1, 2, 0), steer_v3(8, 2, 0), 0.0f, NULL, 0,
                                pts, 8);
    CHECK(r.status == STEER_NAVMESH_PATH_FOUND && r.count == 2 && r.corridor == 3);
    free(q.memory);
    free(t.memory);
}

static void pillar_path_goes_round_two_corners(void)
{
    test_mesh t;
    test_query q;
    CHECK(test_room_with_pillar(&t) == STEER_NAVMESH_OK);
    query_make(&q, &t.mesh);
    steer_vec3 pts[8];
    steer_navmesh_path r = steer_navmesh_find_path(&t.mesh, &q.q, steer_v3(2, 5, 0),
                                                   steer_v3(8, 5, 0), 0.0f, NULL, 0, pts, 8);
    CHECK(r.status == STEER_NAVMESH_PATH_FOUND && r.count == 4);
    CHECK_NEAR(r.length, 2.0 * sqrt(5.0) + 2.0, 1e-5);
    bool below = same(pts[1], steer_v3(4, 4, 0)) && same(pts[2], steer_v3(6, 4, 0));
    bool above = same(pts[1], steer_v3(4, 6, 0)) && same(pts[2], steer_v3(6, 6, 0));
    CHECK(below || above);
    free(q.memory);
    free(t.memory);
}

/* Every point of every segment lies on the mesh. */
static int path_on_mesh(const steer_navmesh *m, const steer_vec3 *pts, int count)
{
    for (int i = 0; i + 1 < count; i++)
        for (int k = 0; k <= 64; k++) {
            steer_vec3 p = steer_lerp(pts[i], pts[i + 1], (float)k / 64.0f);
            if (steer_navmesh_locate(m, p) < 0) return 0;
        }
    return 1;
}

/* The hall rasterised at `cell`: a cell is free when its centre is on the mesh. */
static void raster(const steer_navmesh *m, steer_grid *grid, float cell)
{
    int side = (int)(100.0f / cell);
    uint8_t *cells = malloc((size_t)side * (size_t)side);
    steer_grid_init(grid, side, side, cells, (size_t)side * (size_t)side);
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            steer_vec3 c = steer_v3(((float)x + 0.5f) * cell, ((float)y + 0.5f) * cell, 0);
            steer_grid_set_wall(grid, steer_cell_make(x, y), steer_navmesh_locate(m, c) < 0);
        }
}

/* Random pairs in a hall of 16 pillars: the path stays on the mesh, is at least the
 * straight distance, and is at most 3% longer than an 8-connected A* path on a fine
 * (0.25) grid of the same floor (itself up to 8% above the true optimum; the worst
 * ratio seen over these 300 pairs is printed, 1.001 when written). */
static void paths_stay_on_the_mesh_and_beat_a_fine_grid(void)
{
    test_mesh t;
    test_query q;
    CHECK(test_slanted_hall(&t, 4) == STEER_NAVMESH_OK);
    query_make(&q, &t.mesh);
    steer_grid grid;
    const float cell = 0.25f;
    raster(&t.mesh, &grid, cell);
    size_t sb = steer_astar_scratch_bytes(grid.width * grid.height);
    void *smem = malloc(sb);
    steer_astar_scratch scratch;
    steer_astar_scratch_init(&scratch, smem, sb, grid.width * grid.height);
    steer_cell *cells = malloc(sizeof *cells * (size_t)(grid.width * grid.height));
    steer_rng rng = steer_rng_make(7, 1);
    steer_vec3 pts[64];
    double worst = 0.0;
    for (int trial = 0; trial < 300; trial++) {
        steer_vec3 a, b;
        do {
            float ax = steer_rng_range(&rng, 0.5f, 99.5f);
            float ay = steer_rng_range(&rng, 0.5f, 99.5f);
            a = steer_v3(ax, ay, 0);
        } while (
            !steer_grid_is_free(&grid, steer_grid_world_to_cell(NULL, steer_scale(a, 1 / cell))));
        do {
            float bx = steer_rng_range(&rng, 0.5f, 99.5f);
            float by = steer_rng_range(&rng, 0.5f, 99.5f);
            b = steer_v3(bx, by, 0);
        } while (
            !steer_grid_is_free(&grid, steer_grid_world_to_cell(NULL, steer_scale(b, 1 / cell))));
        steer_navmesh_path r = steer_navmesh_find_path(&t.mesh, &q.q, a, b, 0.0f, NULL, 0, pts, 64);
        CHECK_MSG(r.status == STEER_NAVMESH_PATH_FOUND, "trial %d status %d", trial, r.status);
        CHECK_MSG(path_on_mesh(&t.mesh, pts, r.count), "trial %d leaves the mesh", trial);
        CHECK(same(pts[0], a) && same(pts[r.count - 1], b));
        CHECK(r.length >= steer_distance(a, b) - 1e-4f);
        steer_path_result g =
            steer_astar(&grid, steer_grid_world_to_cell(NULL, steer_scale(a, 1 / cell)),
                        steer_grid_world_to_cell(NULL, steer_scale(b, 1 / cell)), NULL, &scratch,
                        cells, grid.width * grid.height);
        CHECK(g.status == STEER_PATH_FOUND);
        double grid_len = (double)g.cost * cell;
        CHECK_MSG(r.length <= 1.03 * grid_len, "trial %d: mesh %g, grid %g", trial,
                  (double)r.length, grid_len);
        if (r.length / (grid_len + 1e-9) > worst) worst = r.length / (grid_len + 1e-9);
    }
    printf("worst mesh / grid length ratio: %.4f\n", worst);
    free(cells);
    free(smem);
    free(grid.cells);
    free(q.memory);
    free(t.memory);
}

static void raycasts_stop_at_walls_and_pass_doors(void)
{
    test_mesh t;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    steer_navmesh_hit h = steer_navmesh_raycast(&t.mesh, steer_v3(1, 2, 0), steer_v3(8, 2, 0));
    CHECK(!h.hit && h.t == 1.0f && h.polygon == 2);
    CHECK_NEAR(h.point.x, 8.0, 1e-5);
    h = steer_navmesh_raycast(&t.mesh, steer_v3(1, 1, 0), steer_v3(8, 1, 0));
    CHECK(h.hit && h.polygon == 0);
    CHECK_NEAR(h.t, 3.0 / 7.0, 1e-6);
    CHECK_NEAR(h.point.x, 4.0, 1e-5);
    CHECK(h.normal.x == -1.0f && h.normal.y == 0.0f);
    h = steer_navmesh_raycast(&t.mesh, steer_v3(1, 0, 0), steer_v3(3, 0, 0)); /* along a wall */
    CHECK(!h.hit && h.polygon == 0);
    h = steer_navmesh_raycast(&t.mesh, steer_v3(-1, 1, 0), steer_v3(3, 1, 0));
    CHECK(h.hit && h.polygon == -1 && h.t == 0.0f);
    h = steer_navmesh_raycast(&t.mesh, steer_v3(1, 1, 0), steer_v3(NAN, 1, 0));
    CHECK(!h.hit && h.polygon == 0 && h.point.x == 1.0f);
    free(t.memory);
    CHECK(test_room_with_pillar(&t) == STEER_NAVMESH_OK);
    h = steer_navmesh_raycast(&t.mesh, steer_v3(2, 5, 0), steer_v3(8, 5, 0));
    CHECK(h.hit);
    CHECK_NEAR(h.t, 1.0 / 3.0, 1e-6);
    CHECK(h.normal.x == -1.0f);
    free(t.memory);
}

static void path_bad_input_and_islands(void)
{
    test_mesh t;
    test_query q;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    query_make(&q, &t.mesh);
    steer_vec3 pts[8];
    steer_navmesh_path r = steer_navmesh_find_path(&t.mesh, &q.q, steer_v3(NAN, 1, 0),
                                                   steer_v3(8, 2, 0), 1.0f, NULL, 0, pts, 8);
    CHECK(r.status == STEER_NAVMESH_PATH_BAD_INPUT && r.count == 0);
    r = steer_navmesh_find_path(&t.mesh, &q.q, steer_v3(-1, 1, 0), steer_v3(8, 2, 0), 0.5f, NULL, 0,
                                pts, 8);
    CHECK(r.status == STEER_NAVMESH_PATH_BAD_INPUT);
    r = steer_navmesh_find_path(&t.mesh, &q.q, steer_v3(-1, 1, 0), steer_v3(8, 2, 0), 1.5f, NULL, 0,
                                pts, 8);
    CHECK(r.status == STEER_NAVMESH_PATH_FOUND && same(pts[0], steer_v3(0, 1, 0)));
    r = steer_navmesh_find_path(&t.mesh, &q.q, steer_v3(3.5f, 0.5f, 0), steer_v3(5.5f, 3.5f, 0),
                                0.0f, NULL, 0, pts, 2);
    CHECK(r.status == STEER_NAVMESH_PATH_TOO_LONG && r.count == 2);
    r = steer_navmesh_find_path(&t.mesh, &q.q, steer_v3(1, 1, 0), steer_v3(1, 1, 0), 0.0f, NULL, 0,
                                pts, 8);
    CHECK(r.status == STEER_NAVMESH_PATH_FOUND && r.count == 1);
    steer_navmesh_query small;
    uint64_t mem[128]; /* room for a one-edge query, too small for this mesh */
    CHECK(steer_navmesh_query_init(&small, mem, sizeof mem, 1));
    r = steer_navmesh_find_path(&t.mesh, &small, steer_v3(1, 1, 0), steer_v3(8, 2, 0), 0.0f, NULL,
                                0, pts, 8);
    CHECK(r.status == STEER_NAVMESH_PATH_BAD_INPUT);
    CHECK(!steer_navmesh_query_init(&small, mem, 4, 1) && small.capacity == 0);
    free(q.memory);
    free(t.memory);
    /* Two islands: the path ends at the start island's point nearest the goal. */
    CHECK(test_two_islands(&t) == STEER_NAVMESH_OK);
    query_make(&q, &t.mesh);
    r = steer_navmesh_find_path(&t.mesh, &q.q, steer_v3(1, 1, 0), steer_v3(6, 1, 0), 0.0f, NULL, 0,
                                pts, 8);
    CHECK(r.status == STEER_NAVMESH_PATH_PARTIAL && r.count == 2);
    CHECK(same(pts[1], steer_v3(2, 1, 0)));
    free(q.memory);
    free(t.memory);
}

/* A built mesh and a query answer every question without calling malloc. */
static void queries_do_not_allocate(void)
{
    test_mesh t;
    test_query q;
    CHECK(test_slanted_hall(&t, 3) == STEER_NAVMESH_OK);
    query_make(&q, &t.mesh);
    steer_vec3 pts[64], near;
    int before = test_mallocs;
    for (int i = 0; i < 50; i++) {
        steer_vec3 a = steer_v3((float)i * 2.0f, 1.0f, 0), b = steer_v3(99.0f - (float)i, 98, 0);
        steer_navmesh_find_path(&t.mesh, &q.q, a, b, 1.0f, NULL, 0, pts, 64);
        steer_navmesh_raycast(&t.mesh, a, b);
        steer_navmesh_nearest(&t.mesh, a, &near);
        steer_navmesh_locate(&t.mesh, b);
    }
    CHECK(test_mallocs == before);
    free(q.memory);
    free(t.memory);
    /* A goal on another island: the flood for the nearest point, a second search. */
    CHECK(test_two_islands(&t) == STEER_NAVMESH_OK);
    query_make(&q, &t.mesh);
    before = test_mallocs;
    for (int i = 0; i < 20; i++) {
        steer_navmesh_path r =
            steer_navmesh_find_path(&t.mesh, &q.q, steer_v3(0.1f * (float)i, 1, 0),
                                    steer_v3(6, 1, 0), 0.0f, NULL, 0, pts, 64);
        CHECK(r.status == STEER_NAVMESH_PATH_PARTIAL);
    }
    CHECK(test_mallocs == before);
#ifdef STEER_TEST_WRAP_MALLOC
    void *volatile probe = malloc(4); /* the counter is live */
    free(probe);
    CHECK(test_mallocs == before + 1);
#endif
    free(q.memory);
    free(t.memory);
}

/* A goal on an island beside a hall of 100 pillars: the search toward it looks at every
 * corner of the hall and fills the query's nodes. It stops there, without writing past
 * them; the flood then finds the hall's point nearest the goal and the path goes there. */
static void a_full_query_stops_and_the_island_point_is_found(void)
{
    test_mesh hall;
    CHECK(test_slanted_hall(&hall, 10) == STEER_NAVMESH_OK);
    int np = steer_navmesh_polygon_count(&hall.mesh), nv = 0;
    steer_vec3 *v = malloc(sizeof *v * (size_t)(np * STEER_NAVMESH_POLY_MAX + 4));
    int32_t *first = malloc(sizeof *first * (size_t)(np + 2));
    int32_t *idx = malloc(sizeof *idx * (size_t)(np * STEER_NAVMESH_POLY_MAX + 4));
    first[0] = 0;
    for (int p = 0; p < np; p++) {
        int k = steer_navmesh_polygon_vertices(&hall.mesh, p, v + nv, STEER_NAVMESH_POLY_MAX);
        for (int i = 0; i < k; i++, nv++) idx[nv] = nv;
        first[p + 1] = nv;
    }
    static const steer_vec3 island[] = {{120, 40, 0}, {121, 40, 0}, {121, 41, 0}, {120, 41, 0}};
    for (int i = 0; i < 4; i++, nv++) v[nv] = island[i], idx[nv] = nv;
    first[np + 1] = nv;
    test_mesh t;
    size_t bytes = steer_navmesh_bytes(nv, np + 1, nv);
    t.memory = malloc(bytes);
    CHECK(steer_navmesh_build(&t.mesh, t.memory, bytes, v, nv, first, idx, np + 1, STEER_SPACE_XY,
                              NULL) == STEER_NAVMESH_OK);
    free(v);
    free(first);
    free(idx);
    free(hall.memory);
    test_query q;
    query_make(&q, &t.mesh);
    steer_vec3 pts[64];
    steer_navmesh_path r = steer_navmesh_find_path(
        &t.mesh, &q.q, steer_v3(0.5f, 0.5f, 0), steer_v3(120.5f, 40.5f, 0), 0.0f, NULL, 0, pts, 64);
    CHECK(r.status == STEER_NAVMESH_PATH_PARTIAL);
    CHECK(r.expanded > q.q.node_capacity / 2); /* the first search ran out of nodes */
    CHECK_NEAR(pts[r.count - 1].x, 100.0, 1e-4);
    CHECK_NEAR(pts[r.count - 1].y, 40.5, 1e-4);
    CHECK(path_on_mesh(&t.mesh, pts, r.count));
    free(q.memory);
    free(t.memory);
}

TEST_MAIN(TEST(door_path_turns_at_the_door_corners), TEST(pillar_path_goes_round_two_corners),
          TEST(paths_stay_on_the_mesh_and_beat_a_fine_grid),
          TEST(raycasts_stop_at_walls_and_pass_doors), TEST(path_bad_input_and_islands),
          TEST(queries_do_not_allocate), TEST(a_full_query_stops_and_the_island_point_is_found))
