/* web/steer_web.c - the demo's scenes, run by the real library, for the web page.
 *
 * Everything lives in one static state: the page runs one scene at a time, and a
 * static state needs no allocator in the .wasm. Each scene has a start, a step and a
 * draw function; draw fills the agent and primitive arrays the page reads (see
 * steer_web.h). Nothing here reads a clock: the page calls web_step 60 times per second
 * of demo time, so a run is replayed exactly from its seed and inputs.
 */
#include "steer_web.h"

#include <string.h>

#include "steer/steer.h"

#define WEB_DT           (1.0f / 60.0f)
#define WEB_MAX_AGENTS   32
#define WEB_MAX_PRIMS    4096
#define WEB_MAX_PARAMS   8
#define WEB_MAX_STATS    4
#define WEB_TRAIL        480
#define WEB_GRID_W       24
#define WEB_GRID_H       18
#define WEB_GRID_GAP     2
#define WEB_GRID_CHASERS 6
#define WEB_GRID_TRAIL   40
#define WEB_PATH_POINTS  10
#define WEB_FOLLOWERS    3
#define WEB_CIRCLES      7
#define WEB_WALLS        2
#define WEB_WANDERERS    6
#define WEB_HIDERS       3

/* One slider: name, range, step and default. */
typedef struct web_param_def {
    const char *name;
    float min, max, step, value;
} web_param_def;

/* A short history of positions, drawn as a polyline. */
typedef struct web_trail {
    steer_vec3 points[WEB_TRAIL];
    int head, count;
} web_trail;

/* The seed 003 scene: two grids, one per chase method, chasing the same target. */
typedef struct web_grid_scene {
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
} web_grid_scene;

typedef struct web_state {
    int scene;
    uint32_t seed;
    uint32_t steps;
    steer_rng rng;
    const web_param_def *defs;
    int param_count;
    float params[WEB_MAX_PARAMS];
    float world_w, world_h, velocity_scale, force_scale;
    bool has_target;
    steer_vec3 target;

    int count;
    steer_agent agents[WEB_MAX_AGENTS];
    steer_vec3 force[WEB_MAX_AGENTS];
    int style[WEB_MAX_AGENTS];

    const char *stat_names[WEB_MAX_STATS];
    float stats[WEB_MAX_STATS];
    int stat_count;

    /* seed 000 */
    steer_approach_walker walker;
    web_trail trail;
    int rest_frames;
    /* seed 002 */
    steer_wander_state wander[WEB_MAX_AGENTS];
    steer_wander_target_state wander_target[WEB_MAX_AGENTS];
    /* seed 003 */
    web_grid_scene grid;
    /* pursue */
    int catches[2];
    /* path */
    steer_vec3 path_points[WEB_PATH_POINTS];
    steer_path_node path_nodes[WEB_PATH_POINTS];
    steer_path path;
    steer_path_cursor cursor[WEB_FOLLOWERS];
    /* obstacles */
    steer_circle circles[WEB_CIRCLES];
    steer_segment walls[WEB_WALLS];
    steer_vec3 hiding_spot[WEB_HIDERS];
} web_state;

static web_state web_s;
static float web_agent_buf[WEB_MAX_AGENTS * WEB_AGENT_FLOATS];
static int web_agent_n;
static float web_prim_buf[WEB_MAX_PRIMS * WEB_PRIM_FLOATS];
static int web_prim_n;

/* ---- drawing helpers --------------------------------------------------------------- */

static void web_prim(int kind, int style, float a, float b, float c, float d)
{
    if (web_prim_n >= WEB_MAX_PRIMS) return;
    float *p = web_prim_buf + web_prim_n * WEB_PRIM_FLOATS;
    p[0] = (float)kind;
    p[1] = (float)style;
    p[2] = a;
    p[3] = b;
    p[4] = c;
    p[5] = d;
    p[6] = 0.0f;
    p[7] = 0.0f;
    web_prim_n++;
}

static void web_line(int style, steer_vec3 a, steer_vec3 b)
{
    web_prim(WEB_PRIM_LINE, style, a.x, a.y, b.x, b.y);
}

static void web_circle(int style, steer_vec3 c, float r)
{
    web_prim(WEB_PRIM_CIRCLE, style, c.x, c.y, r, 0.0f);
}

static void web_dot(int style, steer_vec3 c, float r)
{
    web_prim(WEB_PRIM_DOT, style, c.x, c.y, r, 0.0f);
}

static void web_put_agents(void)
{
    web_agent_n = web_s.count;
    for (int i = 0; i < web_s.count; i++) {
        const steer_agent *a = &web_s.agents[i];
        float *p = web_agent_buf + i * WEB_AGENT_FLOATS;
        p[0] = a->position.x;
        p[1] = a->position.y;
        p[2] = a->velocity.x;
        p[3] = a->velocity.y;
        p[4] = a->orientation;
        p[5] = web_s.force[i].x;
        p[6] = web_s.force[i].y;
        p[7] = a->radius;
        p[8] = (float)web_s.style[i];
        p[9] = 0.0f;
    }
}

static void web_trail_reset(web_trail *t)
{
    t->head = 0;
    t->count = 0;
}

static void web_trail_push(web_trail *t, steer_vec3 p)
{
    t->points[t->head] = p;
    t->head = (t->head + 1) % WEB_TRAIL;
    if (t->count < WEB_TRAIL) t->count++;
}

static void web_trail_draw(const web_trail *t, int style)
{
    int first = (t->head - t->count + WEB_TRAIL) % WEB_TRAIL;
    for (int i = 2; i < t->count; i += 2) {
        steer_vec3 a = t->points[(first + i - 2) % WEB_TRAIL];
        steer_vec3 b = t->points[(first + i) % WEB_TRAIL];
        web_line(style, a, b);
    }
}

static void web_target_mark(steer_vec3 t)
{
    web_circle(WEB_STYLE_TARGET, t, 0.6f);
    web_line(WEB_STYLE_TARGET, steer_v3(t.x - 0.9f, t.y, 0.0f), steer_v3(t.x + 0.9f, t.y, 0.0f));
    web_line(WEB_STYLE_TARGET, steer_v3(t.x, t.y - 0.9f, 0.0f), steer_v3(t.x, t.y + 0.9f, 0.0f));
}

/* ---- shared scene helpers ---------------------------------------------------------- */

static float web_param(int i)
{
    return web_s.params[i];
}

static void web_add_stat(const char *name, float value)
{
    if (web_s.stat_count >= WEB_MAX_STATS) return;
    web_s.stat_names[web_s.stat_count] = name;
    web_s.stats[web_s.stat_count] = value;
    web_s.stat_count++;
}

