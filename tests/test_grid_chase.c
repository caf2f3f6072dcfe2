/* SPDX-License-Identifier: MIT */
/* The simple and line-tracking chases: line tracking stays on its line, chasers catch fleeing
 * targets within the documented bounds, occupancy keeps chasers apart, and the two
 * methods' route overlap (docs/grid.md). */
#include "steer/steer.h"
#include "test.h"

#include <limits.h>
#include <stdlib.h>

#define SIDE 41

static steer_grid open_grid(uint8_t *cells, int w, int h)
{
    steer_grid g;
    steer_grid_init(&g, w, h, cells, (size_t)w * (size_t)h);
    return g;
}

static int64_t cross2(steer_cell a, steer_cell b, steer_cell c)
{
    return (int64_t)(b.x - a.x) * (c.y - a.y) - (int64_t)(b.y - a.y) * (c.x - a.x);
}

/* Check the chaser's cell against the line its state tracks: 8-connected, the centre
 * is within 0.5 cell of the line; 4-connected, the line passes through the cell (its
 * distance along the axes is <= 0.5), which also bounds the perpendicular distance by
 * sqrt(2)/2, the least any 4-connected staircase can do on a diagonal. */
static bool on_line(const steer_line_chase *l, steer_cell c, steer_grid_moves moves)
{
    int64_t a = cross2(l->anchor, l->target, c);
    a = a < 0 ? -a : a;
    int64_t dx = l->target.x - l->anchor.x, dy = l->target.y - l->anchor.y;
    dx = dx < 0 ? -dx : dx, dy = dy < 0 ? -dy : dy;
    float d = steer_line_distance(l->anchor, l->target, c);
    if (moves == STEER_MOVES_8) return d <= 0.5f + 1e-6f;
    return 2 * a <= dx + dy && d <= 0.70711f;
}

/* Every target cell of a 41x41 grid (all directions and octants) from the centre. */
static void line_tracking_stationary(steer_grid_moves moves, steer_line_tie tie)
{
    uint8_t cells[SIDE * SIDE];
    steer_grid g = open_grid(cells, SIDE, SIDE);
    steer_cell start = steer_cell_make(SIDE / 2, SIDE / 2);
    for (int ty = 0; ty < SIDE; ty++) {
        for (int tx = 0; tx < SIDE; tx++) {
            steer_cell t = steer_cell_make(tx, ty), c = start, next;
            steer_line_chase line;
            steer_line_chase_reset(&line);
            line.tie = tie;
            int dx = abs(tx - c.x), dy = abs(ty - c.y);
            int expect = moves == STEER_MOVES_8 ? (dx > dy ? dx : dy) : dx + dy;
            int steps = 0;
            while (steer_grid_chase_line(&g, NULL, &line, c, t, moves, &next) == STEER_GRID_MOVED) {
                c = next;
                steps++;
                CHECK_MSG(on_line(&line, c, moves), "target (%d,%d) step %d at (%d,%d)", tx, ty,
                          steps, c.x, c.y);
                CHECK_MSG(steps <= expect, "target (%d,%d) too many steps", tx, ty);
            }
            CHECK_MSG(steer_cell_eq(c, t) && steps == expect, "target (%d,%d): %d steps", tx, ty,
                      steps);
        }
    }
}

static void test_line_tracking_stays_on_line_4(void)
{
    line_tracking_stationary(STEER_MOVES_4, STEER_LINE_TIE_LONGER_AXIS);
    line_tracking_stationary(STEER_MOVES_4, STEER_LINE_TIE_HORIZONTAL);
}
static void test_line_tracking_stays_on_line_8(void)
{
    line_tracking_stationary(STEER_MOVES_8, STEER_LINE_TIE_LONGER_AXIS);
    line_tracking_stationary(STEER_MOVES_8, STEER_LINE_TIE_HORIZONTAL);
}

/* The route from (0,0) to (1,3), 4-connected, by hand. Twice the area against the line
 * (0,0)-(1,3) is |x * 3 - y * 1|. First tick: (1,0) gives 3, (0,1) gives 1: up. Second,
 * from (0,1): (1,1) gives |3 - 1| = 2 and (0,2) gives |0 - 2| = 2, an exact tie. The
 * default takes the longer axis (y: 2 to go against 1) to (0,2); the original code's
 * `<=` takes the horizontal step to (1,1). */
