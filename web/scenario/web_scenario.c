/* SPDX-License-Identifier: MIT */
/* web/scenario/web_scenario.c - a scenario file loaded and run in the page with the steer
 * tool's own loader and runner (web_scenario.h). */
#include "web_scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_load.h"
#include "cli_sim.h"
#include "web_scene.h"

/* The most floats of recorded frames the page keeps (64 MB). */
#define WEB_SCENARIO_FLOATS (16 * 1024 * 1024)
#define WEB_SCENARIO_PRIMS  4096

static struct {
    char *text;
    cli_error err;
    char title[64], description[400];
    int frames, agents, capacity;
    float dt;
    double min_u, max_v; /* the world box's left and top, scenario units */
    float width, height;
    float *records;
    float prims[WEB_SCENARIO_PRIMS * WEB_PRIM_FLOATS];
    int prim_count;
} web_sc;

char *web_scenario_text(int n)
{
    free(web_sc.text);
    web_sc.text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    return web_sc.text;
}

/* A point of the scenario's plane on the page: y down, the world box's corner at 0. */
static void web_scenario_xy(const cli_scenario *s, steer_vec3 p, float *x, float *y)
{
    double u, v;
    cli_plane_coords(s->space, p, &u, &v);
    *x = (float)(u - web_sc.min_u);
    *y = (float)(web_sc.max_v - v);
}

static void web_scenario_prim(int kind, int style, float a, float b, float c, float d)
{
    if (web_sc.prim_count >= WEB_SCENARIO_PRIMS) return;
    web_prim_write(web_sc.prims + web_sc.prim_count++ * WEB_PRIM_FLOATS, kind, style, a, b, c, d);
}

static void web_scenario_line(const cli_scenario *s, int style, steer_vec3 a, steer_vec3 b)
{
    float ax, ay, bx, by;
    web_scenario_xy(s, a, &ax, &ay);
    web_scenario_xy(s, b, &bx, &by);
    web_scenario_prim(WEB_PRIM_LINE, style, ax, ay, bx, by);
}

/* The still picture: obstacles, walls, polygons and paths. */
static void web_scenario_scenery(const cli_scenario *s)
{
    const steer_obstacles *o = &s->obstacles.set;
    for (int i = 0; i < o->circle_count; i++) {
        float x, y;
        web_scenario_xy(s, o->circles[i].center, &x, &y);
        web_scenario_prim(WEB_PRIM_DOT, WEB_STYLE_OBSTACLE, x, y, o->circles[i].radius, 0.0f);
    }
    for (int i = 0; i < o->wall_count; i++)
        web_scenario_line(s, WEB_STYLE_WALL, o->walls[i].a, o->walls[i].b);
    for (int i = 0; i < o->polygon_count; i++) {
        const steer_polygon *g = &o->polygons[i];
        for (int k = 0; k < g->count; k++)
            web_scenario_line(s, WEB_STYLE_WALL, g->points[k], g->points[(k + 1) % g->count]);
    }
    for (int i = 0; i < s->path_count; i++) {
        const steer_path *p = &s->paths[i].path;
        int n = p->closed ? p->count : p->count - 1;
        for (int k = 0; k < n; k++)
            web_scenario_line(s, WEB_STYLE_PATH, p->nodes[k].point,
                              p->nodes[(k + 1) % p->count].point);
    }
}