static steer_vec3 web_random_point(float margin)
{
    float x = steer_rng_range(&web_s.rng, margin, web_s.world_w - margin);
    float y = steer_rng_range(&web_s.rng, margin, web_s.world_h - margin);
    return steer_v3(x, y, 0.0f);
}

static int web_add_agent(steer_agent a, int style)
{
    int i = web_s.count++;
    web_s.agents[i] = a;
    web_s.force[i] = steer_v3_zero();
    web_s.style[i] = style;
    return i;
}

static void web_apply(int i, steer_steering s)
{
    web_s.force[i] = s.linear;
    steer_agent_step(&web_s.agents[i], s, WEB_DT);
}

/* Keep an agent inside the world: stop the velocity component that leaves it. */
static void web_keep_inside(steer_agent *a, float margin)
{
    float hi_x = web_s.world_w - margin, hi_y = web_s.world_h - margin;
    if (a->position.x < margin || a->position.x > hi_x) {
        a->position.x = steer_clampf(a->position.x, margin, hi_x);
        a->velocity.x = 0.0f;
    }
    if (a->position.y < margin || a->position.y > hi_y) {
        a->position.y = steer_clampf(a->position.y, margin, hi_y);
        a->velocity.y = 0.0f;
    }
}

/* ---- seed 000: the approach walker ------------------------------------------------- */

enum { AP_AHEAD, AP_SMOOTH, AP_STEP_FACTOR, AP_MAX_STEP, AP_AGGRO, AP_SPEED };

static const web_param_def web_approach_params[] = {
    {"waypoints planned ahead", 1, STEER_APPROACH_AHEAD_MAX, 1, 4},
    {"spline (0 = straight legs)", 0, 1, 1, 1},
    {"step factor", 0.1f, 1, 0.05f, 0.5f},
    {"max step", 1, 20, 0.5f, 10},
    {"aggro distance", 1, 60, 1, 30},
    {"max speed", 1, 15, 0.5f, 6},
};

static steer_approach_walk_params web_approach_walk_params(void)
{
    steer_approach_walk_params p = steer_approach_walk_default();
    p.ahead = (int)web_param(AP_AHEAD);
    p.smooth = web_param(AP_SMOOTH) > 0.5f;
    p.approach.step_factor = web_param(AP_STEP_FACTOR);
    p.approach.max_step = web_param(AP_MAX_STEP);
    p.approach.aggro_distance = web_param(AP_AGGRO);
    return p;
}

static void web_approach_retarget(void)
{
    steer_approach_walk_params p = web_approach_walk_params();
    web_s.agents[0].max_speed = web_param(AP_SPEED);
    steer_approach_walker_start(&web_s.walker, STEER_SPACE_XY, web_s.agents[0].position,
                                web_s.target, &p, &web_s.rng);
    web_s.rest_frames = 0;
}

static void web_approach_start(void)
{
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.has_target = true;
    steer_agent a = steer_agent_default();
    a.position = steer_v3(8.0f, 30.0f, 0.0f);
    a.max_accel = 20.0f;
    web_add_agent(a, 0);
    web_s.target = steer_v3(50.0f, 8.0f, 0.0f);
    web_trail_reset(&web_s.trail);
    web_approach_retarget();
}

static void web_approach_step(void)
{
    steer_approach_walk_params p = web_approach_walk_params();
    bool arrived = false;
    steer_steering s = steer_approach_walk(&web_s.agents[0], &web_s.walker, web_s.target, &p,
                                           &web_s.rng, &arrived);
    web_apply(0, s);
    web_trail_push(&web_s.trail, web_s.agents[0].position);
    /* Rest a moment at the target, then walk to a new random one. */
    if (arrived && ++web_s.rest_frames > 45) {
        web_s.target = web_random_point(5.0f);
        web_approach_retarget();
    }
}

static void web_approach_draw(void)
{
    const steer_approach_walker *w = &web_s.walker;
    web_trail_draw(&web_s.trail, WEB_STYLE_TRAIL);
    for (int i = 0; i + 1 < w->count; i++) web_line(WEB_STYLE_LEG, w->plan[i], w->plan[i + 1]);
    if (web_param(AP_SMOOTH) > 0.5f) {
        /* The walker's spline: each segment shaped by its neighbours, the first by the
         * waypoint before plan[0]; a missing neighbour is mirrored by the library. */
        for (int i = 0; i + 1 < w->count; i++) {
            steer_vec3 p0 = i > 0 ? w->plan[i - 1] : (w->has_previous ? w->previous : w->plan[0]);
            steer_vec3 p3 = i + 2 < w->count ? w->plan[i + 2] : w->plan[i + 1];
            steer_vec3 prev = w->plan[i];
            for (int k = 1; k <= 12; k++) {
                steer_vec3 q = steer_spline_point(p0, w->plan[i], w->plan[i + 1], p3, k / 12.0f);
                web_line(WEB_STYLE_SPLINE, prev, q);
                prev = q;
            }
        }
    }
    for (int i = 0; i < w->count; i++) web_dot(WEB_STYLE_WAYPOINT, w->plan[i], 0.35f);
    web_target_mark(web_s.target);
    web_add_stat("legs walked", (float)w->legs);
    web_add_stat("distance to target", steer_distance(web_s.agents[0].position, web_s.target));
}

/* ---- seed 002: wander circle ------------------------------------------------------- */

enum { WA_DISTANCE, WA_RADIUS, WA_ANGLE, WA_SPEED, WA_FORCE, WA_COUNT };

static const web_param_def web_wander_params[] = {
    {"circle distance", 0, 8, 0.1f, 2},         {"circle radius", 0, 6, 0.1f, 1},
    {"angle change", 0, 3, 0.05f, 0.5f},        {"max speed (units/frame)", 0.05f, 1, 0.01f, 0.25f},
    {"max force", 0.002f, 0.1f, 0.002f, 0.02f}, {"agents", 1, 24, 1, 12},
};

static steer_wander_params web_wander_circle_params(void)
{
    steer_wander_params p = steer_wander_default();
    p.circle_distance = web_param(WA_DISTANCE);
    p.circle_radius = web_param(WA_RADIUS);
    p.angle_change = web_param(WA_ANGLE);
    return p;
}

