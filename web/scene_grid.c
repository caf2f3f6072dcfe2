/* SPDX-License-Identifier: MIT */
/* web/scene_grid.c - the simple and the line-tracking grid chase side by side, chasing the same
 * target cell. */
#include <string.h>

#include "web_scene.h"

#define WEB_GRID_W       24
#define WEB_GRID_H       18
#define WEB_GRID_GAP     2
#define WEB_GRID_CHASERS 6
#define WEB_GRID_TRAIL   40

enum { GR_RATE, GR_MOVES8, GR_CHASERS, GR_DRIFT };

static const web_param_def web_grid_params[] = {
    WEB_SLIDER("ticks per second", 1, 30, 1, 8),
    WEB_TOGGLE("diagonal moves", 1),
    WEB_SLIDER("chasers", 1, WEB_GRID_CHASERS, 1, 3),
    WEB_TOGGLE("target drifts", 1),
};

/* Two grids, one per chase method ([0] comparison, [1] line tracking). */
static struct {
    uint8_t cells[2][WEB_GRID_W * WEB_GRID_H];
    uint8_t taken[2][WEB_GRID_W * WEB_GRID_H];
    steer_grid grid[2];
    steer_occupancy occ[2];
    steer_grid_frame frame[2];
    steer_cell chaser[2][WEB_GRID_CHASERS];
    steer_cell trail[2][WEB_GRID_CHASERS][WEB_GRID_TRAIL];
    int trail_count[2][WEB_GRID_CHASERS];
    steer_line_chase line[WEB_GRID_CHASERS];
    steer_cell target;
    int frames_to_tick;
    int ticks;
    int walked[2];
    int caught[2];
} web_gr;

static const steer_cell web_grid_starts[WEB_GRID_CHASERS] = {{0, 0},  {0, 17}, {2, 9},
                                                             {12, 0}, {9, 17}, {0, 12}};

static void web_grid_add_chaser(int i)
{
    for (int m = 0; m < 2; m++) {
        web_gr.chaser[m][i] = web_grid_starts[i];
        steer_occupancy_place(&web_gr.occ[m], web_grid_starts[i]);
        web_gr.trail[m][i][0] = web_grid_starts[i];
        web_gr.trail_count[m][i] = 1;
        steer_agent a = steer_agent_default();
        a.position = steer_grid_cell_center(&web_gr.frame[m], web_grid_starts[i]);
        a.radius = 0.42f;
        web_add_agent(a, m == 0 ? 1 : 0);
    }
    steer_line_chase_reset(&web_gr.line[i]);
}

static void web_grid_start(void)
{
    memset(&web_gr, 0, sizeof web_gr);
    web_s.world_w = 2.0f * WEB_GRID_W + WEB_GRID_GAP;
    web_s.world_h = WEB_GRID_H + 2.0f;
    web_s.has_target = true;
    web_s.velocity_scale = 0.1f;
    for (int m = 0; m < 2; m++) {
        steer_grid_init(&web_gr.grid[m], WEB_GRID_W, WEB_GRID_H, web_gr.cells[m],
                        sizeof web_gr.cells[m]);
        steer_occupancy_init(&web_gr.occ[m], &web_gr.grid[m], web_gr.taken[m],
                             sizeof web_gr.taken[m]);
        web_gr.frame[m] = steer_grid_frame_default();
        web_gr.frame[m].origin = steer_v3((float)(m * (WEB_GRID_W + WEB_GRID_GAP)), 2.0f, 0.0f);
    }
    int n = (int)web_param(GR_CHASERS);
    for (int i = 0; i < n; i++) web_grid_add_chaser(i);
    web_gr.target = steer_cell_make(18, 9);
}

static void web_grid_drift(void)
{
    int dir = (int)steer_rng_below(&web_s.rng, 8);
    static const int dx[8] = {1, 1, 0, -1, -1, -1, 0, 1}, dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    steer_cell next = steer_cell_make(web_gr.target.x + dx[dir], web_gr.target.y + dy[dir]);
    if (steer_grid_in_bounds(&web_gr.grid[0], next)) web_gr.target = next;
}

static void web_grid_push_trail(int m, int i, steer_cell c)
{
    int n = web_gr.trail_count[m][i];
    if (n == WEB_GRID_TRAIL) {
        memmove(&web_gr.trail[m][i][0], &web_gr.trail[m][i][1],
                sizeof(steer_cell) * (WEB_GRID_TRAIL - 1));
        n--;
    }
    web_gr.trail[m][i][n] = c;
    web_gr.trail_count[m][i] = n + 1;
}

/* One chaser of grid m takes its step toward the target. */
static void web_grid_move(int m, int i, steer_grid_moves moves)
{
    steer_grid_chase_method method = m == 0 ? STEER_CHASE_COMPARE : STEER_CHASE_LINE;
    steer_cell next = web_gr.chaser[m][i];
    steer_line_chase *line = m == 1 ? &web_gr.line[i] : NULL;
    /* shown on the page { */
    steer_grid_status st = steer_grid_chase_step(&web_gr.grid[m], &web_gr.occ[m], method, line,
                                                 web_gr.chaser[m][i], web_gr.target, moves, &next);
    /* } shown on the page */
    steer_agent *a = &web_s.agents[i * 2 + m];
    steer_vec3 from = a->position;
    a->position = steer_grid_cell_center(&web_gr.frame[m], next);
    a->velocity = steer_sub(a->position, from);
    if (steer_length_sq(a->velocity) > 0.0f)
        a->orientation = steer_space_orientation(STEER_SPACE_XY, a->velocity, 0.0f);
    if (st == STEER_GRID_MOVED) {
        web_gr.walked[m]++;
        web_grid_push_trail(m, i, next);
    }
    if (steer_cell_eq(next, web_gr.target) && !steer_cell_eq(web_gr.chaser[m][i], web_gr.target))
        web_gr.caught[m]++;
    web_gr.chaser[m][i] = next;
}

