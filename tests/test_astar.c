/* SPDX-License-Identifier: MIT */
/* A* against a plain Dijkstra written here, clear statuses, smoothing, the A* chase and
 * grid evasion. */
#include "steer/steer.h"
#include "test.h"

#include <limits.h>
#include <stdlib.h>

enum { MAXW = 24, MAXC = MAXW * MAXW };

static uint8_t cells[MAXC];
static uint32_t scratch_mem[MAXC * 6];
static steer_cell path[MAXC];

static steer_astar_scratch make_scratch(void)
{
    steer_astar_scratch s;
    steer_astar_scratch_init(&s, scratch_mem, sizeof scratch_mem, MAXC);
    return s;
}

static steer_grid random_map(steer_rng *rng, int w, int h, float walls)
{
    steer_grid g;
    steer_grid_init(&g, w, h, cells, sizeof cells);
    for (int i = 0; i < w * h; i++)
        if (steer_rng_float(rng) < walls) cells[i] = STEER_CELL_WALL;
    return g;
}

/* ---- the reference: Dijkstra with a linear scan for the minimum ---------------------- */

static double dijkstra(const steer_grid *g, steer_cell s, steer_cell t, steer_grid_moves moves)
{
    static double dist[MAXC];
    static char done[MAXC];
    int n = g->width * g->height;
    for (int i = 0; i < n; i++) dist[i] = INFINITY, done[i] = 0;
    dist[s.y * g->width + s.x] = 0.0;
    for (;;) {
        int best = -1;
        for (int i = 0; i < n; i++)
            if (!done[i] && dist[i] < INFINITY && (best < 0 || dist[i] < dist[best])) best = i;
        if (best < 0) return INFINITY;
        done[best] = 1;
        steer_cell c = steer_cell_make(best % g->width, best / g->width);
        if (steer_cell_eq(c, t)) return dist[best];
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                bool diag = dx != 0 && dy != 0;
                if ((dx == 0 && dy == 0) || (diag && moves == STEER_MOVES_4)) continue;
                steer_cell d = steer_cell_make(c.x + dx, c.y + dy);
                if (!steer_grid_is_free(g, d)) continue;
                if (diag && (!steer_grid_is_free(g, steer_cell_make(c.x + dx, c.y)) ||
                             !steer_grid_is_free(g, steer_cell_make(c.x, c.y + dy))))
                    continue;
                int k = d.y * g->width + d.x;
                double nd = dist[best] + (diag ? sqrt(2.0) : 1.0);
                if (nd < dist[k]) dist[k] = nd;
            }
        }
    }
}

/* The path is whole: from start to goal, legal moves, its cost the reported one. */
static bool path_valid(const steer_grid *g, steer_path_result r, steer_cell s, steer_cell t,
                       steer_grid_moves moves)
{
    if (r.length < 1 || !steer_cell_eq(path[0], s) || !steer_cell_eq(path[r.length - 1], t))
        return false;
    double cost = 0.0;
    for (int i = 1; i < r.length; i++) {
        int dx = path[i].x - path[i - 1].x, dy = path[i].y - path[i - 1].y;
        if (!steer_grid_can_step(g, path[i - 1], dx, dy, moves)) return false;
        cost += dx != 0 && dy != 0 ? sqrt(2.0) : 1.0;
    }
    return fabs(cost - r.cost) < 1e-3;
}

