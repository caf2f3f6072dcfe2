/* SPDX-License-Identifier: MIT */
/* Navigation meshes: building from polygons and from outlines, validation, adjacency. */
#include "test.h"
#include "navmesh_levels.h"

#include "steer/math.h"

static double poly_area(const steer_vec3 *c, int n)
{
    double a = 0.0;
    for (int k = 0; k < n; k++) {
        steer_vec3 p = c[k], q = c[(k + 1) % n];
        a += (double)p.x * q.y - (double)q.x * p.y;
    }
    return 0.5 * a;
}

/* Every polygon counter-clockwise and convex; the areas add up to `area`; every
 * neighbour link is returned across the same two vertices. */
static int check_mesh_shape(const steer_navmesh *m, double area)
{
    double sum = 0.0;
    for (int p = 0; p < m->polygon_count; p++) {
        steer_vec3 c[STEER_NAVMESH_POLY_MAX];
        int n = steer_navmesh_polygon_vertices(m, p, c, STEER_NAVMESH_POLY_MAX);
        if (n < 3) return 0;
        for (int k = 0; k < n; k++) {
            steer_vec3 a = c[k], b = c[(k + 1) % n], d = c[(k + 2) % n];
            double turn = ((double)b.x - a.x) * ((double)d.y - b.y) -
                          ((double)b.y - a.y) * ((double)d.x - b.x);
            if (turn < -1e-9) return 0;
        }
        double a = poly_area(c, n);
        if (!(a > 0.0)) return 0;
        sum += a;
        for (int k = 0; k < n; k++) {
            int s = m->first[p] + k, nb = m->neighbours[s];
            if (nb < 0) continue;
            int32_t va = m->indices[s], vb = m->indices[m->first[p] + (k + 1) % n];
            int back = 0;
            for (int j = m->first[nb]; j < m->first[nb + 1]; j++) {
                int jn = j + 1 == m->first[nb + 1] ? m->first[nb] : j + 1;
                if (m->indices[j] == vb && m->indices[jn] == va && m->neighbours[j] == p) back = 1;
            }
            if (!back) return 0;
        }
    }
    return fabs(sum - area) < 1e-4;
}

static double boundary_length(const steer_navmesh *m)
{
    double len = 0.0;
    for (int p = 0; p < m->polygon_count; p++)
        for (int s = m->first[p]; s < m->first[p + 1]; s++) {
            int sn = s + 1 == m->first[p + 1] ? m->first[p] : s + 1;
            if (m->neighbours[s] < 0)
                len += steer_distance(m->vertices[m->indices[s]], m->vertices[m->indices[sn]]);
        }
    return len;
}

static void test_room_with_pillar_builds(void)
{
    test_mesh t;
    CHECK(test_room_with_pillar(&t) == STEER_NAVMESH_OK);
    CHECK(t.report.status == STEER_NAVMESH_OK && t.report.polygon == -1);
    /* 8 points, one hole: 8 triangles, merged into fewer convex polygons. */
    CHECK(t.mesh.polygon_count >= 4 && t.mesh.polygon_count < 8);
    CHECK(check_mesh_shape(&t.mesh, 96.0));
    CHECK_NEAR(boundary_length(&t.mesh), 48.0, 1e-4);
    for (float y = -0.75f; y < 11.0f; y += 0.5f)
        for (float x = -0.75f; x < 11.0f; x += 0.5f) {
            bool room = x > 0 && x < 10 && y > 0 && y < 10;
            bool pillar = x > 4 && x < 6 && y > 4 && y < 6;
            int p = steer_navmesh_locate(&t.mesh, steer_v3(x, y, 0));
            CHECK_MSG((p >= 0) == (room && !pillar), "(%g, %g) -> %d", x, y, p);
        }
    free(t.memory);
}

static void test_two_rooms_share_the_door(void)
{
    test_mesh t;
    CHECK(test_two_rooms(&t) == STEER_NAVMESH_OK);
    CHECK(t.mesh.polygon_count == 3);
    CHECK(check_mesh_shape(&t.mesh, 16.0 + 1.0 + 16.0));
    CHECK(steer_navmesh_locate(&t.mesh, steer_v3(4.5f, 2, 0)) == 1);
    CHECK(steer_navmesh_locate(&t.mesh, steer_v3(4.5f, 1, 0)) == -1); /* wall beside door */
    int links = 0;
    for (int s = t.mesh.first[1]; s < t.mesh.first[2]; s++)
        if (t.mesh.neighbours[s] >= 0) links |= 1 << t.mesh.neighbours[s];
    CHECK(links == ((1 << 0) | (1 << 2)));
    CHECK_NEAR(boundary_length(&t.mesh), 15.0 + 15.0 + 2.0,
               1e-5); /* rooms less the doorway, door sides */
    free(t.memory);
}