static void web_wander_start(void)
{
    web_s.world_w = 64.0f;
    web_s.world_h = 40.0f;
    web_s.velocity_scale = 12.0f;
    web_s.force_scale = 150.0f;
    int n = (int)web_param(WA_COUNT);
    for (int i = 0; i < n; i++) {
        steer_agent a = steer_agent_default_reynolds();
        a.position = web_random_point(4.0f);
        float heading = steer_rng_range(&web_s.rng, -STEER_PI, STEER_PI);
        a.velocity = steer_scale(steer_space_heading(STEER_SPACE_XY, heading), 0.1f);
        web_add_agent(a, i % 4);
        web_s.wander[i] = steer_wander_state_make(&web_s.rng);
    }
}

static void web_wander_step(void)
{
    steer_wander_params p = web_wander_circle_params();
    for (int i = 0; i < web_s.count; i++) {
        steer_agent *a = &web_s.agents[i];
        a->max_speed = web_param(WA_SPEED);
        a->max_force = web_param(WA_FORCE);
        web_apply(i, steer_wander(a, &p, &web_s.wander[i], &web_s.rng));
        /* As in the seed's demo: whoever leaves the screen comes back at its centre. */
        if (a->position.x < 0.0f || a->position.x > web_s.world_w || a->position.y < 0.0f ||
            a->position.y > web_s.world_h)
            a->position = steer_v3(web_s.world_w * 0.5f, web_s.world_h * 0.5f, 0.0f);
    }
}

static void web_wander_draw(void)
{
    steer_wander_params p = web_wander_circle_params();
    for (int i = 0; i < web_s.count; i++) {
        const steer_agent *a = &web_s.agents[i];
        steer_vec3 centre =
            steer_add_scaled(a->position, steer_agent_forward(a), p.circle_distance);
        float s = steer_sin(web_s.wander[i].angle), c = steer_cos(web_s.wander[i].angle);
        steer_vec3 tip = steer_add(centre, steer_v3(c * p.circle_radius, s * p.circle_radius, 0));
        web_circle(WEB_STYLE_CIRCLE, centre, p.circle_radius);
        web_line(WEB_STYLE_DISPLACEMENT, a->position, centre);
        web_line(WEB_STYLE_DISPLACEMENT, centre, tip);
        web_dot(WEB_STYLE_DISPLACEMENT, tip, 0.18f);
    }
}

/* ---- seed 002: seek a random target ------------------------------------------------ */

enum { WS_INTERVAL, WS_SPEED, WS_ACCEL, WS_COUNT };

static const web_param_def web_wander_seek_params[] = {
    {"new target every (s)", 0.5f, 10, 0.5f, 3},
    {"max speed", 1, 20, 0.5f, 8},
    {"max accel", 1, 40, 1, 12},
    {"agents", 1, 16, 1, 6},
};

static steer_wander_target_params web_wander_seek_area(void)
{
    steer_wander_target_params p = steer_wander_target_default();
    p.area_min = steer_v3(3.0f, 3.0f, 0.0f);
    p.area_max = steer_v3(web_s.world_w - 3.0f, web_s.world_h - 3.0f, 0.0f);
    p.interval = web_param(WS_INTERVAL);
    return p;
}

static void web_wander_seek_start(void)
{
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.force_scale = 0.15f;
    int n = (int)web_param(WS_COUNT);
    for (int i = 0; i < n; i++) {
        steer_agent a = steer_agent_default();
        a.position = web_random_point(4.0f);
        web_add_agent(a, i % 4);
        memset(&web_s.wander_target[i], 0, sizeof web_s.wander_target[i]);
    }
}

static void web_wander_seek_step(void)
{
    steer_wander_target_params p = web_wander_seek_area();
    for (int i = 0; i < web_s.count; i++) {
        steer_agent *a = &web_s.agents[i];
        a->max_speed = web_param(WS_SPEED);
        a->max_accel = web_param(WS_ACCEL);
        steer_steering s = steer_wander_target(a, &p, &web_s.wander_target[i], &web_s.rng, WEB_DT);
        web_apply(i, s);
    }
}

static void web_wander_seek_draw(void)
{
    for (int i = 0; i < web_s.count; i++) {
        steer_vec3 t = web_s.wander_target[i].target;
        web_line(WEB_STYLE_LEG, web_s.agents[i].position, t);
        web_dot(WEB_STYLE_WAYPOINT, t, 0.45f);
    }
}

/* ---- seed 003: grid chase, both methods -------------------------------------------- */

enum { GR_RATE, GR_MOVES8, GR_CHASERS, GR_DRIFT };

static const web_param_def web_grid_params[] = {
    {"ticks per second", 1, 30, 1, 8},
    {"diagonal moves (0 = 4-way)", 0, 1, 1, 1},
    {"chasers", 1, WEB_GRID_CHASERS, 1, 3},
    {"target drifts (0 = only by hand)", 0, 1, 1, 1},
};

static const steer_cell web_grid_starts[WEB_GRID_CHASERS] = {{0, 0},  {0, 17}, {2, 9},
                                                             {12, 0}, {9, 17}, {0, 12}};

static void web_grid_start(void)
{
    web_grid_scene *g = &web_s.grid;
    web_s.world_w = 2.0f * WEB_GRID_W + WEB_GRID_GAP;
    web_s.world_h = WEB_GRID_H + 2.0f;
    web_s.has_target = true;
    web_s.velocity_scale = 0.1f;
    for (int m = 0; m < 2; m++) {
        steer_grid_init(&g->grid[m], WEB_GRID_W, WEB_GRID_H, g->cells[m], sizeof g->cells[m]);
        steer_occupancy_init(&g->occ[m], &g->grid[m], g->taken[m], sizeof g->taken[m]);
        g->frame[m] = steer_grid_frame_default();
        g->frame[m].origin = steer_v3((float)(m * (WEB_GRID_W + WEB_GRID_GAP)), 2.0f, 0.0f);
        g->walked[m] = 0;
        g->caught[m] = 0;
    }
    int n = (int)web_param(GR_CHASERS);
    for (int i = 0; i < n; i++) {
        for (int m = 0; m < 2; m++) {
            g->chaser[m][i] = web_grid_starts[i];
            steer_occupancy_place(&g->occ[m], web_grid_starts[i]);
            g->trail[m][i][0] = web_grid_starts[i];
            g->trail_count[m][i] = 1;
            steer_agent a = steer_agent_default();
            a.position = steer_grid_cell_center(&g->frame[m], web_grid_starts[i]);
            a.radius = 0.42f;
            web_add_agent(a, m == 0 ? 1 : 0);
        }
        steer_line_chase_reset(&g->line[i]);
    }
    g->target = steer_cell_make(18, 9);
    g->frames_to_tick = 0;
    g->ticks = 0;
}