static void test_astar_matches_dijkstra_on_1000_maps(void)
{
    steer_rng rng = steer_rng_make(2024, 9);
    steer_astar_scratch s = make_scratch();
    int found = 0, unreachable = 0;
    for (int map = 0; map < 1000; map++) {
        int w = 4 + (int)steer_rng_below(&rng, MAXW - 3),
            h = 4 + (int)steer_rng_below(&rng, MAXW - 3);
        steer_grid g = random_map(&rng, w, h, 0.3f);
        steer_cell a, b;
        do a = steer_cell_make((int)steer_rng_below(&rng, w), (int)steer_rng_below(&rng, h));
        while (!steer_grid_is_free(&g, a));
        do b = steer_cell_make((int)steer_rng_below(&rng, w), (int)steer_rng_below(&rng, h));
        while (!steer_grid_is_free(&g, b));
        for (int m = 0; m < 2; m++) {
            steer_astar_params p = steer_astar_default();
            p.moves = m ? STEER_MOVES_8 : STEER_MOVES_4;
            double ref = dijkstra(&g, a, b, p.moves);
            path[0] = steer_cell_make(-7, -7);
            steer_path_result r = steer_astar(&g, a, b, &p, &s, path, MAXC);
            if (isinf(ref)) {
                CHECK_MSG(r.status == STEER_PATH_UNREACHABLE && r.length == 0 && path[0].x == -7,
                          "map %d moves %d: status %d length %d", map, p.moves, r.status, r.length);
                unreachable++;
                continue;
            }
            CHECK_MSG(r.status == STEER_PATH_FOUND, "map %d moves %d: status %d", map, p.moves,
                      r.status);
            CHECK_MSG(fabs(r.cost - ref) < 1e-3, "map %d moves %d: A* %.6f Dijkstra %.6f", map,
                      p.moves, r.cost, ref);
            CHECK_MSG(path_valid(&g, r, a, b, p.moves), "map %d moves %d: bad path", map, p.moves);
            found++;
        }
    }
    /* Both outcomes must really have been exercised. */
    CHECK_MSG(found > 500 && unreachable > 100, "found %d unreachable %d", found, unreachable);
}

static steer_grid map_from(const char *text)
{
    steer_grid g;
    steer_grid_from_text(&g, cells, sizeof cells, text, strlen(text), NULL);
    return g;
}

static void test_astar_statuses(void)
{
    steer_astar_scratch s = make_scratch();
    steer_grid g = map_from("....#.#.\n"
                            "....#.#.\n"
                            "....#.#.\n"
                            "......#.\n");
    steer_cell a = steer_cell_make(0, 0), room = steer_cell_make(7, 0);
    path[0] = steer_cell_make(-7, -7);
    steer_path_result r = steer_astar(&g, a, room, NULL, &s, path, MAXC);
    CHECK(r.status == STEER_PATH_UNREACHABLE && r.length == 0 && r.cost == 0.0f);
    CHECK(path[0].x == -7); /* nothing written: no partial path */
    CHECK(steer_astar(&g, a, steer_cell_make(4, 0), NULL, &s, path, MAXC).status ==
          STEER_PATH_UNREACHABLE);
    steer_path_result full = steer_astar(&g, a, steer_cell_make(5, 0), NULL, &s, path, MAXC);
    CHECK(full.status == STEER_PATH_FOUND && full.length == 9); /* down, across, up */
    path[0] = steer_cell_make(-7, -7);
    r = steer_astar(&g, a, steer_cell_make(5, 0), NULL, &s, path, full.length - 1);
    CHECK(r.status == STEER_PATH_TOO_LONG && r.length == full.length && path[0].x == -7);
    r = steer_astar(&g, a, steer_cell_make(5, 0), NULL, &s, path, full.length);
    CHECK(r.status == STEER_PATH_FOUND && r.length == full.length);
    steer_astar_params lim = steer_astar_default();
    lim.max_expanded = 3;
    CHECK(steer_astar(&g, a, steer_cell_make(5, 0), &lim, &s, path, MAXC).status ==
          STEER_PATH_LIMIT);
    r = steer_astar(&g, a, a, NULL, &s, path, MAXC);
    CHECK(r.status == STEER_PATH_FOUND && r.length == 1 && steer_cell_eq(path[0], a));
    /* Bad input. */
    CHECK(steer_astar(&g, steer_cell_make(-1, 0), a, NULL, &s, path, MAXC).status ==
          STEER_PATH_BAD_INPUT);
    CHECK(steer_astar(&g, a, steer_cell_make(8, 0), NULL, &s, path, MAXC).status ==
          STEER_PATH_BAD_INPUT);
    CHECK(steer_astar(&g, steer_cell_make(4, 1), a, NULL, &s, path, MAXC).status ==
          STEER_PATH_BAD_INPUT);
    CHECK(steer_astar(&g, a, a, NULL, &s, NULL, 4).status == STEER_PATH_BAD_INPUT);
    steer_astar_scratch tiny;
    CHECK(!steer_astar_scratch_init(&tiny, scratch_mem, 10, MAXC));
    CHECK(steer_astar(&g, a, room, NULL, &tiny, path, MAXC).status == STEER_PATH_BAD_INPUT);
    CHECK(steer_astar_scratch_init(&tiny, scratch_mem, sizeof scratch_mem, 8));
    CHECK(steer_astar(&g, a, room, NULL, &tiny, path, MAXC).status == STEER_PATH_BAD_INPUT);
    CHECK(!steer_astar_scratch_init(&tiny, (char *)scratch_mem + 1, 1000, 8));
    steer_grid empty = {0, 0, NULL};
    CHECK(steer_astar(&empty, a, a, NULL, &s, path, MAXC).status == STEER_PATH_BAD_INPUT);
}