/* Build polygons and return the report. */
static steer_navmesh_report build_polys(const steer_vec3 *v, int nv, const int32_t *first,
                                        const int32_t *idx, int np)
{
    steer_navmesh m;
    steer_navmesh_report r = {STEER_NAVMESH_OK, -2, -2};
    int count = first[np] - first[0];
    size_t bytes = steer_navmesh_bytes(nv, np, count < 3 ? 3 : count);
    void *mem = malloc(bytes ? bytes : 8);
    steer_navmesh_build(&m, mem, bytes, v, nv, first, idx, np, STEER_SPACE_XY, &r);
    if (r.status != STEER_NAVMESH_OK && m.polygon_count != 0) r.status = -1; /* not emptied */
    free(mem);
    return r;
}

static void test_validation_names_the_polygon(void)
{
    static const steer_vec3 v[] = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0},  {0, 2, 0},  {1, 1, 0},
                                   {4, 0, 0}, {1, 0, 0}, {1, -2, 0}, {NAN, 0, 0}};
    /* polygon 1 is a square with a notch: the corner at vertex 4 turns the wrong way */
    int32_t f1[] = {0, 3, 8}, i1[] = {1, 5, 2, 0, 1, 2, 4, 3};
    steer_navmesh_report r = build_polys(v, 8, f1, i1, 2);
    CHECK(r.status == STEER_NAVMESH_NOT_CONVEX && r.polygon == 1 && r.vertex == 4);
    int32_t f2[] = {0, 3, 6}, i2[] = {0, 1, 2, 0, 2, 8};
    r = build_polys(v, 9, f2, i2, 2);
    CHECK(r.status == STEER_NAVMESH_NOT_FINITE && r.polygon == 1 && r.vertex == 8);
    int32_t f3[] = {0, 3, 6}, i3[] = {0, 2, 3, 0, 4, 2}; /* 0, (1,1), (2,2) are collinear */
    r = build_polys(v, 8, f3, i3, 2);
    CHECK(r.status == STEER_NAVMESH_ZERO_AREA && r.polygon == 1);
    /* T-junction: the lower triangle's edge 0-1 has vertex 6 (1, 0) inside it, the two
     * below use 0-6 and 6-1 */
    int32_t f4[] = {0, 3, 6, 9}, i4[] = {0, 1, 2, 0, 7, 6, 6, 7, 1};
    r = build_polys(v, 8, f4, i4, 3);
    CHECK(r.status == STEER_NAVMESH_T_JUNCTION && r.polygon == 0 && r.vertex == 6);
    int32_t f5[] = {0, 3, 6, 9}, i5[] = {0, 1, 2, 1, 0, 7, 0, 1, 3};
    r = build_polys(v, 8, f5, i5, 3);
    CHECK(r.status == STEER_NAVMESH_EDGE_SHARED_3 && r.polygon >= 0);
    int32_t f6[] = {0, 3, 6}, i6[] = {0, 1, 2, 0, 1, 3};
    r = build_polys(v, 8, f6, i6, 2);
    CHECK(r.status == STEER_NAVMESH_OVERLAP && r.polygon == 1);
    int32_t f7[] = {0, 3, 5}, i7[] = {0, 1, 2, 0, 2};
    r = build_polys(v, 8, f7, i7, 2);
    CHECK(r.status == STEER_NAVMESH_BAD_POLYGON && r.polygon == 1);
    int32_t f8[] = {0, 3}, i8[] = {0, 1, 42};
    r = build_polys(v, 8, f8, i8, 1);
    CHECK(r.status == STEER_NAVMESH_BAD_POLYGON && r.polygon == 0 && r.vertex == 42);
    int32_t f9[] = {0, 4}, i9[] = {0, 1, 2, 1};
    r = build_polys(v, 8, f9, i9, 1);
    CHECK(r.status == STEER_NAVMESH_BAD_POLYGON && r.polygon == 0);
    /* Clockwise input is accepted and stored counter-clockwise. */
    int32_t f10[] = {0, 4}, i10[] = {3, 2, 1, 0};
    r = build_polys(v, 8, f10, i10, 1);
    CHECK(r.status == STEER_NAVMESH_OK);
}

