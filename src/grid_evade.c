/* SPDX-License-Identifier: MIT */
/* Evasion on the grid: run from threats, and not into pockets when there is a way out. */
#include "grid_internal.h"

#define STEER_EVADE_MAX_LOOK 16
#define STEER_EVADE_SPAN     (2 * STEER_EVADE_MAX_LOOK + 1)

steer_grid_evade_params steer_grid_evade_default(void)
{
    steer_grid_evade_params p;
    p.moves = STEER_MOVES_8;
    p.lookahead = 6;
    p.may_stay = true;
    return p;
}

/* Squared distance to the nearest threat inside the grid; -1 when there is none. */
static int64_t steer_evade__nearest(const steer_grid *grid, steer_cell c, const steer_cell *threats,
                                    int count)
{
    int64_t best = -1;
    for (int i = 0; i < count; i++) {
        if (!steer_grid_in_bounds(grid, threats[i])) continue;
        int64_t dx = c.x - threats[i].x, dy = c.y - threats[i].y;
        int64_t d2 = dx * dx + dy * dy;
        if (best < 0 || d2 < best) best = d2;
    }
    return best;
}

/* The region a flood may use: the window around `from`, minus threats and `home`. */
typedef struct steer_evade_flood {
    const steer_grid *grid;
    const steer_cell *threats;
    int threat_count;
    steer_cell from, home;
    bool bar_home;
    int look;
    steer_grid_moves moves;
    uint8_t seen[STEER_EVADE_SPAN * STEER_EVADE_SPAN];
    steer_cell queue[STEER_EVADE_SPAN * STEER_EVADE_SPAN];
    uint8_t depth[STEER_EVADE_SPAN * STEER_EVADE_SPAN];
} steer_evade_flood;

/* Mark and queue c if the flood may enter it; returns true when it was queued. */
static bool steer_evade__visit(steer_evade_flood *f, steer_cell c, int n, uint8_t depth)
{
    int wx = c.x - f->from.x + STEER_EVADE_MAX_LOOK, wy = c.y - f->from.y + STEER_EVADE_MAX_LOOK;
    if (wx < 0 || wy < 0 || wx >= STEER_EVADE_SPAN || wy >= STEER_EVADE_SPAN) return false;
    uint8_t *seen = &f->seen[wy * STEER_EVADE_SPAN + wx];
    if (*seen || (f->bar_home && steer_cell_eq(c, f->home))) return false;
    for (int i = 0; i < f->threat_count; i++)
        if (steer_cell_eq(c, f->threats[i])) return false;
    *seen = 1;
    f->queue[n] = c;
    f->depth[n] = depth;
    return true;
}

/* Free cells reachable from f->from within f->look moves, not counting it. */
static int steer_evade__room(steer_evade_flood *f)
{
    for (int i = 0; i < STEER_EVADE_SPAN * STEER_EVADE_SPAN; i++) f->seen[i] = 0;
    int n = steer_evade__visit(f, f->from, 0, 0) ? 1 : 0;
    for (int head = 0; head < n && n <= f->look; head++) {
        if (f->depth[head] >= f->look) continue;
        for (int d = 0; d < (int)f->moves; d++) {
            int dx = steer_grid__dx(d), dy = steer_grid__dy(d);
            if (!steer_grid_can_step(f->grid, f->queue[head], dx, dy, f->moves)) continue;
            steer_cell c = steer_cell_make(f->queue[head].x + dx, f->queue[head].y + dy);
            if (steer_evade__visit(f, c, n, (uint8_t)(f->depth[head] + 1))) n++;
        }
    }
    return n - 1;
}

/* How good a place is: lexicographic (not on a threat, not a dead end, distance). */
typedef struct steer_evade_score {
    int safe, open;
    int64_t d2;
} steer_evade_score;

static bool steer_evade__better(steer_evade_score a, steer_evade_score b)
{
    if (a.safe != b.safe) return a.safe > b.safe;
    if (a.open != b.open) return a.open > b.open;
    return a.d2 > b.d2;
}

static steer_evade_score steer_evade__score(steer_evade_flood *f, steer_cell c)
{
    steer_evade_score s;
    s.d2 = steer_evade__nearest(f->grid, c, f->threats, f->threat_count);
    s.safe = s.d2 != 0;
    f->from = c;
    s.open = steer_evade__room(f) >= f->look;
    return s;
}

steer_grid_status steer_grid_evade(const steer_grid *grid, const steer_occupancy *occ,
                                   steer_cell evader, const steer_cell *threats, int threat_count,
                                   const steer_grid_evade_params *params, steer_cell *next)
{
    if (next != NULL) *next = evader;
    if (next == NULL || !steer_grid_is_free(grid, evader)) return STEER_GRID_BAD_INPUT;
    if (threats == NULL || threat_count <= 0) return STEER_GRID_WAITING;
    if (steer_evade__nearest(grid, evader, threats, threat_count) < 0) return STEER_GRID_WAITING;
    steer_grid_evade_params p = params != NULL ? *params : steer_grid_evade_default();
    steer_evade_flood f; /* every field is set before it is read */
    f.grid = grid;
    f.threats = threats;
    f.threat_count = threat_count;
    f.home = evader;
    f.bar_home = true; /* a step's room must not count the way back */
    f.moves = p.moves == STEER_MOVES_4 ? STEER_MOVES_4 : STEER_MOVES_8;
    f.look = p.lookahead < 1                      ? 1
             : p.lookahead > STEER_EVADE_MAX_LOOK ? STEER_EVADE_MAX_LOOK
                                                  : p.lookahead;
    bool have = false;
    steer_evade_score best = {0, 0, 0};
    if (p.may_stay) {
        f.bar_home = false; /* staying: the evader's own cell is the flood's start */
        best = steer_evade__score(&f, evader);
        f.bar_home = true;
        have = true;
    }
    for (int d = 0; d < (int)f.moves; d++) {
        int dx = steer_grid__dx(d), dy = steer_grid__dy(d);
        steer_cell c = steer_cell_make(evader.x + dx, evader.y + dy);
        if (!steer_grid_can_step(grid, evader, dx, dy, f.moves) || !steer_occupancy_is_free(occ, c))
            continue;
        steer_evade_score s = steer_evade__score(&f, c);
        if (!have || steer_evade__better(s, best)) best = s, *next = c, have = true;
    }
    return steer_cell_eq(*next, evader) ? STEER_GRID_WAITING : STEER_GRID_MOVED;
}