static void test_line_tracking_tie_rules_by_hand(void)
{
    uint8_t cells[16];
    steer_grid g = open_grid(cells, 4, 4);
    const steer_cell longer[] = {{0, 1}, {0, 2}, {1, 2}, {1, 3}};
    const steer_cell horizontal[] = {{0, 1}, {1, 1}, {1, 2}, {1, 3}};
    for (int rule = 0; rule < 2; rule++) {
        const steer_cell *expect = rule ? horizontal : longer;
        steer_line_chase line;
        steer_line_chase_reset(&line);
        line.tie = rule ? STEER_LINE_TIE_HORIZONTAL : STEER_LINE_TIE_LONGER_AXIS;
        steer_cell c = steer_cell_make(0, 0), t = steer_cell_make(1, 3), next;
        for (int i = 0; i < 4; i++) {
            CHECK(steer_grid_chase_line(&g, NULL, &line, c, t, STEER_MOVES_4, &next) ==
                  STEER_GRID_MOVED);
            CHECK_MSG(steer_cell_eq(next, expect[i]), "rule %d tick %d: (%d,%d)", rule, i, next.x,
                      next.y);
            c = next;
        }
    }
    steer_line_chase line;
    line.tie = STEER_LINE_TIE_HORIZONTAL;
    steer_line_chase_reset(&line);
    CHECK(line.tie == STEER_LINE_TIE_LONGER_AXIS && !line.valid);
}

/* A target that jumps about: the line is redrawn each time and the bound holds on every
 * line, in every direction. */
static void test_line_tracking_moving_target(void)
{
    uint8_t cells[SIDE * SIDE];
    steer_grid g = open_grid(cells, SIDE, SIDE);
    steer_rng rng = steer_rng_make(3, 1);
    for (int m = 0; m < 2; m++) {
        steer_grid_moves moves = m ? STEER_MOVES_8 : STEER_MOVES_4;
        for (int run = 0; run < 200; run++) {
            steer_line_chase line;
            steer_line_chase_reset(&line);
            steer_cell c =
                steer_cell_make((int)steer_rng_below(&rng, SIDE), (int)steer_rng_below(&rng, SIDE));
            steer_cell t = c, next;
            for (int tick = 0; tick < 60; tick++) {
                if (tick % 7 == 0)
                    t = steer_cell_make((int)steer_rng_below(&rng, SIDE),
                                        (int)steer_rng_below(&rng, SIDE));
                if (steer_grid_chase_line(&g, NULL, &line, c, t, moves, &next) != STEER_GRID_MOVED)
                    continue;
                c = next;
                CHECK_MSG(on_line(&line, c, moves), "run %d tick %d", run, tick);
                CHECK(steer_cell_eq(line.target, t));
            }
        }
    }
}

static void test_compare_method_diagonal_then_straight(void)
{
    uint8_t cells[100];
    steer_grid g = open_grid(cells, 10, 10);
    steer_cell c = steer_cell_make(0, 0), t = steer_cell_make(5, 2), next;
    const steer_cell want8[5] = {{1, 1}, {2, 2}, {3, 2}, {4, 2}, {5, 2}};
    for (int i = 0; i < 5; i++) {
        CHECK(steer_grid_chase_compare(&g, NULL, c, t, STEER_MOVES_8, &next) == STEER_GRID_MOVED);
        CHECK_MSG(steer_cell_eq(next, want8[i]), "step %d: (%d,%d)", i, next.x, next.y);
        c = next;
    }
    CHECK(steer_grid_chase_compare(&g, NULL, c, t, STEER_MOVES_8, &next) == STEER_GRID_ARRIVED);
    /* 4-connected: the longer axis first. */
    c = steer_cell_make(0, 0);
    CHECK(steer_grid_chase_compare(&g, NULL, c, t, STEER_MOVES_4, &next) == STEER_GRID_MOVED);
    CHECK(steer_cell_eq(next, steer_cell_make(1, 0)));
    CHECK(steer_grid_chase_compare(&g, NULL, c, steer_cell_make(1, 4), STEER_MOVES_4, &next) ==
          STEER_GRID_MOVED);
    CHECK(steer_cell_eq(next, steer_cell_make(0, 1)));
    /* A wall on the diagonal: the other steps toward the target are tried. */
    steer_grid_set_wall(&g, steer_cell_make(1, 1), true);
    CHECK(steer_grid_chase_compare(&g, NULL, c, t, STEER_MOVES_8, &next) == STEER_GRID_MOVED);
    CHECK(steer_cell_eq(next, steer_cell_make(1, 0)));
    steer_grid_set_wall(&g, steer_cell_make(1, 0), true);
    steer_grid_set_wall(&g, steer_cell_make(0, 1), true);
    CHECK(steer_grid_chase_compare(&g, NULL, c, t, STEER_MOVES_8, &next) == STEER_GRID_WAITING);
    CHECK(steer_cell_eq(next, c));
}

