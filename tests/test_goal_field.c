/* SPDX-License-Identifier: MIT */
/* Flow fields from goals: distance fields (worked examples, several goals, walls,
 * blocked exits, bad input), the descent field, and a crowd of 10,000 agents following
 * it out of a level of rooms and doors. */
#include "test.h"

#include "steer/goal_field.h"
#include "steer/integrate.h"
#include "steer/math.h"
#include "steer/random.h"

#define SQRT2 1.41421356237

typedef struct field_run {
    steer_grid grid;
    float *dist;
    void *scratch;
    int reached;
} field_run;

static void run_field(field_run *r, const char *map, const steer_cell *goals, int count,
                      steer_grid_moves moves)
{
    int w, h;
    steer_grid_text_size(map, strlen(map), &w, &h, NULL);
    uint8_t *cells = malloc((size_t)(w * h));
    steer_grid_from_text(&r->grid, cells, (size_t)(w * h), map, strlen(map), NULL);
    size_t sb = steer_goal_field_scratch_bytes(w * h);
    r->scratch = malloc(sb);
    r->dist = malloc(sizeof(float) * (size_t)(w * h));
    r->reached =
        steer_grid_distance_field(&r->grid, goals, count, moves, r->dist, w * h, r->scratch, sb);
}

static void free_run(field_run *r)
{
    free(r->grid.cells);
    free(r->scratch);
    free(r->dist);
}

static float at(const field_run *r, int x, int y)
{
    return r->dist[y * r->grid.width + x];
}

static void distances_in_an_open_room(void)
{
    field_run r;
    steer_cell goal = {1, 1};
    run_field(&r, "....\n....\n....\n", &goal, 1, STEER_MOVES_8);
    CHECK(r.reached == 12);
    CHECK(at(&r, 1, 1) == 0.0f && at(&r, 2, 1) == 1.0f);
    CHECK_NEAR(at(&r, 0, 0), SQRT2, 1e-6);
    CHECK_NEAR(at(&r, 3, 2), 1.0 + SQRT2, 1e-6);
    free_run(&r);
    run_field(&r, "....\n....\n....\n", &goal, 1, STEER_MOVES_4);
    CHECK(at(&r, 0, 0) == 2.0f && at(&r, 3, 2) == 3.0f);
    free_run(&r);
}

/* Round a wall, no corner cutting; two exits: each cell takes the nearer. */
static void walls_and_several_goals(void)
{
    field_run r;
    steer_cell goal = {0, 0};
    run_field(&r, ".#..\n.#..\n....\n", &goal, 1, STEER_MOVES_8);
    /* Down the left column and round the wall's foot: the diagonals past its corner
     * would cut it, so every move is straight. */
    CHECK(at(&r, 1, 0) == INFINITY);
    CHECK(at(&r, 2, 2) == 4.0f && at(&r, 2, 0) == 6.0f);
    free_run(&r);
    steer_cell goals[2] = {{0, 0}, {3, 0}};
    run_field(&r, ".#..\n.#..\n....\n", goals, 2, STEER_MOVES_8);
    CHECK(at(&r, 2, 0) == 1.0f && at(&r, 0, 2) == 2.0f);
    CHECK(r.reached == 10);
    free_run(&r);
    /* A closed room no goal reaches, and a goal on a wall (skipped). */
    steer_cell blocked[2] = {{1, 0}, {0, 0}};
    run_field(&r, ".#.\n.#.\n.#.\n", blocked, 2, STEER_MOVES_8);
    CHECK(r.reached == 3 && at(&r, 2, 1) == INFINITY && at(&r, 0, 2) == 2.0f);
    free_run(&r);
    run_field(&r, ".#.\n", blocked, 1, STEER_MOVES_8);
    CHECK(r.reached == 0 && at(&r, 0, 0) == INFINITY);
    free_run(&r);
}

