/* SPDX-License-Identifier: MIT */
/* web/scene_file.c - a scenario file (docs/scenarios.md) pasted or dropped on the page,
 * loaded and run by the steer tool's own code: its loader (tools/steer/cli_load*.c, cJSON
 * from Debian's source, see web/build.sh), its step loop (cli_sim*.c) and its CSV rows
 * (cli_csv.c). The page shows the same errors, with line and column, and the same
 * trajectory, bit for bit, as `steer run FILE --csv`.
 *
 * Not in the page's list of scenes: web_file_load starts it (steer_web.h). The scenario's
 * plane is drawn with its second axis up, as the tool draws it: page x = u - u0,
 * page y = v1 - v, where [u0, u1] x [v0, v1] holds the world box and the scenery.
 */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "cli_csv.h"
#include "cli_load.h"
#include "cli_sim.h"
#include "web_scene.h"

#define WEB_FILE_NAME_MAX 256

static struct {
    char name[WEB_FILE_NAME_MAX];
    char *text; /* the page's buffer, until web_file_load hands it over */
    cli_scenario scenario;
    bool loaded;
    cli_world *run; /* NULL when the scene is stopped */
    bool failed;    /* a step failed: err says why */
    cli_error err;
    double u0, v1;  /* the plane point drawn at page (0, 0) */
    float *records; /* one WEB_AGENT_FLOATS record per agent */
    int listed;     /* agents listed in the file: they come first and get trails */
    web_trail trails[WEB_MAX_AGENTS];
    char *csv;
    size_t csv_size;
} web_f;

/* ---- the plane as the page draws it ----------------------------------------------------- */

static steer_vec3 web_file_point(steer_vec3 p)
{
    double u, v;
    cli_plane_coords(web_f.scenario.space, p, &u, &v);
    return steer_v3((float)(u - web_f.u0), (float)(web_f.v1 - v), 0.0f);
}

/* A direction (velocity, force): the second axis flips, no offset. */
static steer_vec3 web_file_direction(steer_vec3 d)
{
    double u, v;
    cli_plane_coords(web_f.scenario.space, d, &u, &v);
    return steer_v3((float)u, (float)-v, 0.0f);
}

static void web_file_grow(double *lo_u, double *lo_v, double *hi_u, double *hi_v, steer_vec3 p)
{
    double u, v;
    cli_plane_coords(web_f.scenario.space, p, &u, &v);
    if (!(steer_is_finite((float)u) && steer_is_finite((float)v))) return;
    if (u < *lo_u) *lo_u = u;
    if (u > *hi_u) *hi_u = u;
    if (v < *lo_v) *lo_v = v;
    if (v > *hi_v) *hi_v = v;
}

/* The world box, grown to hold the grid, the paths, the obstacles and every agent's start. */
static void web_file_frame(void)
{
    const cli_scenario *s = &web_f.scenario;
    double lo_u = 1e30, lo_v = 1e30, hi_u = -1e30, hi_v = -1e30;
    web_file_grow(&lo_u, &lo_v, &hi_u, &hi_v, s->world_min);
    web_file_grow(&lo_u, &lo_v, &hi_u, &hi_v, s->world_max);
    if (s->grid.present) {
        const steer_grid_frame *f = &s->grid.frame;
        steer_vec3 far = f->origin;
        float w = (float)s->grid.grid.width * f->cell_size,
              h = (float)s->grid.grid.height * f->cell_size;
        far.x += w;
        if (s->space == STEER_SPACE_XY)
            far.y -= h;
        else
            far.z -= h;
        web_file_grow(&lo_u, &lo_v, &hi_u, &hi_v, f->origin);
        web_file_grow(&lo_u, &lo_v, &hi_u, &hi_v, far);
    }
    for (int i = 0; i < s->path_count; i++)
        for (int k = 0; k < s->paths[i].path.count; k++)
            web_file_grow(&lo_u, &lo_v, &hi_u, &hi_v, s->paths[i].path.nodes[k].point);
    for (int i = 0; i < s->agent_count; i++)
        web_file_grow(&lo_u, &lo_v, &hi_u, &hi_v, s->agents[i].agent.position);
    web_f.u0 = lo_u;
    web_f.v1 = hi_v;
    web_s.world_w = (float)(hi_u - lo_u);
    web_s.world_h = (float)(hi_v - lo_v);
}

/* ---- the scene -------------------------------------------------------------------------- */

static void web_file_stop(void)
{
    cli_world_close(web_f.run);
    web_f.run = NULL;
}

