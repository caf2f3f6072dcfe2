// SPDX-License-Identifier: MIT
/* The world's spatial index against brute force: steer_world_query and the neighbours
 * the behaviours see find exactly the agents a scan of all of them finds, on crowds the
 * index lays out differently: a sparse ring (its cells folded onto fewer buckets), a
 * dense cluster, a cluster with far outliers, and a ring a million units out. */
#include "steer/steer.h"
#include "test.h"

enum { IDX_MAX = 3000 };

/* The neighbourhood every agent's cohesion item looks through: all round, 10 units. */
#define IDX_RADIUS 10.0f

typedef enum idx_shape { IDX_RING, IDX_CLUSTER, IDX_OUTLIERS, IDX_FAR_RING } idx_shape;

static const char *const idx_names[] = {"ring", "cluster", "outliers", "far ring"};

/* Agent i of n in `shape`: the ring has radius 0.8 n (about 5 units between agents,
 * bench_world's circle), the cluster a density of about 0.1 per unit cube. */
static steer_vec3 idx_place(idx_shape shape, int i, int n, steer_rng *r)
{
    double a = 2.0 * TEST_PI * (double)i / (double)n, ring = 0.8 * (double)n;
    steer_vec3 jitter = steer_v3(steer_rng_range(r, -0.5f, 0.5f), steer_rng_range(r, -0.5f, 0.5f),
                                 steer_rng_range(r, -0.5f, 0.5f));
    float ball = 1.3f * cbrtf((float)n);
    steer_vec3 in_ball = steer_v3(steer_rng_range(r, -ball, ball), steer_rng_range(r, -ball, ball),
                                  steer_rng_range(r, -ball, ball));
    switch (shape) {
    case IDX_RING:
        return steer_add(steer_v3((float)(ring * cos(a)), (float)(ring * sin(a)), 0.0f), jitter);
    case IDX_FAR_RING:
        return steer_add(
            steer_v3((float)(1e6 + ring * cos(a)), (float)(-1e6 + ring * sin(a)), (float)(i % 3)),
            jitter);
    case IDX_OUTLIERS:
        if (i % 97 == 0) /* a few agents far off, alone or in pairs */
            return steer_v3((float)(i % 2 ? 1e6 : -3e5), (float)(i * 1000), 7.0f * (float)(i % 5));
        return in_ball;
    case IDX_CLUSTER:
    default:
        return in_ball;
    }
}

/* An all-round cohesion item of the given radius: it reads its neighbours. */
static steer_recipe_item idx_cohesion(float radius)
{
    steer_recipe_item it = steer_recipe_item_make(STEER_BEHAVIOUR_COHESION, 1.0f);
    it.neighbourhood.radius = radius;
    it.neighbourhood.cos_view = -1.0f;
    return it;
}

/* A world of n agents in `shape`, each with an all-round cohesion item (or, when
 * `searching` is false, a wander item, which reads no neighbours), stepped once so the
 * index is built (by steer_world_update_index for the wanderers, whose steps need none).
 * The agents do not move (no speed), so the positions read back are those the step
 * searched. */
static steer_world *idx_world_of(idx_shape shape, int n, steer_handle *all, bool searching)
{
    steer_world_def def = steer_world_default();
    def.capacity = n;
    steer_world *w = steer_world_create(&def);
    if (w == NULL) return NULL;
    steer_recipe rc = steer_recipe_default();
    rc.items[rc.count++] =
        searching ? idx_cohesion(IDX_RADIUS) : steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    int recipe = steer_world_add_recipe(w, &rc);
    steer_rng r = steer_rng_make(11u, (uint64_t)shape);
    for (int i = 0; i < n; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.space = STEER_SPACE_3D;
        d.agent.position = idx_place(shape, i, n, &r);
        d.agent.max_speed = 0.0f;
        d.recipe = recipe;
        d.layer = 1u << (i % 3);
        if (steer_world_add(w, &d, &all[i]) != STEER_WORLD_OK) {
            steer_world_destroy(w);
            return NULL;
        }
    }
    steer_world_step(w, 1.0f / 60.0f);
    if (!searching) steer_world_update_index(w);
    return w;
}