static void web_grid_drift(void)
{
    web_grid_scene *g = &web_s.grid;
    int dir = (int)steer_rng_below(&web_s.rng, 8);
    static const int dx[8] = {1, 1, 0, -1, -1, -1, 0, 1}, dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    steer_cell next = steer_cell_make(g->target.x + dx[dir], g->target.y + dy[dir]);
    if (steer_grid_in_bounds(&g->grid[0], next)) g->target = next;
}

static void web_grid_push_trail(int m, int i, steer_cell c)
{
    web_grid_scene *g = &web_s.grid;
    int n = g->trail_count[m][i];
    if (n == WEB_GRID_TRAIL) {
        memmove(&g->trail[m][i][0], &g->trail[m][i][1], sizeof(steer_cell) * (WEB_GRID_TRAIL - 1));
        n--;
    }
    g->trail[m][i][n] = c;
    g->trail_count[m][i] = n + 1;
}

static void web_grid_tick(void)
{
    web_grid_scene *g = &web_s.grid;
    steer_grid_moves moves = web_param(GR_MOVES8) > 0.5f ? STEER_MOVES_8 : STEER_MOVES_4;
    if (web_param(GR_DRIFT) > 0.5f && g->ticks % 3 == 0) web_grid_drift();
    int n = (int)web_param(GR_CHASERS);
    for (int m = 0; m < 2; m++) {
        steer_grid_chase_method method = m == 0 ? STEER_CHASE_COMPARE : STEER_CHASE_LINE;
        for (int i = 0; i < n; i++) {
            steer_cell next = g->chaser[m][i];
            steer_line_chase *line = m == 1 ? &g->line[i] : NULL;
            steer_grid_status st = steer_grid_chase_step(&g->grid[m], &g->occ[m], method, line,
                                                         g->chaser[m][i], g->target, moves, &next);
            steer_agent *a = &web_s.agents[i * 2 + m];
            steer_vec3 from = a->position;
            a->position = steer_grid_cell_center(&g->frame[m], next);
            a->velocity = steer_sub(a->position, from);
            if (steer_length_sq(a->velocity) > 0.0f)
                a->orientation = steer_space_orientation(STEER_SPACE_XY, a->velocity, 0.0f);
            if (st == STEER_GRID_MOVED) {
                g->walked[m]++;
                web_grid_push_trail(m, i, next);
            }
            if (steer_cell_eq(next, g->target) && !steer_cell_eq(g->chaser[m][i], g->target))
                g->caught[m]++;
            g->chaser[m][i] = next;
        }
    }
    g->ticks++;
}

static void web_grid_step(void)
{
    web_grid_scene *g = &web_s.grid;
    if (--g->frames_to_tick > 0) return;
    g->frames_to_tick = (int)(60.0f / web_param(GR_RATE) + 0.5f);
    web_grid_tick();
}

static void web_grid_draw(void)
{
    web_grid_scene *g = &web_s.grid;
    int n = (int)web_param(GR_CHASERS);
    for (int m = 0; m < 2; m++) {
        steer_vec3 o = g->frame[m].origin;
        for (int x = 0; x <= WEB_GRID_W; x++)
            web_prim(WEB_PRIM_LINE, WEB_STYLE_GRID, o.x + x, o.y, o.x + x, o.y + WEB_GRID_H);
        for (int y = 0; y <= WEB_GRID_H; y++)
            web_prim(WEB_PRIM_LINE, WEB_STYLE_GRID, o.x, o.y + y, o.x + WEB_GRID_W, o.y + y);
        web_prim(WEB_PRIM_RECT, WEB_STYLE_TARGET_CELL, o.x + g->target.x, o.y + g->target.y, 1, 1);
        web_prim(WEB_PRIM_LABEL, WEB_STYLE_CAPTION, o.x, 1.2f, (float)m, 0);
        for (int i = 0; i < n; i++) {
            if (m == 1 && g->line[i].valid)
                web_line(WEB_STYLE_TRACK_LINE,
                         steer_grid_cell_center(&g->frame[m], g->line[i].anchor),
                         steer_grid_cell_center(&g->frame[m], g->line[i].target));
            for (int k = 1; k < g->trail_count[m][i]; k++)
                web_line(m == 0 ? WEB_STYLE_TRAIL_ALT : WEB_STYLE_TRAIL,
                         steer_grid_cell_center(&g->frame[m], g->trail[m][i][k - 1]),
                         steer_grid_cell_center(&g->frame[m], g->trail[m][i][k]));
        }
    }
    web_add_stat("cells walked, comparison", (float)g->walked[0]);
    web_add_stat("cells walked, line", (float)g->walked[1]);
    web_add_stat("catches, comparison", (float)g->caught[0]);
    web_add_stat("catches, line", (float)g->caught[1]);
}

static void web_grid_set_target(steer_cell c)
{
    web_grid_scene *g = &web_s.grid;
    c.x = c.x < 0 ? 0 : (c.x >= WEB_GRID_W ? WEB_GRID_W - 1 : c.x);
    c.y = c.y < 0 ? 0 : (c.y >= WEB_GRID_H ? WEB_GRID_H - 1 : c.y);
    g->target = c;
    web_s.target = steer_grid_cell_center(&g->frame[0], c);
}

/* ---- seed 004: arrive, leave, align, face ------------------------------------------ */

enum { S4_SPEED, S4_SLOW, S4_TIME, S4_DANGER, S4_ESCAPE, S4_ALIGN_SLOW, S4_MAX_ROT };

static const web_param_def web_seed004_params[] = {
    {"max speed", 1, 15, 0.5f, 6},
    {"arrive slow radius", 0, 12, 0.25f, 3},
    {"time to target", 0.02f, 1, 0.02f, 0.1f},
    {"leave danger radius", 0, 16, 0.5f, 6},
    {"leave escape radius", 0, 10, 0.5f, 2},
    {"align slow radius (rad)", 0.05f, 3, 0.05f, 0.5f},
    {"max rotation (rad/s)", 0.5f, 12, 0.25f, 6.25f},
};

static const steer_vec3 web_s4_home = {31.0f, 19.0f, 0.0f};