static void bad_input(void)
{
    uint8_t cells[4] = {0};
    steer_grid g;
    steer_grid_init(&g, 2, 2, cells, 4);
    float d[4];
    uint32_t scratch[8];
    steer_cell goal = {0, 0};
    CHECK(steer_grid_distance_field(&g, &goal, 1, STEER_MOVES_8, d, 4, scratch, 32) == 4);
    CHECK(steer_grid_distance_field(&g, &goal, 1, STEER_MOVES_8, d, 3, scratch, 32) == -1);
    CHECK(steer_grid_distance_field(&g, &goal, 1, STEER_MOVES_8, d, 4, scratch, 31) == -1);
    CHECK(steer_grid_distance_field(&g, &goal, 1, STEER_MOVES_8, NULL, 4, scratch, 32) == -1);
    CHECK(steer_grid_distance_field(&g, NULL, 0, STEER_MOVES_8, d, 4, scratch, 32) == 0);
    CHECK(d[3] == INFINITY);
    steer_grid empty = {0, 0, NULL};
    CHECK(steer_grid_distance_field(&empty, &goal, 1, STEER_MOVES_8, d, 4, scratch, 32) == -1);
    CHECK(steer_goal_field_scratch_bytes(0) == 0 && steer_goal_field_scratch_bytes(4) == 32);
    steer_flow_field f;
    steer_vec3 v[4];
    CHECK(!steer_grid_flow_from_distance(&g, NULL, d, STEER_MOVES_8, 1.0f, &f, v, 3));
    CHECK(f.width == 0);
    CHECK(steer_grid_flow_from_distance(&g, NULL, d, STEER_MOVES_8, NAN, &f, v, 4));
    steer_grid_distance_field(&g, &goal, 1, STEER_MOVES_8, d, 4, scratch, 32);
    CHECK(steer_grid_flow_from_distance(&g, NULL, d, STEER_MOVES_8, NAN, &f, v, 4));
    CHECK(steer_length(v[3]) == 0.0f); /* NaN speed reads as 0 */
}

/* Each free cell points at its lowest reachable neighbour; a wall cell points out. */
static void descent_directions(void)
{
    field_run r;
    steer_cell goal = {0, 0};
    run_field(&r, "...\n.#.\n...\n", &goal, 1, STEER_MOVES_8);
    steer_vec3 v[9];
    steer_flow_field f;
    steer_grid_frame frame = steer_grid_frame_default();
    frame.cell_size = 2.0f;
    CHECK(steer_grid_flow_from_distance(&r.grid, &frame, r.dist, STEER_MOVES_8, 3.0f, &f, v, 9));
    CHECK(f.width == 3 && f.cell_size == 2.0f && f.origin.x == 1.0f && f.origin.y == 1.0f);
    CHECK(steer_length(v[0]) == 0.0f);        /* the goal */
    CHECK(v[1].x == -3.0f && v[1].y == 0.0f); /* (1,0) west */
    CHECK(v[8].x == -3.0f && v[8].y == 0.0f); /* (2,2): W and N tie at 3; W comes first */
    CHECK_NEAR(v[4].x, -3.0 / SQRT2, 1e-6);   /* the wall: toward (0,0) */
    CHECK_NEAR(v[4].y, -3.0 / SQRT2, 1e-6);
    free_run(&r);
}

/* A 60 x 40 level: four rooms joined by doors, pillars, the exit a 3-cell gap in the
 * east wall of the south-east room. */
static const char *const level = "############################################################\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#.....##.........##..........#......##..........##.........#\n"
                                 "#.....##.........##..........#......##..........##.........#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#..........................................................#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#.....##.........##..........#......##..........##.........#\n"
                                 "#.....##.........##..........#......##..........##.........#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#####......#################################......##########\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#.....##.........##..........#......##..........##.........#\n"
                                 "#.....##.........##..........#......##..........##.........#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#..................................................##......#\n"
                                 "#..................................................##......#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#.....##.........##..........#......##..........##.........#\n"
                                 "#.....##.........##..........#......##..........##.........#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#............................#..............................\n"
                                 "#............................#..............................\n"
                                 "#............................#..............................\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "#............................#.............................#\n"
                                 "############################################################\n";