static steer_world *idx_world(idx_shape shape, int n, steer_handle *all)
{
    return idx_world_of(shape, n, all, true);
}

static int idx_by_index(const void *a, const void *b)
{
    const steer_handle *x = a, *y = b;
    return (x->index > y->index) - (x->index < y->index);
}

/* Whether agent j lies within radius of c by the query's own test, in double. */
static bool idx_within(steer_vec3 p, steer_vec3 c, float radius)
{
    double dx = (double)p.x - c.x, dy = (double)p.y - c.y, dz = (double)p.z - c.z;
    return dx * dx + dy * dy + dz * dz <= (double)radius * radius;
}

/* Queries around agents and points between them, with several radii and masks, return
 * the brute-force set; the bad inputs return nothing. */
static void idx_queries_match(const steer_world *w, const steer_handle *all, const steer_vec3 *pos,
                              int n, const char *name)
{
    static steer_handle got[IDX_MAX], want[IDX_MAX];
    static const float radii[] = {0.0f, 3.0f, IDX_RADIUS, 25.0f, 300.0f};
    steer_rng r = steer_rng_make(12u, (uint64_t)n);
    for (int q = 0; q < 80; q++) {
        int k = (int)steer_rng_below(&r, (uint32_t)n);
        steer_vec3 c = pos[k];
        if (q % 2)
            c = steer_add(c, steer_v3(steer_rng_range(&r, -8, 8), steer_rng_range(&r, -8, 8),
                                      steer_rng_range(&r, -8, 8)));
        float radius = radii[q % 5];
        uint32_t mask = q % 3 ? 0xFFFFFFFFu : 0x5u;
        int found = steer_world_query(w, c, radius, mask, got, IDX_MAX);
        int m = 0;
        for (int i = 0; i < n; i++)
            if ((mask & (1u << (i % 3))) != 0u && idx_within(pos[i], c, radius)) want[m++] = all[i];
        CHECK_MSG(found == m, "%s n %d query %d radius %g: %d found, %d by brute force", name, n, q,
                  (double)radius, found, m);
        qsort(got, (size_t)found, sizeof got[0], idx_by_index);
        qsort(want, (size_t)m, sizeof want[0], idx_by_index);
        for (int i = 0; i < found; i++)
            CHECK_MSG(got[i].index == want[i].index, "%s n %d query %d: agent %u", name, n, q,
                      (unsigned)want[i].index);
    }
    /* A radius covering everything finds everyone once. */
    CHECK(steer_world_query(w, pos[0], 1e30f, 0xFFFFFFFFu, got, IDX_MAX) == n);
    /* NaN, infinite or negative inputs find nobody and touch nothing. */
    const float nan = NAN, inf = INFINITY;
    CHECK(steer_world_query(w, steer_v3(nan, 0, 0), 5.0f, 0xFFFFFFFFu, got, IDX_MAX) == 0);
    CHECK(steer_world_query(w, steer_v3(0, inf, 0), 5.0f, 0xFFFFFFFFu, got, IDX_MAX) == 0);
    CHECK(steer_world_query(w, pos[0], nan, 0xFFFFFFFFu, got, IDX_MAX) == 0);
    CHECK(steer_world_query(w, pos[0], inf, 0xFFFFFFFFu, got, IDX_MAX) == 0);
    CHECK(steer_world_query(w, pos[0], -1.0f, 0xFFFFFFFFu, got, IDX_MAX) == 0);
    /* A point far beyond every agent, at the float range's end. */
    CHECK(steer_world_query(w, steer_v3(3e38f, -3e38f, 0), 1e3f, 0xFFFFFFFFu, got, IDX_MAX) == 0);
}

/* The behaviours' neighbours: the last step's mean count (steer_world_stats) is the
 * brute-force count of pairs within the radius, every agent seeing every layer. */