/* Cells INT_MIN and INT_MAX apart: the int differences used to overflow (a distance of
 * 1e-9 for a cell 5 off the line). Distances checked against the double geometry. */
static void test_line_distance_far_cells(void)
{
    const steer_cell far[4] = {{INT_MIN, 0}, {INT_MAX, 0}, {0, INT_MIN}, {INT_MAX, INT_MAX}};
    CHECK_NEAR(steer_line_distance(far[0], far[1], steer_cell_make(0, 5)), 5.0, 1e-6);
    CHECK_NEAR(steer_line_distance(far[0], far[1], steer_cell_make(7, INT_MIN)), 2147483648.0, 256);
    CHECK_NEAR(steer_line_distance(far[0], far[0], far[1]), 4294967295.0, 512);
    CHECK_NEAR(steer_line_distance(far[2], far[2], far[3]), 4294967295.0 * sqrt(1.25), 1024);
    /* The diagonal from (INT_MIN, INT_MIN) to (INT_MAX, INT_MAX) through the origin. */
    steer_cell lo = steer_cell_make(INT_MIN, INT_MIN);
    CHECK_NEAR(steer_line_distance(lo, far[3], steer_cell_make(1, -1)), sqrt(2.0), 1e-3);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            CHECK(steer_is_finite(steer_line_distance(far[i], far[j], far[(i + j) & 3])));
}

/* A caller's line state holding an anchor off the grid (its areas would overflow int64)
 * is redrawn from the chaser, as a fresh line. */
static void test_line_chase_far_anchor(void)
{
    uint8_t cells[100];
    steer_grid g = open_grid(cells, 10, 10);
    steer_cell chaser = steer_cell_make(1, 1), target = steer_cell_make(6, 6), fresh, next;
    CHECK(steer_grid_chase_line(&g, NULL, NULL, chaser, target, STEER_MOVES_8, &fresh) ==
          STEER_GRID_MOVED);
    steer_line_chase line = {{INT_MIN, 0}, target, chaser, true, STEER_LINE_TIE_LONGER_AXIS};
    CHECK(steer_grid_chase_line(&g, NULL, &line, chaser, target, STEER_MOVES_8, &next) ==
          STEER_GRID_MOVED);
    CHECK(steer_cell_eq(next, fresh) && steer_cell_eq(line.anchor, chaser));
}

static void test_chase_bad_input(void)
{
    uint8_t cells[25];
    steer_grid g = open_grid(cells, 5, 5);
    steer_grid_set_wall(&g, steer_cell_make(2, 2), true);
    steer_cell next, c = steer_cell_make(0, 0);
    steer_line_chase line;
    steer_line_chase_reset(&line);
    const steer_cell outside[4] = {{5, 0}, {-1, 0}, {0, 5}, {0, -1}};
    for (int i = 0; i < 4; i++) {
        CHECK(steer_grid_chase_compare(&g, NULL, c, outside[i], STEER_MOVES_8, &next) ==
              STEER_GRID_BAD_INPUT);
        CHECK(steer_grid_chase_line(&g, NULL, &line, c, outside[i], STEER_MOVES_4, &next) ==
              STEER_GRID_BAD_INPUT);
        CHECK(steer_cell_eq(next, c));
    }
    steer_cell wall = steer_cell_make(2, 2);
    CHECK(steer_grid_chase_compare(&g, NULL, wall, c, STEER_MOVES_8, &next) ==
          STEER_GRID_BAD_INPUT);
    CHECK(steer_grid_chase_line(&g, NULL, NULL, wall, c, STEER_MOVES_8, &next) ==
          STEER_GRID_BAD_INPUT);
    CHECK(steer_cell_eq(next, wall));
    CHECK(steer_grid_chase_line(&g, NULL, NULL, c, c, STEER_MOVES_8, &next) == STEER_GRID_ARRIVED);
    CHECK(steer_grid_chase_compare(&g, NULL, c, steer_cell_make(1, 1), STEER_MOVES_8, NULL) ==
          STEER_GRID_BAD_INPUT);
    steer_grid empty = {0, 0, NULL};
    CHECK(steer_grid_chase_compare(&empty, NULL, c, c, STEER_MOVES_8, &next) ==
          STEER_GRID_BAD_INPUT);
    CHECK(steer_grid_evade(&g, NULL, wall, &c, 1, NULL, &next) == STEER_GRID_BAD_INPUT);
}