static void test_astar_no_corner_cutting(void)
{
    steer_astar_scratch s = make_scratch();
    steer_grid g = map_from(".#\n#.\n");
    steer_path_result r =
        steer_astar(&g, steer_cell_make(0, 0), steer_cell_make(1, 1), NULL, &s, path, MAXC);
    CHECK(r.status == STEER_PATH_UNREACHABLE);
    g = map_from("...\n.#.\n...\n");
    r = steer_astar(&g, steer_cell_make(0, 1), steer_cell_make(1, 0), NULL, &s, path, MAXC);
    CHECK(r.status == STEER_PATH_FOUND && r.length == 3); /* around the corner, not past it */
    CHECK_NEAR(r.cost, 2.0, 1e-6);
    r = steer_astar(&g, steer_cell_make(0, 0), steer_cell_make(2, 2), NULL, &s, path, MAXC);
    CHECK_NEAR(r.cost, 4.0, 1e-6);
}

static void test_astar_avoids_occupied_cells(void)
{
    steer_astar_scratch s = make_scratch();
    steer_grid g = map_from(".....\n.....\n.....\n");
    uint8_t taken[15];
    steer_occupancy occ;
    CHECK(steer_occupancy_init(&occ, &g, taken, sizeof taken));
    steer_occupancy_place(&occ, steer_cell_make(2, 1));
    steer_astar_params p = steer_astar_default();
    p.moves = STEER_MOVES_4;
    p.avoid = &occ;
    steer_path_result r =
        steer_astar(&g, steer_cell_make(0, 1), steer_cell_make(4, 1), &p, &s, path, MAXC);
    CHECK(r.status == STEER_PATH_FOUND && r.length == 7);
    for (int i = 0; i < r.length; i++) CHECK(!steer_cell_eq(path[i], steer_cell_make(2, 1)));
    steer_occupancy_place(&occ, steer_cell_make(4, 1)); /* the goal itself may be taken */
    CHECK(
        steer_astar(&g, steer_cell_make(0, 1), steer_cell_make(4, 1), &p, &s, path, MAXC).status ==
        STEER_PATH_FOUND);
}