static void idx_behaviour_neighbours_match(const steer_world *w, const steer_vec3 *pos, int n,
                                           const char *name)
{
    long pairs = 0;
    const float r2 = IDX_RADIUS * IDX_RADIUS;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            /* the step's test, in float: (p_j - p_i) squared and summed below r^2 */
            steer_vec3 o = steer_sub(pos[j], pos[i]);
            pairs += j != i && o.x * o.x + o.y * o.y + o.z * o.z < r2;
        }
    steer_world_stats st = steer_world_stats_get(w);
    CHECK(st.index_current);
    double got = st.avg_neighbours * n;
    CHECK_MSG(fabs(got - (double)pairs) < 0.5, "%s n %d: %.1f neighbours, %ld by brute force", name,
              n, got, pairs);
    CHECK_MSG(pairs > 0, "%s n %d: nobody has a neighbour, the check proves nothing", name, n);
}

static void index_finds_what_brute_force_finds(void)
{
    static const int sizes[] = {40, 700, IDX_MAX};
    static steer_handle all[IDX_MAX];
    static steer_vec3 pos[IDX_MAX];
    for (int s = 0; s < 4; s++)
        for (int k = 0; k < 3; k++) {
            int n = sizes[k];
            steer_world *w = idx_world((idx_shape)s, n, all);
            CHECK(w != NULL);
            for (int i = 0; i < n; i++) {
                steer_agent a;
                CHECK(steer_world_get_agent(w, all[i], &a) == STEER_WORLD_OK);
                pos[i] = a.position;
            }
            idx_behaviour_neighbours_match(w, pos, n, idx_names[s]);
            idx_queries_match(w, all, pos, n, idx_names[s]);
            steer_world_destroy(w);
            if (test_failed_checks > 0) return;
        }
}

/* The rings are sparse enough that their index folds its cells (fewer cells than the
 * box at the neighbourhood's edge would need), so the test above covers the folded
 * layout; the dense cluster is not. */
static void sparse_rings_fold_the_grid(void)
{
    static steer_handle all[IDX_MAX];
    steer_world *ring = idx_world(IDX_RING, IDX_MAX, all);
    steer_world *cluster = idx_world(IDX_CLUSTER, IDX_MAX, all);
    CHECK(ring != NULL && cluster != NULL);
    steer_world_stats a = steer_world_stats_get(ring), b = steer_world_stats_get(cluster);
    /* The ring's box: 4,800 units square, 480 cells of 10 a side unfolded. */
    CHECK_MSG(a.cell_size == IDX_RADIUS && a.cells <= 2 * IDX_MAX + 64, "ring: %d cells of %g",
              a.cells, (double)a.cell_size);
    CHECK(b.cell_size == IDX_RADIUS);
    steer_world_destroy(ring);
    steer_world_destroy(cluster);
}

/* A world whose recipes search no neighbours builds its index for the game's queries
 * only, whose radius it cannot know: its cells cover the agents' box without folding
 * (cells of one unit folded made a query of radius 9 visit 6,859 buckets, a million
 * wanderers' count of neighbours took minutes), and the queries still find what brute
 * force finds. */
static void an_index_for_queries_fits_its_box(void)
{
    static steer_handle all[IDX_MAX];
    static steer_vec3 pos[IDX_MAX];
    for (int s = 0; s < 4; s++) {
        steer_world *w = idx_world_of((idx_shape)s, IDX_MAX, all, false);
        CHECK(w != NULL);
        double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
        for (int i = 0; i < IDX_MAX; i++) {
            steer_agent a;
            CHECK(steer_world_get_agent(w, all[i], &a) == STEER_WORLD_OK);
            pos[i] = a.position;
            const double p[3] = {a.position.x, a.position.y, a.position.z};
            for (int k = 0; k < 3; k++) {
                lo[k] = p[k] < lo[k] ? p[k] : lo[k];
                hi[k] = p[k] > hi[k] ? p[k] : hi[k];
            }
        }
        steer_world_stats st = steer_world_stats_get(w);
        CHECK(st.index_current);
        double c = st.cell_size, box = 1.0;
        for (int k = 0; k < 3; k++) /* an axis thinner than a cell takes one */
            box *= hi[k] - lo[k] > c ? hi[k] - lo[k] : c;
        /* Unfolded, and not a few huge cells either: more than an eighth of the budget. */
        CHECK_MSG(st.cells <= 2 * IDX_MAX + 64 && 8 * st.cells > 2 * IDX_MAX + 64 &&
                      (double)st.cells * c * c * c >= box,
                  "%s: %d cells of %g for a box of %g", idx_names[s], st.cells, c, box);
        idx_queries_match(w, all, pos, IDX_MAX, idx_names[s]);
        steer_world_destroy(w);
    }
}