/* Every frame of the run becomes records, while they fit. */
static bool web_scenario_observe(void *user, const cli_frame *frame, cli_error *err)
{
    const cli_scenario *s = user;
    if ((size_t)(web_sc.frames + 1) * (size_t)frame->count * WEB_AGENT_FLOATS >
        (size_t)web_sc.capacity)
        return cli_fail(err, CLI_EXIT_RUNTIME,
                        "%s: %d agents for %d steps are more than the page keeps; "
                        "try fewer steps",
                        s->name, frame->count, s->steps);
    float *r = web_sc.records + (size_t)web_sc.frames * (size_t)frame->count * WEB_AGENT_FLOATS;
    for (int i = 0; i < frame->count; i++, r += WEB_AGENT_FLOATS) {
        const steer_agent *a = &frame->agents[i];
        memset(r, 0, WEB_AGENT_FLOATS * sizeof(float));
        web_scenario_xy(s, a->position, &r[0], &r[1]);
        double vu, vv, fu, fv;
        cli_plane_coords(s->space, a->velocity, &vu, &vv);
        cli_plane_coords(s->space, frame->forces[i], &fu, &fv);
        r[2] = (float)vu;
        r[3] = (float)-vv;
        r[4] = steer_atan2(r[3], r[2]);
        r[5] = (float)fu;
        r[6] = (float)-fv;
        r[7] = a->radius;
        r[8] = (float)(i % 4);
    }
    web_sc.agents = frame->count;
    web_sc.frames++;
    return true;
}

static void web_scenario_clear(void)
{
    free(web_sc.records);
    web_sc.records = NULL;
    web_sc.frames = web_sc.agents = web_sc.prim_count = 0;
    web_sc.title[0] = web_sc.description[0] = '\0';
}

/* A failed load leaves the scenario already loaded (if any) as it was: the page may be
 * replaying it. */
int web_scenario_load(int n)
{
    memset(&web_sc.err, 0, sizeof web_sc.err);
    if (web_sc.text == NULL || n < 0) {
        cli_fail(&web_sc.err, CLI_EXIT_USAGE, "no scenario text");
        return 0;
    }
    web_sc.text[n] = '\0';
    cli_scenario s;
    char *text = web_sc.text;
    web_sc.text = NULL; /* the loader owns it now */
    if (!cli_load_text(&s, "scenario.json", text, (size_t)n, &web_sc.err)) return 0;
    web_scenario_clear();
    double u0, v0, u1, v1;
    cli_plane_coords(s.space, s.world_min, &u0, &v0);
    cli_plane_coords(s.space, s.world_max, &u1, &v1);
    web_sc.min_u = u0;
    web_sc.max_v = v1;
    web_sc.width = (float)(u1 - u0);
    web_sc.height = (float)(v1 - v0);
    web_sc.dt = s.dt;
    web_sc.capacity = WEB_SCENARIO_FLOATS;
    web_sc.records = malloc((size_t)web_sc.capacity * sizeof(float));
    cli_observer observer = {web_scenario_observe, &s};
    cli_run_config config = {0};
    config.observers = &observer;
    config.observer_count = 1;
    bool ok = web_sc.records != NULL && cli_run(&s, &config, NULL, &web_sc.err);
    if (web_sc.records == NULL) cli_fail(&web_sc.err, CLI_EXIT_RUNTIME, "out of memory");
    if (ok) {
        web_scenario_scenery(&s);
        snprintf(web_sc.title, sizeof web_sc.title, "%s", s.name);
        snprintf(web_sc.description, sizeof web_sc.description, "%s", s.description);
    } else {
        web_scenario_clear();
    }
    cli_scenario_free(&s);
    return ok ? 1 : 0;
}

const char *web_scenario_error(void)
{
    return web_sc.err.text;
}

const char *web_scenario_title(void)
{
    return web_sc.title;
}

const char *web_scenario_description(void)
{
    return web_sc.description;
}

int web_scenario_frames(void)
{
    return web_sc.frames;
}

int web_scenario_agents(void)
{
    return web_sc.agents;
}

float web_scenario_dt(void)
{
    return web_sc.dt;
}

const float *web_scenario_frame(int k)
{
    if (web_sc.frames == 0) return web_sc.prims; /* nothing to read: agents() is 0 */
    k = k < 0 ? 0 : k >= web_sc.frames ? web_sc.frames - 1 : k;
    return web_sc.records + (size_t)k * (size_t)web_sc.agents * WEB_AGENT_FLOATS;
}

float web_scenario_width(void)
{
    return web_sc.width;
}

float web_scenario_height(void)
{
    return web_sc.height;
}

int web_scenario_prim_count(void)
{
    return web_sc.prim_count;
}

const float *web_scenario_prims(void)
{
    return web_sc.prims;
}