static void web_seed004_start(void)
{
    web_s.world_w = 40.0f;
    web_s.world_h = 25.0f;
    web_s.has_target = true;
    web_s.velocity_scale = 0.4f;
    web_s.force_scale = 0.12f;
    web_s.target = steer_v3(20.0f, 9.0f, 0.0f);
    static const steer_vec3 starts[4] = {{5, 5, 0}, {31, 19, 0}, {8, 19, 0}, {19, 20, 0}};
    for (int i = 0; i < 4; i++) {
        steer_agent a = steer_agent_default();
        a.position = starts[i];
        a.max_accel = 20.0f;
        a.radius = 0.6f;
        a.facing = i >= 2 ? STEER_FACING_STEERED : STEER_FACING_VELOCITY;
        web_add_agent(a, i);
    }
}

static void web_seed004_limits(void)
{
    for (int i = 0; i < web_s.count; i++) {
        web_s.agents[i].max_speed = web_param(S4_SPEED);
        web_s.agents[i].max_rotation = web_param(S4_MAX_ROT);
    }
}

static void web_seed004_step(void)
{
    web_seed004_limits();
    steer_arrive_params ap = steer_arrive_default();
    ap.slow_radius = web_param(S4_SLOW);
    ap.time_to_target = web_param(S4_TIME);
    steer_leave_params lp = steer_leave_default();
    lp.danger_radius = web_param(S4_DANGER);
    lp.escape_radius = web_param(S4_ESCAPE);
    lp.time_to_target = web_param(S4_TIME);
    steer_align_params al = steer_align_default();
    al.slow_radius = web_param(S4_ALIGN_SLOW);
    al.time_to_target = web_param(S4_TIME);

    web_apply(0, steer_arrive(&web_s.agents[0], web_s.target, &ap, NULL));
    /* Leave the target while it is near; otherwise walk back home (priority blend). */
    steer_steering groups[2] = {steer_leave(&web_s.agents[1], web_s.target, &lp),
                                steer_arrive(&web_s.agents[1], web_s4_home, &ap, NULL)};
    web_apply(1, steer_priority(groups, 2, 1e-3f, NULL));
    web_apply(2, steer_face(&web_s.agents[2], web_s.target, &al));
    web_apply(3, steer_align(&web_s.agents[3], web_s.agents[0].orientation, &al));
    for (int i = 0; i < web_s.count; i++) web_keep_inside(&web_s.agents[i], 0.6f);
}

static void web_seed004_draw(void)
{
    steer_vec3 t = web_s.target;
    web_circle(WEB_STYLE_BLUE_ZONE, t, web_param(S4_SLOW));
    web_circle(WEB_STYLE_ORANGE_ZONE, t, web_param(S4_DANGER));
    web_circle(WEB_STYLE_ORANGE_ZONE, t, web_param(S4_ESCAPE));
    web_line(WEB_STYLE_HINT, web_s.agents[2].position, t);
    steer_vec3 h = steer_space_heading(STEER_SPACE_XY, web_s.agents[0].orientation);
    web_line(WEB_STYLE_HINT, web_s.agents[3].position,
             steer_add_scaled(web_s.agents[3].position, h, 2.5f));
    web_target_mark(t);
    web_add_stat("arrive: distance", steer_distance(web_s.agents[0].position, t));
    web_add_stat("arrive: speed", steer_length(web_s.agents[0].velocity));
}

/* ---- pursue and evade -------------------------------------------------------------- */

enum { PU_SPEED, PU_PREDICT, PU_QUARRY_SPEED, PU_PANIC };

static const web_param_def web_pursue_params[] = {
    {"chasers' max speed", 1, 15, 0.5f, 6},
    {"max prediction (s)", 0, 3, 0.1f, 1},
    {"quarry's max speed", 1, 15, 0.5f, 5.5f},
    {"quarry panic radius", 0, 30, 1, 12},
};

static void web_pursue_start(void)
{
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.has_target = true;
    web_s.velocity_scale = 0.4f;
    web_s.force_scale = 0.12f;
    static const steer_vec3 starts[3] = {{30, 18, 0}, {6, 6, 0}, {6, 31, 0}};
    for (int i = 0; i < 3; i++) {
        steer_agent a = steer_agent_default();
        a.position = starts[i];
        a.max_accel = i == 0 ? 14.0f : 10.0f;
        web_add_agent(a, i == 0 ? 2 : (i == 1 ? 4 : 5));
    }
    web_s.wander[0] = steer_wander_state_make(&web_s.rng);
    web_s.catches[0] = web_s.catches[1] = 0;
    web_s.target = starts[0];
}

static steer_steering web_quarry_steering(void)
{
    steer_agent *q = &web_s.agents[0];
    float m = 6.0f;
    if (q->position.x < m || q->position.y < m || q->position.x > web_s.world_w - m ||
        q->position.y > web_s.world_h - m)
        return steer_seek(q, steer_v3(web_s.world_w * 0.5f, web_s.world_h * 0.5f, 0.0f));
    int near = steer_distance(q->position, web_s.agents[1].position) <
                       steer_distance(q->position, web_s.agents[2].position)
                   ? 1
                   : 2;
    const steer_agent *c = &web_s.agents[near];
    steer_pursue_params pp = steer_pursue_default();
    if (steer_distance(q->position, c->position) < web_param(PU_PANIC))
        return steer_evade(q, c->position, c->velocity, &pp);
    return steer_wander(q, NULL, &web_s.wander[0], &web_s.rng);
}

static void web_pursue_respawn(void)
{
    steer_agent *q = &web_s.agents[0];
    q->position = web_random_point(8.0f);
    q->velocity = steer_v3_zero();
}

static void web_pursue_step(void)
{
    steer_agent *q = &web_s.agents[0];
    q->max_speed = web_param(PU_QUARRY_SPEED);
    web_s.agents[1].max_speed = web_s.agents[2].max_speed = web_param(PU_SPEED);
    steer_pursue_params pp = steer_pursue_default();
    pp.max_prediction = web_param(PU_PREDICT);
    web_apply(0, web_quarry_steering());
    web_apply(1, steer_pursue(&web_s.agents[1], q->position, q->velocity, &pp));
    web_apply(2, steer_seek(&web_s.agents[2], q->position));
    for (int i = 0; i < 3; i++) web_keep_inside(&web_s.agents[i], 0.5f);
    for (int i = 1; i <= 2; i++) {
        if (steer_distance(web_s.agents[i].position, q->position) < 1.0f) {
            web_s.catches[i - 1]++;
            web_pursue_respawn();
        }
    }
    web_s.target = q->position;
}