/* ---- catching a fleeing target ----------------------------------------------------- */

typedef enum chaser_kind { KIND_COMPARE, KIND_LINE, KIND_ASTAR } chaser_kind;
typedef enum flee_kind { FLEE_EVADE, FLEE_RANDOM, FLEE_RUN } flee_kind;

typedef struct chase_sim {
    steer_grid grid;
    steer_grid_moves moves;
    chaser_kind kind;
    steer_line_chase line;
    steer_astar_chase astar;
    steer_astar_scratch scratch;
} chase_sim;

static steer_grid_status chaser_step(chase_sim *s, steer_cell c, steer_cell t, steer_cell *next)
{
    if (s->kind == KIND_COMPARE)
        return steer_grid_chase_compare(&s->grid, NULL, c, t, s->moves, next);
    if (s->kind == KIND_LINE)
        return steer_grid_chase_line(&s->grid, NULL, &s->line, c, t, s->moves, next);
    steer_astar_chase_params p = steer_astar_chase_default();
    p.search.moves = s->moves;
    return steer_astar_chase_step(&s->grid, NULL, &s->astar, &s->scratch, &p, c, t, next);
}

/* The target's move: at most one step of `moves`, or none. */
static steer_cell flee_step(chase_sim *s, flee_kind kind, steer_cell t, steer_cell c,
                            steer_rng *rng)
{
    steer_cell next = t;
    if (kind == FLEE_EVADE) {
        steer_grid_evade_params p = steer_grid_evade_default();
        p.moves = s->moves;
        steer_grid_evade(&s->grid, NULL, t, &c, 1, &p, &next);
    } else if (kind == FLEE_RANDOM) {
        int dx = (int)steer_rng_below(rng, 3) - 1, dy = (int)steer_rng_below(rng, 3) - 1;
        if (s->moves == STEER_MOVES_4 && dx != 0) dy = 0;
        if (steer_grid_can_step(&s->grid, t, dx, dy, s->moves))
            next = steer_cell_make(t.x + dx, t.y + dy);
    } else {
        /* Run straight away from the chaser on each axis, sliding along walls. */
        int dx = t.x >= c.x ? 1 : -1, dy = t.y >= c.y ? 1 : -1;
        if (s->moves == STEER_MOVES_4) {
            if (abs(t.x - c.x) >= abs(t.y - c.y) &&
                steer_grid_can_step(&s->grid, t, dx, 0, s->moves))
                dy = 0;
            else
                dx = 0;
        }
        if (!steer_grid_is_free(&s->grid, steer_cell_make(t.x + dx, t.y))) dx = 0;
        if (!steer_grid_is_free(&s->grid, steer_cell_make(t.x, t.y + dy))) dy = 0;
        if ((dx || dy) && steer_grid_can_step(&s->grid, t, dx, dy, s->moves))
            next = steer_cell_make(t.x + dx, t.y + dy);
    }
    return next;
}

/* Ticks until caught (the chaser steps onto the target, or the target onto the chaser);
 * each tick the target moves first (on ticks where tick % period == 0), then the chaser. */
static int ticks_to_catch(chase_sim *s, flee_kind fk, steer_cell c, steer_cell t, int period,
                          int limit, steer_rng *rng)
{
    steer_line_chase_reset(&s->line);
    steer_astar_chase_init(&s->astar, s->astar.path, s->astar.capacity);
    for (int tick = 1; tick <= limit; tick++) {
        if (tick % period == 0) t = flee_step(s, fk, t, c, rng);
        if (steer_cell_eq(c, t)) return tick;
        steer_cell next;
        steer_grid_status st = chaser_step(s, c, t, &next);
        if (st != STEER_GRID_MOVED) return -1000 - (int)st;
        c = next;
        if (steer_cell_eq(c, t)) return tick;
    }
    return -1;
}

enum { CW = 24, CH = 16 };

/* Runs `kinds` chasers against every flee strategy from many starts; returns the worst
 * time seen, or -1 when a run exceeded `bound`. */