static void test_line_of_sight_and_smoothing(void)
{
    steer_grid g = map_from("......\n"
                            "..#...\n"
                            "......\n"
                            "...#..\n");
    CHECK(steer_grid_line_of_sight(&g, steer_cell_make(0, 0), steer_cell_make(5, 0)));
    CHECK(!steer_grid_line_of_sight(&g, steer_cell_make(0, 1), steer_cell_make(5, 1)));
    CHECK(!steer_grid_line_of_sight(&g, steer_cell_make(1, 0), steer_cell_make(3, 2))); /* corner */
    CHECK(!steer_grid_line_of_sight(&g, steer_cell_make(0, 0), steer_cell_make(9, 0)));
    CHECK(steer_grid_line_of_sight(&g, steer_cell_make(4, 3), steer_cell_make(4, 3)));
    steer_grid sq = map_from("#.\n.#\n"); /* walls touching at a corner: no squeezing */
    CHECK(!steer_grid_line_of_sight(&sq, steer_cell_make(1, 0), steer_cell_make(0, 1)));
    steer_astar_scratch s = make_scratch();
    steer_rng rng = steer_rng_make(11, 2);
    for (int map = 0; map < 200; map++) {
        steer_grid r = random_map(&rng, 20, 20, 0.2f);
        steer_cell a = steer_cell_make(0, 0), b = steer_cell_make(19, 19);
        steer_grid_set_wall(&r, a, false), steer_grid_set_wall(&r, b, false);
        steer_path_result res = steer_astar(&r, a, b, NULL, &s, path, MAXC);
        if (res.status != STEER_PATH_FOUND) continue;
        int n = steer_grid_smooth_path(&r, path, res.length);
        CHECK(n >= 2 && n <= res.length);
        CHECK(steer_cell_eq(path[0], a) && steer_cell_eq(path[n - 1], b));
        double len = 0.0;
        for (int i = 1; i < n; i++) {
            CHECK_MSG(steer_grid_line_of_sight(&r, path[i - 1], path[i]), "map %d leg %d", map, i);
            len += hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y);
        }
        CHECK_MSG(len <= res.cost + 1e-4, "map %d: smoothed %.3f > %.3f", map, len, res.cost);
    }
    steer_grid open = map_from("....\n....\n....\n");
    steer_path_result res =
        steer_astar(&open, steer_cell_make(0, 0), steer_cell_make(3, 2), NULL, &s, path, MAXC);
    CHECK(steer_grid_smooth_path(&open, path, res.length) == 2);
    CHECK(steer_grid_smooth_path(&open, NULL, 3) == 0);
}

/* ---- the A* chase ------------------------------------------------------------------- */

static void test_astar_chase_plans_only_when_needed(void)
{
    steer_astar_scratch s = make_scratch();
    steer_grid g = map_from("........................\n"
                            ".#####################..\n"
                            "......................#.\n"
                            "#####################.#.\n"
                            "........................\n");
    steer_astar_chase ch;
    steer_cell store[MAXC];
    steer_astar_chase_init(&ch, store, MAXC);
    steer_cell c = steer_cell_make(0, 2), t = steer_cell_make(0, 4), next;
    int ticks = 0;
    steer_grid_status st;
    while ((st = steer_astar_chase_step(&g, NULL, &ch, &s, NULL, c, t, &next)) ==
           STEER_GRID_MOVED) {
        c = next;
        ticks++;
        CHECK(ticks < 100);
    }
    CHECK(st == STEER_GRID_ARRIVED && steer_cell_eq(c, t));
    CHECK_MSG(ch.plans == 1, "plans %d", ch.plans); /* a still target: one plan */
    /* A target that drifts slowly far away: far fewer plans than ticks. */
    steer_astar_chase_init(&ch, store, MAXC);
    c = steer_cell_make(23, 0), t = steer_cell_make(0, 4);
    for (ticks = 1; ticks < 200 && !steer_cell_eq(c, t); ticks++) {
        if (ticks % 3 == 0 && t.x < 20) t.x++;
        st = steer_astar_chase_step(&g, NULL, &ch, &s, NULL, c, t, &next);
        CHECK(st == STEER_GRID_MOVED || st == STEER_GRID_ARRIVED);
        c = next;
    }
    CHECK(steer_cell_eq(c, t));
    CHECK_MSG(ch.plans * 2 < ticks, "plans %d ticks %d", ch.plans, ticks);
    /* A wall drops onto the route: re-planned round it, not walked through. */
    steer_astar_chase_init(&ch, store, MAXC);
    c = steer_cell_make(0, 0), t = steer_cell_make(20, 0);
    CHECK(steer_astar_chase_step(&g, NULL, &ch, &s, NULL, c, t, &c) == STEER_GRID_MOVED);
    steer_grid_set_wall(&g, steer_cell_make(2, 0), true);
    CHECK(steer_astar_chase_step(&g, NULL, &ch, &s, NULL, c, t, &next) == STEER_GRID_MOVED);
    CHECK(steer_cell_eq(next, steer_cell_make(0, 0)) && ch.plans == 2); /* back, to go round */
    /* And sealed off at the next cell of the plan: a clear status, and it stays. (A wall
     * further along is noticed when the chaser gets there.) */
    steer_grid_set_wall(&g, steer_cell_make(0, 1), true);
    CHECK(steer_astar_chase_step(&g, NULL, &ch, &s, NULL, next, t, &c) == STEER_GRID_UNREACHABLE);
    CHECK(steer_cell_eq(next, c));
}