static void test_bad_arguments_leave_an_empty_mesh(void)
{
    steer_navmesh m;
    steer_navmesh_report r;
    static const steer_vec3 v[] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    int32_t f[] = {0, 3}, idx[] = {0, 1, 2};
    uint64_t mem[256];
    size_t need = steer_navmesh_bytes(3, 1, 3);
    CHECK(need > 0 && need <= sizeof mem);
    CHECK(steer_navmesh_build(&m, mem, need - 1, v, 3, f, idx, 1, STEER_SPACE_XY, &r) ==
          STEER_NAVMESH_TOO_SMALL);
    CHECK(m.polygon_count == 0 && steer_navmesh_locate(&m, steer_v3(0.2f, 0.2f, 0)) == -1);
    CHECK(steer_navmesh_build(&m, NULL, need, v, 3, f, idx, 1, STEER_SPACE_XY, &r) ==
          STEER_NAVMESH_BAD_ARGUMENT);
    CHECK(steer_navmesh_build(&m, (char *)mem + 4, need, v, 3, f, idx, 1, STEER_SPACE_XY, &r) ==
          STEER_NAVMESH_BAD_ARGUMENT);
    CHECK(steer_navmesh_build(&m, mem, need, v, 3, f, idx, 0, STEER_SPACE_XY, NULL) ==
          STEER_NAVMESH_BAD_ARGUMENT);
    CHECK(steer_navmesh_bytes(0, 1, 3) == 0 && steer_navmesh_bytes(3, -1, 3) == 0);
    CHECK(steer_navmesh_outline_bytes(2, 1) == 0 && steer_navmesh_outline_bytes(9, 0) == 0);
    CHECK(steer_navmesh_build(&m, mem, need, v, 3, f, idx, 1, STEER_SPACE_XY, &r) ==
          STEER_NAVMESH_OK);
    CHECK(steer_navmesh_locate(&m, steer_v3(0.2f, 0.2f, 0)) == 0);
    CHECK(steer_navmesh_locate(&m, steer_v3(NAN, 0.2f, 0)) == -1);
    CHECK(steer_navmesh_locate(&m, steer_v3(INFINITY, 0.2f, 0)) == -1);
    steer_navmesh empty = {0};
    CHECK(steer_navmesh_locate(&empty, steer_v3(0, 0, 0)) == -1);
    CHECK(strcmp(steer_navmesh_status_name(STEER_NAVMESH_T_JUNCTION), "T-junction") == 0);
    CHECK(strcmp(steer_navmesh_status_name((steer_navmesh_status)99), "unknown") == 0);
}

static steer_navmesh_report build_rings(const steer_vec3 *pts, const int32_t *rings, int nr)
{
    int total = 0;
    for (int i = 0; i < nr; i++) total += rings[i];
    steer_navmesh m;
    steer_navmesh_report r = {STEER_NAVMESH_OK, -2, -2};
    size_t bytes = steer_navmesh_outline_bytes(total, nr);
    void *mem = malloc(bytes ? bytes : 8);
    steer_navmesh_build_outline(&m, mem, bytes, pts, rings, nr, STEER_SPACE_XY, &r);
    free(mem);
    return r;
}