static void web_pursue_draw(void)
{
    const steer_agent *q = &web_s.agents[0], *p = &web_s.agents[1];
    float speed = steer_length(p->velocity), d = steer_distance(p->position, q->position);
    float t = web_param(PU_PREDICT);
    if (speed > d / t) t = d / speed;
    steer_vec3 predicted = steer_add_scaled(q->position, q->velocity, t);
    web_line(WEB_STYLE_PREDICTION, p->position, predicted);
    web_dot(WEB_STYLE_PREDICTION, predicted, 0.35f);
    web_circle(WEB_STYLE_ORANGE_ZONE, q->position, web_param(PU_PANIC));
    web_add_stat("pursue catches", (float)web_s.catches[0]);
    web_add_stat("seek catches", (float)web_s.catches[1]);
}

/* ---- path following ---------------------------------------------------------------- */

enum { PA_LEAD, PA_PREDICT, PA_RADIUS, PA_SPEED };

static const web_param_def web_path_params[] = {
    {"lead (units)", 0.2f, 6, 0.1f, 1},
    {"predict time (s)", 0, 1, 0.05f, 0.1f},
    {"path radius", 0, 4, 0.25f, 1.5f},
    {"fastest follower's speed", 1, 15, 0.5f, 8},
};

static void web_path_build(void)
{
    steer_path_init(&web_s.path, web_s.path_nodes, WEB_PATH_POINTS, web_s.path_points,
                    WEB_PATH_POINTS, true, web_param(PA_RADIUS));
}

static void web_path_start(void)
{
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.has_target = true;
    web_s.velocity_scale = 0.4f;
    web_s.force_scale = 0.12f;
    for (int i = 0; i < WEB_PATH_POINTS; i++) {
        float angle = STEER_TAU * (float)i / WEB_PATH_POINTS;
        float r = steer_rng_range(&web_s.rng, 0.65f, 1.0f);
        web_s.path_points[i] = steer_v3(30.0f + 25.0f * r * steer_cos(angle),
                                        18.75f + 15.0f * r * steer_sin(angle), 0.0f);
    }
    web_path_build();
    for (int i = 0; i < WEB_FOLLOWERS; i++) {
        steer_agent a = steer_agent_default();
        a.position = steer_add(web_s.path_points[0], steer_v3(0.0f, 2.0f * (float)i, 0.0f));
        a.max_accel = 25.0f;
        web_add_agent(a, i);
        memset(&web_s.cursor[i], 0, sizeof web_s.cursor[i]);
    }
    web_s.target = web_s.path_points[0];
}

static void web_path_step(void)
{
    steer_path_follow_params p = steer_path_follow_default();
    p.lead = web_param(PA_LEAD);
    p.predict_time = web_param(PA_PREDICT);
    for (int i = 0; i < web_s.count; i++) {
        steer_agent *a = &web_s.agents[i];
        a->max_speed = web_param(PA_SPEED) * (0.5f + 0.25f * (float)i);
        web_apply(i, steer_follow_path(a, &web_s.path, &p, &web_s.cursor[i], NULL));
    }
}

/* A click drags the nearest waypoint there. */
static void web_path_move_point(steer_vec3 p)
{
    int best = 0;
    for (int i = 1; i < WEB_PATH_POINTS; i++)
        if (steer_distance(web_s.path_points[i], p) < steer_distance(web_s.path_points[best], p))
            best = i;
    web_s.path_points[best] = p;
    web_path_build();
    for (int i = 0; i < web_s.count; i++) memset(&web_s.cursor[i], 0, sizeof web_s.cursor[i]);
}

static void web_path_draw(void)
{
    const steer_path *path = &web_s.path;
    for (int i = 0; i < path->count; i++) {
        steer_vec3 a = path->nodes[i].point, b = path->nodes[(i + 1) % path->count].point;
        steer_vec3 n = steer_normalize(steer_v3(a.y - b.y, b.x - a.x, 0.0f));
        steer_vec3 off = steer_scale(n, path->radius);
        web_line(WEB_STYLE_CORRIDOR, steer_add(a, off), steer_add(b, off));
        web_line(WEB_STYLE_CORRIDOR, steer_sub(a, off), steer_sub(b, off));
        web_line(WEB_STYLE_PATH, a, b);
        web_dot(WEB_STYLE_WAYPOINT, a, 0.35f);
    }
    for (int i = 0; i < web_s.count; i++)
        web_dot(WEB_STYLE_PREDICTION, steer_path_point_at(path, web_s.cursor[i].s), 0.3f);
    web_add_stat("laps (fastest)", (float)web_s.cursor[web_s.count - 1].lap);
    web_add_stat("laps (slowest)", (float)web_s.cursor[0].lap);
}

/* ---- obstacles: avoidance, containment, hiding ------------------------------------- */

enum { OB_MARGIN, OB_LOOK, OB_SPEED, OB_BEHIND };

static const web_param_def web_obstacle_params[] = {
    {"avoid margin", 0, 3, 0.1f, 0.2f},
    {"look-ahead time (s)", 0, 2, 0.05f, 0.5f},
    {"max speed", 1, 15, 0.5f, 6},
    {"hide distance behind", 0, 5, 0.25f, 1},
};

static steer_obstacles web_obstacle_set(void)
{
    steer_obstacles o = {web_s.circles, WEB_CIRCLES, web_s.walls, WEB_WALLS, NULL, 0};
    return o;
}

static steer_region web_obstacle_region(void)
{
    steer_region r;
    memset(&r, 0, sizeof r);
    r.kind = STEER_REGION_BOX;
    r.min = steer_v3(1.0f, 1.0f, -1.0f);
    r.max = steer_v3(web_s.world_w - 1.0f, web_s.world_h - 1.0f, 1.0f);
    return r;
}

static void web_obstacles_place(void)
{
    static const steer_vec3 spots[WEB_CIRCLES] = {
        {14, 10, 0}, {30, 8, 0}, {46, 11, 0}, {12, 27, 0}, {26, 22, 0}, {40, 28, 0}, {50, 24, 0}};
    for (int i = 0; i < WEB_CIRCLES; i++) {
        /* One draw per statement: argument evaluation order differs between compilers. */
        float jx = steer_rng_range(&web_s.rng, -2.0f, 2.0f);
        float jy = steer_rng_range(&web_s.rng, -2.0f, 2.0f);
        web_s.circles[i].center = steer_add(spots[i], steer_v3(jx, jy, 0.0f));
        web_s.circles[i].radius = steer_rng_range(&web_s.rng, 1.5f, 3.2f);
    }
    web_s.walls[0].a = steer_v3(20.0f, 31.0f, 0.0f);
    web_s.walls[0].b = steer_v3(32.0f, 34.0f, 0.0f);
    web_s.walls[1].a = steer_v3(36.0f, 16.0f, 0.0f);
    web_s.walls[1].b = steer_v3(38.0f, 22.0f, 0.0f);
}