/* The listed agents' trails, from their positions now. */
static void web_file_trails(void)
{
    cli_frame fr = cli_world_frame(web_f.run);
    for (int i = 0; i < web_f.listed && i < WEB_MAX_AGENTS; i++) {
        if (fr.respawned[i]) web_trail_reset(&web_f.trails[i]);
        web_trail_push(&web_f.trails[i], web_file_point(fr.agents[i].position));
    }
}

static void web_file_start(void)
{
    const cli_scenario *s = &web_f.scenario;
    web_f.failed = false;
    if (!web_f.loaded) return;
    /* The page's seed is 32 bits: the file's own seed when it is the same low bits. */
    uint64_t seed = (uint32_t)s->seed == web_s.seed ? s->seed : web_s.seed;
    bool reynolds = s->model == STEER_MODEL_REYNOLDS;
    web_s.velocity_scale = reynolds ? 12.0f : 0.4f;
    web_s.force_scale = reynolds ? 150.0f : 0.12f;
    web_file_frame();
    free(web_f.records);
    web_f.records = calloc((size_t)s->agent_count + 1, WEB_AGENT_FLOATS * sizeof(float));
    web_f.listed = 0;
    while (web_f.listed < s->agent_count && s->agents[web_f.listed].behaviours != NULL)
        web_f.listed++;
    for (int i = 0; i < WEB_MAX_AGENTS; i++) web_trail_reset(&web_f.trails[i]);
    /* shown on the page { */
    web_f.run = cli_world_open(s, seed, &web_f.err);
    /* } shown on the page */
    web_f.failed = web_f.run == NULL || web_f.records == NULL;
    if (web_f.records == NULL) cli_fail(&web_f.err, CLI_EXIT_RUNTIME, "out of memory");
    if (!web_f.failed) web_file_trails();
}

static bool web_file_done(void)
{
    return web_f.run == NULL || web_f.failed ||
           cli_world_frame(web_f.run).step >= web_f.scenario.steps;
}

static void web_file_step(void)
{
    if (web_file_done()) return;
    /* shown on the page { */
    if (!cli_world_advance(web_f.run, &web_f.err)) web_f.failed = true;
    /* } shown on the page */
    web_file_trails();
}

static void web_file_draw_scenery(void)
{
    const cli_scenario *s = &web_f.scenario;
    if (s->grid.present) {
        const steer_grid *g = &s->grid.grid;
        const steer_grid_frame *f = &s->grid.frame;
        steer_vec3 corner = web_file_point(f->origin);
        for (int cy = 0; cy < g->height; cy++)
            for (int cx = 0; cx < g->width; cx++)
                if (!steer_grid_is_free(g, steer_cell_make(cx, cy)))
                    web_prim(WEB_PRIM_RECT, WEB_STYLE_OBSTACLE, corner.x + (float)cx * f->cell_size,
                             corner.y + (float)cy * f->cell_size, f->cell_size, f->cell_size);
    }
    const steer_obstacles *o = &s->obstacles.set;
    for (int i = 0; i < o->circle_count; i++)
        web_dot(WEB_STYLE_OBSTACLE, web_file_point(o->circles[i].center), o->circles[i].radius);
    for (int i = 0; i < o->wall_count; i++)
        web_line(WEB_STYLE_WALL, web_file_point(o->walls[i].a), web_file_point(o->walls[i].b));
    for (int i = 0; i < o->polygon_count; i++) {
        const steer_polygon *p = &o->polygons[i];
        for (int k = 0; k < p->count; k++)
            web_line(WEB_STYLE_WALL, web_file_point(p->points[k]),
                     web_file_point(p->points[(k + 1) % p->count]));
    }
    for (int i = 0; i < s->path_count; i++) {
        const steer_path *p = &s->paths[i].path;
        int segments = p->closed ? p->count : p->count - 1;
        for (int k = 0; k < segments; k++)
            web_line(WEB_STYLE_PATH, web_file_point(p->nodes[k].point),
                     web_file_point(p->nodes[(k + 1) % p->count].point));
    }
}

/* The listed agents' fixed targets, their random targets and their trails. */
static void web_file_draw_agents_extras(const cli_frame *fr)
{
    const cli_scenario *s = &web_f.scenario;
    for (int i = 0; i < web_f.listed; i++) {
        const cli_agent_def *d = &s->agents[i];
        for (int b = 0; b < d->behaviour_count; b++)
            if (d->behaviours[b].target.kind == CLI_TARGET_POINT)
                web_target_mark(web_file_point(d->behaviours[b].target.point));
        if (fr->has_goal[i]) web_dot(WEB_STYLE_WAYPOINT, web_file_point(fr->goals[i]), 0.3f);
        if (i < WEB_MAX_AGENTS)
            web_trail_draw(&web_f.trails[i], i % 2 ? WEB_STYLE_TRAIL_ALT : WEB_STYLE_TRAIL);
    }
}