static int worst_catch(steer_grid_moves moves, chaser_kind kind, int period, int bound)
{
    static uint8_t cells[CW * CH];
    static steer_cell path[CW * CH];
    static uint32_t scratch_mem[CW * CH * 6];
    chase_sim s;
    s.grid = open_grid(cells, CW, CH);
    s.moves = moves;
    s.kind = kind;
    steer_astar_scratch_init(&s.scratch, scratch_mem, sizeof scratch_mem, CW * CH);
    steer_astar_chase_init(&s.astar, path, CW * CH);
    steer_rng rng = steer_rng_make(77, (uint64_t)kind * 8 + (uint64_t)moves);
    int worst = 0;
    for (int run = 0; run < 300; run++) {
        steer_cell c =
            steer_cell_make((int)steer_rng_below(&rng, CW), (int)steer_rng_below(&rng, CH));
        steer_cell t =
            steer_cell_make((int)steer_rng_below(&rng, CW), (int)steer_rng_below(&rng, CH));
        if (steer_cell_eq(c, t)) continue;
        int ticks = ticks_to_catch(&s, (flee_kind)(run % 3), c, t, period, bound, &rng);
        if (ticks < 0) {
            fprintf(stderr, "  kind %d moves %d run %d flee %d from (%d,%d)->(%d,%d): %d\n", kind,
                    moves, run, run % 3, c.x, c.y, t.x, t.y, ticks);
            return -1;
        }
        if (ticks > worst) worst = ticks;
    }
    return worst;
}

/* 8-connected chasers catch a target that moves one king step every tick (the same
 * speed) within 2 (max(W, H) - 1) ticks on an open W x H map (docs/grid.md). */
static void test_catch_same_speed_8(void)
{
    int bound = 2 * ((CW > CH ? CW : CH) - 1);
    for (int k = 0; k < 3; k++) {
        int worst = worst_catch(STEER_MOVES_8, (chaser_kind)k, 1, bound);
        CHECK_MSG(worst > 0, "chaser kind %d missed the bound %d", k, bound);
        printf("8-connected chaser kind %d, same speed: worst %d ticks (bound %d)\n", k, worst,
               bound);
    }
}

/* 4-connected chasers against a 4-connected target at half speed: within
 * 2 (W + H - 2) ticks. (At the same speed a 4-connected target can circle a block for
 * ever; see docs/grid.md.) */
static void test_catch_slower_4(void)
{
    int bound = 2 * (CW + CH - 2);
    for (int k = 0; k < 3; k++) {
        int worst = worst_catch(STEER_MOVES_4, (chaser_kind)k, 2, bound);
        CHECK_MSG(worst > 0, "chaser kind %d missed the bound %d", k, bound);
        printf("4-connected chaser kind %d, half speed: worst %d ticks (bound %d)\n", k, worst,
               bound);
    }
}

/* ---- many chasers ---------------------------------------------------------------------- */

enum { MW = 48, MH = 48, MANY = 12 };

/* Run MANY chasers with one method against a target and return the route overlap: the
 * share of chaser steps onto a cell another chaser had already stepped on. -1 when two
 * chasers ever shared a cell. */
static double many_chasers_overlap(steer_grid_chase_method method, bool fleeing, uint64_t seed)
{
    static uint8_t cells[MW * MH], taken[MW * MH];
    static uint16_t visited_by[MW * MH]; /* bit per chaser */
    steer_grid g = open_grid(cells, MW, MH);
    steer_occupancy occ;
    steer_occupancy_init(&occ, &g, taken, sizeof taken);
    memset(visited_by, 0, sizeof visited_by);
    steer_rng rng = steer_rng_make(seed, 5);
    steer_cell c[MANY], t = steer_cell_make(MW / 2, MH / 2);
    steer_line_chase lines[MANY];
    for (int i = 0; i < MANY; i++) {
        do {
            c[i] = steer_cell_make((int)steer_rng_below(&rng, MW), (int)steer_rng_below(&rng, MH));
        } while (abs(c[i].x - t.x) < 8 && abs(c[i].y - t.y) < 8);
        if (!steer_occupancy_place(&occ, c[i]))
            i--;
        else
            steer_line_chase_reset(&lines[i]);
    }
    int steps = 0, shared = 0;
    for (int tick = 0; tick < 60; tick++) {
        if (fleeing && tick % 2 == 0) steer_grid_evade(&g, &occ, t, c, MANY, NULL, &t);
        for (int i = 0; i < MANY; i++) {
            steer_cell next;
            if (steer_grid_chase_step(&g, &occ, method, &lines[i], c[i], t, STEER_MOVES_8, &next) !=
                STEER_GRID_MOVED)
                continue;
            c[i] = next;
            /* The approach is the route; the crowd round the target at the end is not. */
            if (abs(next.x - t.x) <= 3 && abs(next.y - t.y) <= 3) continue;
            int k = steer_grid_cell_index(&g, next);
            steps++;
            if (visited_by[k] & ~(1u << i)) shared++;
            visited_by[k] |= (uint16_t)(1u << i);
        }
        for (int i = 0; i < MANY; i++)
            for (int j = i + 1; j < MANY; j++)
                if (steer_cell_eq(c[i], c[j])) return -1.0;
    }
    return steps > 0 ? (double)shared / steps : 0.0;
}