/* A start point clear of every obstacle. */
static steer_vec3 web_obstacle_free_point(void)
{
    steer_obstacles o = web_obstacle_set();
    steer_vec3 p = web_random_point(3.0f);
    for (int tries = 0; tries < 50 && steer_obstacle_distance(&o, p, STEER_SPACE_XY) < 1.5f;
         tries++)
        p = web_random_point(3.0f);
    return p;
}

static void web_obstacles_start(void)
{
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.has_target = true;
    web_obstacles_place();
    for (int i = 0; i < WEB_WANDERERS + WEB_HIDERS; i++) {
        steer_agent a = steer_agent_default();
        a.position = web_obstacle_free_point();
        a.max_accel = 20.0f;
        web_add_agent(a, i < WEB_WANDERERS ? 0 : 2);
        web_s.wander[i] = steer_wander_state_make(&web_s.rng);
    }
    web_s.target = steer_v3(6.0f, 18.0f, 0.0f);
}

/* Containment first, then avoidance, then the agent's own goal (wander or hide). */
static steer_steering web_obstacle_steering(int i)
{
    steer_agent *a = &web_s.agents[i];
    steer_obstacles o = web_obstacle_set();
    steer_region region = web_obstacle_region();
    steer_avoid_params ap = steer_avoid_default();
    ap.margin = web_param(OB_MARGIN);
    ap.look_time = web_param(OB_LOOK);
    steer_wander_params wp = steer_wander_default();
    wp.circle_distance = 4.0f;
    wp.circle_radius = 2.0f;
    steer_steering goal;
    if (i < WEB_WANDERERS) {
        goal = steer_wander(a, &wp, &web_s.wander[i], &web_s.rng);
    } else {
        steer_hide_params hp = steer_hide_default();
        hp.distance_behind = web_param(OB_BEHIND);
        goal = steer_hide(a, &o, web_s.target, steer_v3_zero(), &hp,
                          &web_s.hiding_spot[i - WEB_WANDERERS]);
    }
    steer_steering groups[3] = {steer_contain(a, &region, NULL), steer_avoid_obstacles(a, &o, &ap),
                                goal};
    return steer_priority(groups, 3, 1e-3f, NULL);
}

static void web_obstacles_step(void)
{
    for (int i = 0; i < web_s.count; i++) {
        web_s.agents[i].max_speed = web_param(OB_SPEED) * (i < WEB_WANDERERS ? 0.6f : 1.0f);
        web_apply(i, web_obstacle_steering(i));
    }
}

static void web_obstacles_draw(void)
{
    for (int i = 0; i < WEB_CIRCLES; i++)
        web_prim(WEB_PRIM_DOT, WEB_STYLE_OBSTACLE, web_s.circles[i].center.x,
                 web_s.circles[i].center.y, web_s.circles[i].radius, 0.0f);
    for (int i = 0; i < WEB_WALLS; i++)
        web_line(WEB_STYLE_WALL, web_s.walls[i].a, web_s.walls[i].b);
    for (int i = 0; i < WEB_HIDERS; i++) {
        web_dot(WEB_STYLE_PREDICTION, web_s.hiding_spot[i], 0.3f);
        web_line(WEB_STYLE_HINT, web_s.agents[WEB_WANDERERS + i].position, web_s.hiding_spot[i]);
    }
    web_target_mark(web_s.target);
}

/* ---- the scene table --------------------------------------------------------------- */

typedef struct web_scene_def {
    const char *name;
    const char *about;
    const web_param_def *params;
    int param_count;
    void (*start)(void);
    void (*step)(void);
    void (*draw)(void);
} web_scene_def;

#define WEB_PARAMS(table) table, (int)(sizeof table / sizeof table[0])

static const web_scene_def web_scenes[WEB_SCENE_COUNT] = {
    {"Approach walker",
     "Seed 000: a walker reaches its target by a wobbly route. Each leg walks "
     "about half the remaining distance, turned by a random angle that "
     "narrows near the target; with the spline on, it follows a curve "
     "through the planned waypoints. Click to move the target.",
     WEB_PARAMS(web_approach_params), web_approach_start, web_approach_step, web_approach_draw},
    {"Wander",
     "Seed 002: Reynolds' wander circle. A circle sits ahead of each character; "
     "a point on it drifts by a small random angle every frame, and the character "
     "steers toward it. Characters leaving the screen return to its centre. Click "
     "to show the force vectors.",
     WEB_PARAMS(web_wander_params), web_wander_start, web_wander_step, web_wander_draw},
    {"Wander by seeking",
     "Seed 002's first method: every few seconds pick a random point and "
     "seek it. Simple, but a character sometimes turns right around. "
     "Click to show the force vectors.",
     WEB_PARAMS(web_wander_seek_params), web_wander_seek_start, web_wander_seek_step,
     web_wander_seek_draw},
    {"Grid chase",
     "Seed 003: left, coordinate comparison (a diagonal first, then straight; "
     "chasers share routes); right, line tracking (each step takes the cell "
     "closest to the line to the target). Click a cell or use the arrow keys to "
     "move the target.",
     WEB_PARAMS(web_grid_params), web_grid_start, web_grid_step, web_grid_draw},
    {"Arrive, leave, align, face",
     "Seed 004, following the mouse. Blue arrives at the target "
     "(slow radius drawn); orange leaves it inside the danger "
     "radius and walks home otherwise; green faces it; purple "
     "aligns with blue's orientation. Click or drag to move the "
     "target.",
     WEB_PARAMS(web_seed004_params), web_seed004_start, web_seed004_step, web_seed004_draw},
    {"Pursue and evade",
     "Red pursues the green quarry, aiming where it will be; grey only "
     "seeks where it is. The quarry wanders and evades whichever chaser "
     "comes inside its panic radius. Click to move the quarry.",
     WEB_PARAMS(web_pursue_params), web_pursue_start, web_pursue_step, web_pursue_draw},
    {"Path following",
     "Three followers of different speeds on a closed path: each projects its "
     "predicted position on the path and seeks a point a little ahead. Click "
     "to drag the nearest waypoint there.",
     WEB_PARAMS(web_path_params), web_path_start, web_path_step, web_path_draw},
    {"Obstacles",
     "Blue characters wander among rocks and walls: containment keeps them in "
     "the field, avoidance steers them round what lies ahead, and only then do "
     "they wander (priority blend). Green ones hide behind the nearest rock from "
     "the red hunter. Click to move the hunter.",
     WEB_PARAMS(web_obstacle_params), web_obstacles_start, web_obstacles_step, web_obstacles_draw},
};