static void web_file_draw(void)
{
    if (web_f.run == NULL || web_f.records == NULL) return;
    cli_frame fr = cli_world_frame(web_f.run);
    web_file_draw_scenery();
    web_file_draw_agents_extras(&fr);
    for (int i = 0; i < fr.count; i++) {
        const steer_agent *a = &fr.agents[i];
        steer_vec3 p = web_file_point(a->position), v = web_file_direction(a->velocity);
        steer_vec3 f = web_file_direction(fr.forces[i]);
        steer_vec3 h = web_file_direction(steer_space_heading(a->space, a->orientation));
        float *r = web_f.records + (size_t)i * WEB_AGENT_FLOATS;
        r[0] = p.x;
        r[1] = p.y;
        r[2] = v.x;
        r[3] = v.y;
        r[4] = steer_atan2(h.y, h.x);
        r[5] = f.x;
        r[6] = f.y;
        r[7] = a->radius;
        r[8] = (float)(i % 6);
        r[9] = 0.0f;
    }
    web_show_agent_records(web_f.records, fr.count, fr.count > WEB_MAX_AGENTS);
    web_add_stat("agents", (float)fr.count);
    web_add_stat("of steps", (float)web_f.scenario.steps);
}

const web_scene_def web_scene_file = {
    .name = "Scenario file",
    .origin = "A scenario file in the steer tool's format, loaded and run by the tool's own "
              "loader and step loop compiled into the page: the same errors, with line and "
              "column, and the same trajectory as steer run.",
    .docs = "scenarios.md",
    .source = "scene_file.c",
    .about = "Paste a scenario file or drop one here, or pick an example, then Run.",
    .start = web_file_start,
    .step = web_file_step,
    .draw = web_file_draw,
    .stop = web_file_stop,
    .done = web_file_done,
};

/* ---- the page's calls (steer_web.h) ----------------------------------------------------- */

char *web_file_name(void)
{
    return web_f.name;
}

char *web_file_text(int bytes)
{
    free(web_f.text);
    web_f.text = NULL;
    if (bytes < 0 || (unsigned)bytes > CLI_MAX_FILE) return NULL;
    web_f.text = malloc((size_t)bytes + 1);
    return web_f.text;
}

int web_file_load(int bytes)
{
    char *text = web_f.text;
    web_f.text = NULL;
    web_f.name[WEB_FILE_NAME_MAX - 1] = '\0';
    if (text == NULL || bytes < 0) {
        cli_fail(&web_f.err, CLI_EXIT_RUNTIME, "%s: no text to load", web_f.name);
        free(text);
        return 0;
    }
    text[bytes] = '\0';
    /* The loader checks the text's UTF-8 with iconv; wasi-libc's decodes UTF-8 strictly
     * (as glibc's does, rejecting overlong forms, surrogates and bytes that start no
     * character) only under a UTF-8 locale: in "C" every byte passes. */
    setlocale(LC_CTYPE, "C.UTF-8");
    cli_scenario next;
    /* shown on the page { */
    if (!cli_load_text(&next, web_f.name, text, (size_t)bytes, &web_f.err)) return 0;
    /* } shown on the page */
    if (web_scene() == WEB_SCENE_FILE) web_file_stop();
    cli_scenario_free(&web_f.scenario);
    web_f.scenario = next;
    web_f.loaded = true;
    web_enter(WEB_SCENE_FILE, (uint32_t)next.seed);
    return 1;
}

const char *web_file_error(void)
{
    return web_f.err.text;
}

int web_file_state(void)
{
    if (web_f.failed) return 2;
    return web_file_done() ? 1 : 0;
}

const char *web_file_title(void)
{
    return web_f.loaded ? web_f.scenario.name : "";
}

const char *web_file_about(void)
{
    return web_f.loaded ? web_f.scenario.description : "";
}

const char *web_file_csv(void)
{
    if (web_f.run == NULL) return "";
    cli_frame fr = cli_world_frame(web_f.run);
    size_t need = (size_t)fr.count * CLI_CSV_ROW_MAX + 1;
    if (need > web_f.csv_size) {
        free(web_f.csv);
        web_f.csv = malloc(need);
        web_f.csv_size = web_f.csv ? need : 0;
        if (!web_f.csv) return "";
    }
    size_t at = 0;
    web_f.csv[0] = '\0';
    for (int i = 0; i < fr.count; i++) {
        int n = cli_csv_row(web_f.csv + at, CLI_CSV_ROW_MAX, &web_f.scenario, &fr, i);
        if (n < 0 || n >= CLI_CSV_ROW_MAX) break;
        at += (size_t)n;
    }
    return web_f.csv;
}