static void test_astar_chase_bad_input(void)
{
    steer_astar_scratch s = make_scratch();
    steer_grid g = map_from("...\n.#.\n...\n");
    steer_astar_chase ch;
    steer_cell store[9], next;
    steer_astar_chase_init(&ch, store, 9);
    steer_cell a = steer_cell_make(0, 0);
    CHECK(steer_astar_chase_step(&g, NULL, &ch, &s, NULL, a, steer_cell_make(3, 0), &next) ==
          STEER_GRID_BAD_INPUT);
    CHECK(steer_astar_chase_step(&g, NULL, &ch, &s, NULL, steer_cell_make(1, 1), a, &next) ==
          STEER_GRID_BAD_INPUT);
    CHECK(steer_astar_chase_step(&g, NULL, &ch, &s, NULL, a, steer_cell_make(1, 1), &next) ==
          STEER_GRID_UNREACHABLE);
    steer_astar_chase_init(&ch, store, 2); /* too small for the route */
    CHECK(steer_astar_chase_step(&g, NULL, &ch, &s, NULL, a, steer_cell_make(2, 2), &next) ==
          STEER_GRID_BAD_INPUT);
    steer_astar_chase_init(&ch, NULL, 9);
    CHECK(steer_astar_chase_step(&g, NULL, &ch, &s, NULL, a, steer_cell_make(2, 2), &next) ==
          STEER_GRID_BAD_INPUT);
}

/* A caller's chase state out of range (a count beyond the storage, a negative cursor, a
 * next cell off the grid) is planned again, not followed: the old check let a count of
 * 1000 walk to the cell stored just past the array. */
static void test_astar_chase_corrupt_state(void)
{
    steer_astar_scratch s = make_scratch();
    steer_grid g = map_from(".....\n.....\n.....\n");
    struct {
        steer_cell store[9];
        steer_cell after; /* what an index past the storage reads */
    } mem;
    steer_cell chaser = steer_cell_make(2, 1), target = steer_cell_make(4, 1), next;
    for (int bad = 0; bad < 3; bad++) {
        steer_astar_chase ch;
        steer_astar_chase_init(&ch, mem.store, 9);
        for (int i = 0; i < 9; i++) mem.store[i] = chaser;
        mem.after = steer_cell_make(1, 1); /* a step away from the target */
        ch.valid = true;
        ch.goal = target;
        ch.count = bad == 0 ? 1000 : 9;
        ch.cursor = bad == 1 ? -3 : 8;
        if (bad == 2) {
            ch.count = 3, ch.cursor = 0;
            mem.store[1] = steer_cell_make(INT_MIN, INT_MIN);
        }
        CHECK(steer_astar_chase_step(&g, NULL, &ch, &s, NULL, chaser, target, &next) ==
              STEER_GRID_MOVED);
        CHECK_MSG(next.x == 3 && next.y == 1, "bad %d: next (%d, %d)", bad, next.x, next.y);
        CHECK(ch.cursor == 1 && ch.count <= 9);
    }
}