static void test_outline_errors_name_the_ring(void)
{
    steer_vec3 pts[] = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0},
                        {8, 4, 0}, {12, 4, 0}, {12, 6, 0},  {8, 6, 0}};
    int32_t rings[] = {4, 4};
    steer_navmesh_report r = build_rings(pts, rings, 2); /* hole pokes through the wall */
    CHECK(r.status == STEER_NAVMESH_BAD_OUTLINE && r.polygon == 1);
    for (int i = 4; i < 8; i++) pts[i].x += 10.0f; /* hole entirely outside */
    r = build_rings(pts, rings, 2);
    CHECK(r.status == STEER_NAVMESH_BAD_OUTLINE && r.polygon == 1);
    pts[6].y = NAN;
    r = build_rings(pts, rings, 2);
    CHECK(r.status == STEER_NAVMESH_NOT_FINITE && r.polygon == 1 && r.vertex == 6);
    steer_vec3 flat[] = {{0, 0, 0}, {1, 1, 0}, {2, 2, 0}, {3, 3, 0}};
    int32_t one[] = {4};
    r = build_rings(flat, one, 1);
    CHECK(r.status == STEER_NAVMESH_ZERO_AREA && r.polygon == 0);
    /* A bow tie: the outline crosses itself. */
    steer_vec3 bow[] = {{0, 0, 0}, {2, 2, 0}, {2, 0, 0}, {0, 2, 0}};
    r = build_rings(bow, one, 1);
    CHECK(r.status != STEER_NAVMESH_OK);
}

/* Collinear and repeated outline points are dropped and both windings work. */
static void test_outline_cleans_points(void)
{
    static const steer_vec3 pts[] = {{0, 0, 0},  {0, 10, 0}, {10, 10, 0}, {10, 5, 0},
                                     {10, 5, 0}, {10, 0, 0}, {5, 0, 0}, /* clockwise outline */
                                     {2, 2, 0},  {3, 2, 0},  {3, 3, 0},   {2, 3, 0}, /* ccw hole */
                                     {7, 7, 0},  {8, 7, 0},  {8, 8, 0}};
    int32_t rings[] = {7, 4, 3};
    size_t bytes = steer_navmesh_outline_bytes(14, 3);
    void *mem = malloc(bytes);
    steer_navmesh m;
    CHECK(steer_navmesh_build_outline(&m, mem, bytes, pts, rings, 3, STEER_SPACE_XY, NULL) ==
          STEER_NAVMESH_OK);
    int ok = check_mesh_shape(&m, 100.0 - 1.0 - 0.5);
    free(mem);
    CHECK(ok);
}

/* A ramp in the XZ plane: heights interpolate along it, and a floor above another is
 * told apart by height. */
static void test_heights_and_floors(void)
{
    static const steer_vec3 v[] = {{0, 0, 0}, {4, 0, 0}, {4, 0, 4}, {0, 0, 4},  /* ground */
                                   {4, 2, 0}, {8, 2, 0}, {8, 2, 4}, {4, 2, 4},  /* raised */
                                   {0, 3, 0}, {4, 3, 0}, {4, 3, 4}, {0, 3, 4}}; /* floor 2 */
    int32_t first[] = {0, 4, 8, 12}, idx[] = {0, 1, 2, 3, 1, 4, 7, 2, 8, 9, 10, 11};
    /* polygon 1 is the ramp from the ground edge 1-2 (y 0) up to the raised edge (y 2) */
    static const steer_vec3 v2[] = {{0, 0, 0}, {4, 0, 0}, {4, 0, 4}, {0, 0, 4}, {8, 2, 0},
                                    {8, 2, 4}, {0, 3, 0}, {4, 3, 0}, {4, 3, 4}, {0, 3, 4}};
    int32_t idx2[] = {0, 1, 2, 3, 1, 4, 5, 2, 6, 7, 8, 9};
    (void)v;
    (void)idx;
    size_t bytes = steer_navmesh_bytes(10, 3, 12);
    void *mem = malloc(bytes);
    steer_navmesh m;
    steer_navmesh_report r;
    CHECK(steer_navmesh_build(&m, mem, bytes, v2, 10, first, idx2, 3, STEER_SPACE_XZ, &r) ==
          STEER_NAVMESH_OK);
    steer_vec3 on = steer_navmesh_polygon_point(&m, 1, steer_v3(6, 50, 2));
    CHECK_NEAR(on.y, 1.0, 1e-5);
    CHECK(steer_navmesh_locate(&m, steer_v3(2, 0.2f, 2)) == 0);
    CHECK(steer_navmesh_locate(&m, steer_v3(2, 2.9f, 2)) == 2);
    CHECK(steer_navmesh_locate(&m, steer_v3(6, 0, 2)) == 1);
    steer_vec3 near;
    CHECK(steer_navmesh_nearest(&m, steer_v3(2, 2.6f, 2), &near) == 2);
    CHECK_NEAR(near.y, 3.0, 1e-6);
    CHECK(steer_navmesh_nearest(&m, steer_v3(-3, 0, 2), &near) == 0);
    CHECK_NEAR(near.x, 0.0, 1e-6);
    CHECK(steer_navmesh_nearest(&m, steer_v3(NAN, 0, 2), &near) == -1);
    free(mem);
}