/* How far p lies inside walls: its distance to the nearest free cell around it. */
static float wall_depth(const steer_grid *g, steer_vec3 p)
{
    steer_cell c = steer_grid_world_to_cell(NULL, p);
    if (steer_grid_is_free(g, c)) return 0.0f;
    float best = 1.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if (!steer_grid_is_free(g, steer_cell_make(c.x + dx, c.y + dy))) continue;
            float qx = steer_clampf(p.x, (float)(c.x + dx), (float)(c.x + dx + 1));
            float qy = steer_clampf(p.y, (float)(c.y + dy), (float)(c.y + dy + 1));
            float d = steer_length(steer_v3(p.x - qx, p.y - qy, 0));
            if (d < best) best = d;
        }
    return best;
}

/* 10,000 agents on random free cells, one distance field to the exit, one flow field:
 * every agent reaches the exit (a cell within 1.5 of it). The field only steers (no
 * collision here), so an agent may cut a wall's corner while it turns: at 4 cells/s and
 * 20 cells/s^2 its turning radius is 0.8 cells; none goes deeper than 0.5 cells into a
 * wall (0.32 when written). */
static void ten_thousand_agents_leave_by_one_exit(void)
{
    field_run r;
    steer_cell exits[3] = {{59, 33}, {59, 34}, {59, 35}};
    run_field(&r, level, exits, 3, STEER_MOVES_8);
    /* Every free cell is reachable. */
    int w = r.grid.width, h = r.grid.height, free_cells = 0;
    for (int i = 0; i < w * h; i++) free_cells += r.grid.cells[i] == 0;
    CHECK(r.reached == free_cells);
    steer_vec3 *v = malloc(sizeof *v * (size_t)(w * h));
    steer_flow_field f;
    CHECK(steer_grid_flow_from_distance(&r.grid, NULL, r.dist, STEER_MOVES_8, 4.0f, &f, v, w * h));
    enum { N = 10000 };
    steer_agent *agents = malloc(sizeof *agents * N);
    unsigned char *done = calloc(N, 1);
    steer_rng rng = steer_rng_make(11, 3);
    for (int i = 0; i < N; i++) {
        agents[i] = steer_agent_default();
        agents[i].max_speed = 4.0f;
        agents[i].max_accel = 20.0f;
        steer_cell c;
        do {
            c.x = (int)steer_rng_below(&rng, (uint32_t)w);
            c.y = (int)steer_rng_below(&rng, (uint32_t)h);
        } while (!steer_grid_is_free(&r.grid, c));
        agents[i].position = steer_grid_cell_center(NULL, c);
    }
    int arrived = 0;
    float deepest = 0.0f;
    for (int step = 0; step < 1500 && arrived < N; step++) {
        for (int i = 0; i < N; i++) {
            if (done[i]) continue;
            steer_agent *a = &agents[i];
            steer_agent_step(a, steer_follow_flow_field(a, &f, 0.1f, 0.1f), 0.05f);
            steer_cell c = steer_grid_world_to_cell(NULL, a->position);
            float depth = wall_depth(&r.grid, a->position);
            if (depth > deepest) deepest = depth;
            if (steer_grid_is_free(&r.grid, c) && r.dist[steer_grid_cell_index(&r.grid, c)] <= 1.5f)
                done[i] = 1, arrived++;
        }
    }
    printf("%d of %d agents reached the exit; deepest into a wall %.3f cells\n", arrived, N,
           (double)deepest);
    free(agents);
    free(done);
    free(v);
    free_run(&r);
    CHECK(arrived == N);
    CHECK(deepest <= 0.5f);
}

TEST_MAIN(TEST(distances_in_an_open_room), TEST(walls_and_several_goals), TEST(bad_input),
          TEST(descent_directions), TEST(ten_thousand_agents_leave_by_one_exit))