static steer_steering idx_pass(void *user, const steer_world *world, steer_handle self,
                               const steer_agent *agent, steer_steering out)
{
    (void)user, (void)world, (void)self, (void)agent;
    return out;
}

/* A recipe registered after a step can change the grid (here from a box-fitting grid,
 * built every step for a callback, to one folded at the recipe's radius of 30), and a
 * first crowd recipe wants the index's crowd copies: the next step builds the index
 * anew, so the world steps as one restored from its snapshot does. Before, it kept the
 * old grid for a step and the two parted at once. */
static void idx_new_recipe_case(bool crowd)
{
    enum { N = 2000 };
    static steer_handle all[N];
    steer_world_def def = steer_world_default();
    def.capacity = N;
    steer_world *a = steer_world_create(&def), *b = steer_world_create(&def);
    CHECK(a != NULL && b != NULL);
    steer_recipe wander = steer_recipe_default();
    wander.items[wander.count++] = steer_recipe_item_make(STEER_BEHAVIOUR_WANDER, 1.0f);
    int first = steer_world_add_recipe(a, &wander);
    steer_rng r = steer_rng_make(13u, 1u);
    for (int i = 0; i < N; i++) {
        steer_world_agent_def d = steer_world_agent_default();
        d.agent.position = idx_place(IDX_RING, i, N, &r);
        d.agent.max_speed = 1.0f;
        d.agent.radius = 2.0f; /* neighbours 5 apart: the crowd filter's half-planes bind */
        d.recipe = first;
        d.callback = i == 0 ? idx_pass : NULL; /* a callback: every step builds the index */
        CHECK(steer_world_add(a, &d, &all[i]) == STEER_WORLD_OK);
    }
    steer_world_step(a, 1.0f / 60.0f);
    steer_recipe next = crowd ? wander : steer_recipe_default();
    if (crowd)
        next.crowd = true;
    else
        next.items[next.count++] = idx_cohesion(30.0f);
    int second = steer_world_add_recipe(a, &next);
    for (int i = 0; i < N; i++) CHECK(steer_world_set_recipe(a, all[i], second) == STEER_WORLD_OK);
    CHECK(steer_world_set_callback(a, all[0], NULL, NULL) == STEER_WORLD_OK);
    size_t size = steer_world_snapshot_size(a);
    void *buf = malloc(size);
    CHECK(buf != NULL);
    CHECK(steer_world_snapshot_write(a, buf, size, NULL) == STEER_SNAPSHOT_OK);
    CHECK(steer_world_restore(b, buf, size) == STEER_SNAPSHOT_OK);
    for (int s = 0; s < 3; s++) {
        steer_world_step(a, 1.0f / 60.0f);
        steer_world_step(b, 1.0f / 60.0f);
        CHECK_MSG(steer_world_state_hash(a) == steer_world_state_hash(b), "%s, step %d",
                  crowd ? "crowd" : "cohesion", s);
    }
    free(buf);
    steer_world_destroy(a);
    steer_world_destroy(b);
}

static void a_new_recipe_rebuilds_the_index(void)
{
    idx_new_recipe_case(false);
    idx_new_recipe_case(true);
}

TEST_MAIN(TEST(index_finds_what_brute_force_finds), TEST(sparse_rings_fold_the_grid),
          TEST(an_index_for_queries_fits_its_box), TEST(a_new_recipe_rebuilds_the_index))