/* FNV-1a over the mesh's polygons: their count, corners and neighbours. */
static uint64_t mesh_hash(const steer_navmesh *m)
{
    uint64_t h = 1469598103934665603ull;
    const unsigned char *parts[5] = {
        (const unsigned char *)&m->polygon_count, (const unsigned char *)&m->vertex_count,
        (const unsigned char *)m->first, (const unsigned char *)m->indices,
        (const unsigned char *)m->neighbours};
    size_t corners = (size_t)m->first[m->polygon_count];
    size_t sizes[5] = {sizeof(int), sizeof(int), 4u * (size_t)(m->polygon_count + 1), 4u * corners,
                       4u * corners};
    for (int k = 0; k < 5; k++)
        for (size_t i = 0; i < sizes[k]; i++) h = (h ^ parts[k][i]) * 1099511628211ull;
    return h;
}

/* An irregular quadrilateral placed at random in its cell (test_pillar_fn); the user
 * data is a random_pillars, which sums their area. Each stays inside its cell, 0.1 to
 * 0.9 of it along each axis. */
typedef struct random_pillars {
    steer_rng rng;
    double area;
} random_pillars;

static void random_pillar(steer_vec3 *p, float x0, float y0, float cs, void *user)
{
    random_pillars *rp = user;
    float x = x0 + cs * (0.1f + 0.3f * steer_rng_float(&rp->rng));
    float y = y0 + cs * (0.1f + 0.3f * steer_rng_float(&rp->rng));
    float w = cs * (0.2f + 0.3f * steer_rng_float(&rp->rng));
    float h = cs * (0.2f + 0.3f * steer_rng_float(&rp->rng));
    p[0] = steer_v3(x, y, 0);
    p[1] = steer_v3(x + w, y + 0.1f * h * steer_rng_float(&rp->rng), 0);
    p[2] = steer_v3(x + w, y + h, 0);
    p[3] = steer_v3(x + 0.2f * w * steer_rng_float(&rp->rng), y + h, 0);
    rp->area += poly_area(p, 4);
}

/* Halls of 400 pillars, irregular and regular: the floor is everything but the pillars,
 * and the polygons are the ones this build has always made (pinned by hash: the bridges
 * from each hole and the ears are found through a search that visits few candidates,
 * and must choose what a test of every candidate chose). */
static void test_outline_hall_of_many_pillars(void)
{
    test_mesh t;
    random_pillars pillars = {steer_rng_make(1u, 1u), 0.0};
    CHECK(test_pillar_grid(&t, 20, random_pillar, &pillars) == STEER_NAVMESH_OK);
    CHECK(check_mesh_shape(&t.mesh, 10000.0 - pillars.area));
    CHECK(t.mesh.polygon_count == 1343);
    CHECK_MSG(mesh_hash(&t.mesh) == 0xe41b40707311e192ull, "hash %016llx",
              (unsigned long long)mesh_hash(&t.mesh));
    for (int i = 0; i < 20; i++) { /* a cell's corner is outside every pillar */
        float x = 5.0f * (float)i, y = 5.0f * (float)((7 * i) % 20);
        CHECK(steer_navmesh_locate(&t.mesh, steer_v3(x + 0.2f, y + 0.2f, 0)) >= 0);
    }
    free(t.memory);
    CHECK(test_slanted_hall(&t, 20) == STEER_NAVMESH_OK);
    CHECK(t.mesh.polygon_count == 928);
    CHECK_MSG(mesh_hash(&t.mesh) == 0x22f901c1e84257b5ull, "hash %016llx",
              (unsigned long long)mesh_hash(&t.mesh));
    free(t.memory);
}

TEST_MAIN(TEST(test_room_with_pillar_builds), TEST(test_two_rooms_share_the_door),
          TEST(test_validation_names_the_polygon), TEST(test_bad_arguments_leave_an_empty_mesh),
          TEST(test_outline_errors_name_the_ring), TEST(test_outline_cleans_points),
          TEST(test_heights_and_floors), TEST(test_outline_hall_of_many_pillars))