/* Chasers through a maze of random walls catch a target that wanders at half speed. */
static void test_astar_chase_through_walls(void)
{
    steer_astar_scratch s = make_scratch();
    steer_rng rng = steer_rng_make(5, 5);
    steer_cell store[MAXC];
    int caught = 0, tries = 0;
    for (int map = 0; map < 100; map++) {
        steer_grid g = random_map(&rng, 20, 20, 0.25f);
        steer_cell c = steer_cell_make(0, 0), t = steer_cell_make(19, 19), next;
        steer_grid_set_wall(&g, c, false), steer_grid_set_wall(&g, t, false);
        steer_astar_chase ch;
        steer_astar_chase_init(&ch, store, MAXC);
        if (steer_astar(&g, c, t, NULL, &s, path, MAXC).status != STEER_PATH_FOUND) continue;
        tries++;
        for (int tick = 1; tick <= 400; tick++) {
            if (tick % 2 == 0) {
                int dx = (int)steer_rng_below(&rng, 3) - 1, dy = (int)steer_rng_below(&rng, 3) - 1;
                /* Only moves that keep the target in the chaser's region. */
                steer_cell moved = steer_cell_make(t.x + dx, t.y + dy);
                if (steer_grid_can_step(&g, t, dx, dy, STEER_MOVES_8) &&
                    steer_astar(&g, c, moved, NULL, &s, path, MAXC).status == STEER_PATH_FOUND)
                    t = moved;
            }
            steer_grid_status st = steer_astar_chase_step(&g, NULL, &ch, &s, NULL, c, t, &next);
            CHECK_MSG(st == STEER_GRID_MOVED || st == STEER_GRID_ARRIVED,
                      "map %d tick %d status %d", map, tick, st);
            c = next;
            if (steer_cell_eq(c, t)) {
                caught++;
                break;
            }
        }
    }
    CHECK_MSG(tries > 30 && caught == tries, "caught %d of %d", caught, tries);
}

/* ---- the straight chase that falls back to A* ------------------------------------------ */

/* Ticks a chaser takes to reach a still target on map g (the limit + 1 when it never
 * does): straight method alone (fallback false) or with the A* fallback. Counts the
 * ticks it spent waiting in *waited. */
static int ticks_to_reach(const steer_grid *g, steer_grid_chase_method m, bool fallback,
                          steer_cell c, steer_cell t, int limit, int *waited)
{
    steer_astar_scratch s = make_scratch();
    static steer_cell store[MAXC];
    steer_fallback_chase fc;
    steer_fallback_chase_init(&fc, m, store, MAXC);
    steer_line_chase line;
    steer_line_chase_reset(&line);
    *waited = 0;
    for (int tick = 1; tick <= limit; tick++) {
        steer_cell next = c;
        steer_grid_status st =
            fallback ? steer_fallback_chase_step(g, NULL, &fc, &s, NULL, c, t, &next)
                     : steer_grid_chase_step(g, NULL, m, &line, c, t, STEER_MOVES_8, &next);
        if (st == STEER_GRID_WAITING) (*waited)++;
        c = next;
        if (steer_cell_eq(c, t)) return tick;
    }
    return limit + 1;
}

/* A cup-shaped wall between chaser and target: the straight methods walk into the cup
 * and wait there for ever; with the fallback, A* leads back out round the rim and the
 * straight method finishes in sight, within twice the shortest route (measured: 30 and
 * 30 ticks against a route of cost 20.9), never waiting. Over random open maps (no wall in the
 * way), the fallback never triggers and takes exactly the straight method's ticks. */
static void test_fallback_chase_leaves_the_cup(void)
{
    steer_grid g;
    steer_grid_init(&g, 20, 20, cells, sizeof cells);
    for (int i = 0; i < 400; i++) cells[i] = 0;
    for (int y = 5; y <= 14; y++) steer_grid_set_wall(&g, steer_cell_make(12, y), true);
    for (int x = 6; x <= 12; x++) {
        steer_grid_set_wall(&g, steer_cell_make(x, 5), true);
        steer_grid_set_wall(&g, steer_cell_make(x, 14), true);
    }
    steer_cell c = steer_cell_make(2, 9), t = steer_cell_make(17, 9);
    double best = dijkstra(&g, c, t, STEER_MOVES_8);
    for (int m = 0; m < 2; m++) {
        steer_grid_chase_method method = m ? STEER_CHASE_LINE : STEER_CHASE_COMPARE;
        int waited = 0;
        CHECK(ticks_to_reach(&g, method, false, c, t, 200, &waited) == 201 && waited > 150);
        int ticks = ticks_to_reach(&g, method, true, c, t, 200, &waited);
        CHECK_MSG(ticks <= 2.0 * best && waited == 0, "method %d: %d ticks (route %g), %d waits", m,
                  ticks, best, waited);
    }
    steer_rng rng = steer_rng_make(9, 9);
    for (int run = 0; run < 200; run++) {
        steer_grid open;
        steer_grid_init(&open, 20, 20, cells, sizeof cells);
        for (int i = 0; i < 400; i++) cells[i] = 0;
        steer_cell a =
            steer_cell_make((int)steer_rng_below(&rng, 20), (int)steer_rng_below(&rng, 20));
        steer_cell b =
            steer_cell_make((int)steer_rng_below(&rng, 20), (int)steer_rng_below(&rng, 20));
        int w1, w2;
        int plain = ticks_to_reach(&open, STEER_CHASE_LINE, false, a, b, 100, &w1);
        CHECK(plain == ticks_to_reach(&open, STEER_CHASE_LINE, true, a, b, 100, &w2));
    }
}