static const char *const web_labels[] = {"coordinate comparison", "line tracking"};

static const web_scene_def *web_current(void)
{
    return &web_scenes[web_s.scene];
}

static void web_draw(void)
{
    web_prim_n = 0;
    web_s.stat_count = 0;
    web_current()->draw();
    web_put_agents();
}

static void web_start(uint32_t seed)
{
    int scene = web_s.scene;
    float params[WEB_MAX_PARAMS];
    memcpy(params, web_s.params, sizeof params);
    memset(&web_s, 0, sizeof web_s);
    web_s.scene = scene;
    web_s.seed = seed;
    web_s.rng = steer_rng_make(seed, 0x57ee5u);
    web_s.defs = web_scenes[scene].params;
    web_s.param_count = web_scenes[scene].param_count;
    memcpy(web_s.params, params, sizeof params);
    web_s.velocity_scale = 0.4f;
    web_s.force_scale = 0.12f;
    web_current()->start();
    web_draw();
}

/* ---- exported functions ------------------------------------------------------------ */

int web_scene_count(void)
{
    return WEB_SCENE_COUNT;
}

const char *web_scene_name(int scene)
{
    return scene >= 0 && scene < WEB_SCENE_COUNT ? web_scenes[scene].name : "";
}

const char *web_scene_about(int scene)
{
    return scene >= 0 && scene < WEB_SCENE_COUNT ? web_scenes[scene].about : "";
}

int web_scene(void)
{
    return web_s.scene;
}

void web_load(int scene, uint32_t seed)
{
    web_s.scene = scene >= 0 && scene < WEB_SCENE_COUNT ? scene : 0;
    const web_scene_def *def = &web_scenes[web_s.scene];
    for (int i = 0; i < WEB_MAX_PARAMS; i++)
        web_s.params[i] = i < def->param_count ? def->params[i].value : 0.0f;
    web_start(seed);
}

void web_restart(uint32_t seed)
{
    web_start(seed);
}

void web_step(void)
{
    web_current()->step();
    web_s.steps++;
    web_draw();
}

uint32_t web_step_count(void)
{
    return web_s.steps;
}

void web_set_target(float x, float y)
{
    steer_vec3 p = steer_v3(x, y, 0.0f);
    if (!steer_v3_is_finite(p) || !web_s.has_target) return;
    p.x = steer_clampf(p.x, 0.0f, web_s.world_w);
    p.y = steer_clampf(p.y, 0.0f, web_s.world_h);
    switch (web_s.scene) {
    case WEB_SCENE_APPROACH:
        web_s.target = p;
        web_approach_retarget();
        break;
    case WEB_SCENE_GRID: {
        int m = p.x >= (float)(WEB_GRID_W + WEB_GRID_GAP) ? 1 : 0;
        web_grid_set_target(steer_grid_world_to_cell(&web_s.grid.frame[m], p));
        break;
    }
    case WEB_SCENE_PURSUE:
        web_s.agents[0].position = p;
        web_s.agents[0].velocity = steer_v3_zero();
        web_s.target = p;
        break;
    case WEB_SCENE_PATH:
        web_path_move_point(p);
        web_s.target = p;
        break;
    default:
        web_s.target = p;
        break;
    }
    web_draw();
}

void web_nudge(int dx, int dy)
{
    if (web_s.scene == WEB_SCENE_GRID) {
        steer_cell c = web_s.grid.target;
        web_grid_set_target(steer_cell_make(c.x + dx, c.y + dy));
        web_draw();
        return;
    }
    web_set_target(web_s.target.x + (float)dx, web_s.target.y + (float)dy);
}

int web_has_target(void)
{
    return web_s.has_target ? 1 : 0;
}

float web_target_x(void)
{
    return web_s.target.x;
}

float web_target_y(void)
{
    return web_s.target.y;
}

int web_param_count(void)
{
    return web_s.param_count;
}

static const web_param_def *web_param_def_at(int i)
{
    return i >= 0 && i < web_s.param_count ? &web_s.defs[i] : NULL;
}

const char *web_param_name(int i)
{
    const web_param_def *d = web_param_def_at(i);
    return d ? d->name : "";
}

float web_param_min(int i)
{
    const web_param_def *d = web_param_def_at(i);
    return d ? d->min : 0.0f;
}

float web_param_max(int i)
{
    const web_param_def *d = web_param_def_at(i);
    return d ? d->max : 0.0f;
}

float web_param_step(int i)
{
    const web_param_def *d = web_param_def_at(i);
    return d ? d->step : 0.0f;
}

float web_param_value(int i)
{
    return web_param_def_at(i) ? web_s.params[i] : 0.0f;
}

void web_set_param(int i, float value)
{
    const web_param_def *d = web_param_def_at(i);
    if (!d || !steer_is_finite(value)) return;
    web_s.params[i] = steer_clampf(value, d->min, d->max);
    /* Parameters that shape the set-up take effect by starting part of it again. */
    if (web_s.scene == WEB_SCENE_APPROACH) web_approach_retarget();
    if (web_s.scene == WEB_SCENE_PATH && i == PA_RADIUS) web_path_build();
    if ((web_s.scene == WEB_SCENE_WANDER && i == WA_COUNT) ||
        (web_s.scene == WEB_SCENE_WANDER_SEEK && i == WS_COUNT) ||
        (web_s.scene == WEB_SCENE_GRID && i == GR_CHASERS)) {
        web_start(web_s.seed);
        return;
    }
    web_draw();
}

float web_world_width(void)
{
    return web_s.world_w;
}

float web_world_height(void)
{
    return web_s.world_h;
}

float web_velocity_scale(void)
{
    return web_s.velocity_scale;
}

float web_force_scale(void)
{
    return web_s.force_scale;
}

int web_agent_count(void)
{
    return web_agent_n;
}

const float *web_agents(void)
{
    return web_agent_buf;
}

int web_prim_count(void)
{
    return web_prim_n;
}

const float *web_prims(void)
{
    return web_prim_buf;
}

const char *web_label(int id)
{
    return id >= 0 && id < (int)(sizeof web_labels / sizeof web_labels[0]) ? web_labels[id] : "";
}

int web_stat_count(void)
{
    return web_s.stat_count;
}

const char *web_stat_name(int i)
{
    return i >= 0 && i < web_s.stat_count ? web_s.stat_names[i] : "";
}

float web_stat_value(int i)
{
    return i >= 0 && i < web_s.stat_count ? web_s.stats[i] : 0.0f;
}