static void test_many_chasers_never_share_and_spread(void)
{
    double sum[2][2] = {{0, 0}, {0, 0}};
    for (int f = 0; f < 2; f++) {
        for (int m = 0; m < 2; m++) {
            for (uint64_t seed = 1; seed <= 20; seed++) {
                double o = many_chasers_overlap((steer_grid_chase_method)m, f == 1, seed);
                CHECK_MSG(o >= 0.0, "method %d seed %u: two chasers shared a cell", m,
                          (unsigned)seed);
                sum[f][m] += o / 20.0;
            }
        }
    }
    printf("route overlap, 12 chasers, 48x48: still target: compare %.1f%%, line %.1f%%; "
           "fleeing target: compare %.1f%%, line %.1f%%\n",
           100 * sum[0][0], 100 * sum[0][1], 100 * sum[1][0], 100 * sum[1][1]);
    CHECK_MSG(sum[0][1] < sum[0][0], "line %.3f vs compare %.3f", sum[0][1], sum[0][0]);
    CHECK_MSG(sum[1][1] < sum[1][0], "line %.3f vs compare %.3f", sum[1][1], sum[1][0]);
}

static void test_occupancy_basics(void)
{
    uint8_t cells[9], taken[9];
    steer_grid g = open_grid(cells, 3, 3);
    steer_occupancy occ;
    CHECK(!steer_occupancy_init(&occ, &g, taken, 8));
    CHECK(!steer_occupancy_is_free(&occ, steer_cell_make(0, 0)));
    CHECK(steer_occupancy_init(&occ, &g, taken, sizeof taken));
    steer_cell a = steer_cell_make(0, 0), b = steer_cell_make(1, 0);
    CHECK(steer_occupancy_place(&occ, a));
    CHECK(!steer_occupancy_place(&occ, a));
    CHECK(!steer_occupancy_place(&occ, steer_cell_make(3, 0)));
    CHECK(steer_occupancy_place(&occ, b));
    CHECK(!steer_occupancy_move(&occ, a, b));
    CHECK(!steer_occupancy_is_free(&occ, a));
    CHECK(steer_occupancy_move(&occ, a, steer_cell_make(0, 1)));
    CHECK(steer_occupancy_is_free(&occ, a));
    /* A chaser blocked by another waits instead of stepping onto it. */
    steer_cell next;
    steer_grid_set_wall(&g, steer_cell_make(1, 1), true);
    CHECK(steer_grid_chase_step(&g, &occ, STEER_CHASE_LINE, NULL, steer_cell_make(0, 1),
                                steer_cell_make(2, 0), STEER_MOVES_8, &next) == STEER_GRID_MOVED);
    CHECK(steer_cell_eq(next, steer_cell_make(0, 0)));
    CHECK(steer_grid_chase_step(&g, &occ, STEER_CHASE_COMPARE, NULL, next, steer_cell_make(2, 0),
                                STEER_MOVES_8, &next) == STEER_GRID_WAITING);
    CHECK(steer_cell_eq(next, a));
}

TEST_MAIN(TEST(test_line_tracking_stays_on_line_4), TEST(test_line_tracking_stays_on_line_8),
          TEST(test_line_tracking_tie_rules_by_hand), TEST(test_line_tracking_moving_target),
          TEST(test_compare_method_diagonal_then_straight), TEST(test_line_distance_far_cells),
          TEST(test_line_chase_far_anchor), TEST(test_chase_bad_input),
          TEST(test_catch_same_speed_8), TEST(test_catch_slower_4),
          TEST(test_many_chasers_never_share_and_spread), TEST(test_occupancy_basics))