static void web_grid_tick(void)
{
    steer_grid_moves moves = web_param(GR_MOVES8) > 0.5f ? STEER_MOVES_8 : STEER_MOVES_4;
    if (web_param(GR_DRIFT) > 0.5f && web_gr.ticks % 3 == 0) web_grid_drift();
    int n = (int)web_param(GR_CHASERS);
    for (int m = 0; m < 2; m++)
        for (int i = 0; i < n; i++) web_grid_move(m, i, moves);
    web_gr.ticks++;
}

static void web_grid_step(void)
{
    if (--web_gr.frames_to_tick > 0) return;
    web_gr.frames_to_tick = (int)(60.0f / web_param(GR_RATE) + 0.5f);
    web_grid_tick();
}

static void web_grid_draw_one(int m, int n)
{
    steer_vec3 o = web_gr.frame[m].origin;
    const steer_grid_frame *f = &web_gr.frame[m];
    for (int x = 0; x <= WEB_GRID_W; x++)
        web_prim(WEB_PRIM_LINE, WEB_STYLE_GRID, o.x + x, o.y, o.x + x, o.y + WEB_GRID_H);
    for (int y = 0; y <= WEB_GRID_H; y++)
        web_prim(WEB_PRIM_LINE, WEB_STYLE_GRID, o.x, o.y + y, o.x + WEB_GRID_W, o.y + y);
    web_prim(WEB_PRIM_RECT, WEB_STYLE_TARGET_CELL, o.x + web_gr.target.x, o.y + web_gr.target.y, 1,
             1);
    web_prim(WEB_PRIM_LABEL, WEB_STYLE_CAPTION, o.x, 1.2f, (float)m, 0);
    for (int i = 0; i < n; i++) {
        if (m == 1 && web_gr.line[i].valid)
            web_line(WEB_STYLE_TRACK_LINE, steer_grid_cell_center(f, web_gr.line[i].anchor),
                     steer_grid_cell_center(f, web_gr.line[i].target));
        for (int k = 1; k < web_gr.trail_count[m][i]; k++)
            web_line(m == 0 ? WEB_STYLE_TRAIL_ALT : WEB_STYLE_TRAIL,
                     steer_grid_cell_center(f, web_gr.trail[m][i][k - 1]),
                     steer_grid_cell_center(f, web_gr.trail[m][i][k]));
    }
}

static void web_grid_draw(void)
{
    int n = (int)web_param(GR_CHASERS);
    for (int m = 0; m < 2; m++) web_grid_draw_one(m, n);
    web_add_stat("cells walked, comparison", (float)web_gr.walked[0]);
    web_add_stat("cells walked, line", (float)web_gr.walked[1]);
    web_add_stat("catches, comparison", (float)web_gr.caught[0]);
    web_add_stat("catches, line", (float)web_gr.caught[1]);
}

static void web_grid_set_target(steer_cell c)
{
    c.x = c.x < 0 ? 0 : (c.x >= WEB_GRID_W ? WEB_GRID_W - 1 : c.x);
    c.y = c.y < 0 ? 0 : (c.y >= WEB_GRID_H ? WEB_GRID_H - 1 : c.y);
    web_gr.target = c;
    web_s.target = steer_grid_cell_center(&web_gr.frame[0], c);
}

/* A click in either grid picks that grid's cell. */
static void web_grid_click(steer_vec3 p)
{
    int m = p.x >= (float)(WEB_GRID_W + WEB_GRID_GAP) ? 1 : 0;
    web_grid_set_target(steer_grid_world_to_cell(&web_gr.frame[m], p));
}

/* Arrow keys move the target by whole cells. */
static bool web_grid_nudge(int dx, int dy)
{
    web_grid_set_target(steer_cell_make(web_gr.target.x + dx, web_gr.target.y + dy));
    return true;
}

static web_param_effect web_grid_param_changed(int i)
{
    return i == GR_CHASERS ? WEB_PARAM_RESTART : WEB_PARAM_REDRAW;
}

const web_scene_def web_scene_grid = {
    .name = "Grid chase",
    .origin = "Classic tile-game AI writing on chasing on a grid: the simple chase steps toward "
              "the target on each axis that differs, the line-tracking chase follows the straight "
              "line Bresenham-style.",
    .docs = "grid.md",
    .source = "scene_grid.c",
    .about = "Left, coordinate comparison (a diagonal first, then straight; "
             "chasers share routes); right, line tracking (each step takes the cell "
             "closest to the line to the target). Click a cell or use the arrow keys to "
             "move the target.",
    WEB_PARAMS_FIELDS(web_grid_params),
    .start = web_grid_start,
    .step = web_grid_step,
    .draw = web_grid_draw,
    .click = web_grid_click,
    .nudge = web_grid_nudge,
    .param_changed = web_grid_param_changed,
};