/* ---- evasion -------------------------------------------------------------------------- */

static void test_evade_runs_and_avoids_dead_ends(void)
{
    steer_cell next;
    steer_grid open = map_from(".......\n.......\n.......\n");
    steer_cell threat = steer_cell_make(2, 1);
    CHECK(steer_grid_evade(&open, NULL, steer_cell_make(3, 1), &threat, 1, NULL, &next) ==
          STEER_GRID_MOVED);
    CHECK_MSG(next.x == 4, "(%d,%d)", next.x, next.y);
    /* Right is further from the threat but a pocket of two cells; up leads to open
     * ground. */
    steer_grid g = map_from(".......\n"
                            ".......\n"
                            "###.###\n"
                            "#.....#\n"
                            "#######\n");
    steer_cell e = steer_cell_make(3, 3);
    threat = steer_cell_make(1, 3);
    CHECK(steer_grid_evade(&g, NULL, e, &threat, 1, NULL, &next) == STEER_GRID_MOVED);
    CHECK_MSG(steer_cell_eq(next, steer_cell_make(3, 2)), "(%d,%d)", next.x, next.y);
    /* Without the dead-end test (lookahead 1) it would run into the pocket. */
    steer_grid_evade_params p = steer_grid_evade_default();
    p.lookahead = 1;
    CHECK(steer_grid_evade(&g, NULL, e, &threat, 1, &p, &next) == STEER_GRID_MOVED);
    CHECK_MSG(steer_cell_eq(next, steer_cell_make(4, 3)), "(%d,%d)", next.x, next.y);
    /* Never onto a threat while another choice exists. */
    steer_cell threats[2] = {{2, 3}, {4, 3}};
    p = steer_grid_evade_default();
    p.may_stay = false;
    CHECK(steer_grid_evade(&g, NULL, e, threats, 2, &p, &next) == STEER_GRID_MOVED);
    CHECK(steer_cell_eq(next, steer_cell_make(3, 2)));
    /* No threats in the grid: stay. */
    steer_cell far = steer_cell_make(100, 100);
    CHECK(steer_grid_evade(&g, NULL, e, &far, 1, NULL, &next) == STEER_GRID_WAITING);
    CHECK(steer_grid_evade(&g, NULL, e, NULL, 0, NULL, &next) == STEER_GRID_WAITING);
    CHECK(steer_cell_eq(next, e));
    CHECK(steer_grid_evade(&g, NULL, steer_cell_make(-1, 0), &threat, 1, NULL, &next) ==
          STEER_GRID_BAD_INPUT);
}

TEST_MAIN(TEST(test_astar_matches_dijkstra_on_1000_maps), TEST(test_fallback_chase_leaves_the_cup),
          TEST(test_astar_statuses), TEST(test_astar_chase_corrupt_state),
          TEST(test_astar_no_corner_cutting), TEST(test_astar_avoids_occupied_cells),
          TEST(test_line_of_sight_and_smoothing), TEST(test_astar_chase_plans_only_when_needed),
          TEST(test_astar_chase_bad_input), TEST(test_astar_chase_through_walls),
          TEST(test_evade_runs_and_avoids_dead_ends))
