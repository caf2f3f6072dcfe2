/* SPDX-License-Identifier: MIT */
/* web/web_draw.c - the arrays the page reads (agent records, drawing primitives, stats)
 * and the helpers the scenes fill them and move their agents with (web_scene.h). */
#include <string.h>

#include "web_scene.h"

static float web_agent_buf[WEB_MAX_AGENTS * WEB_AGENT_FLOATS];
static const float *web_agent_records = web_agent_buf;
static int web_agent_n;
static bool web_agent_crowd;
static float web_prim_buf[WEB_MAX_PRIMS * WEB_PRIM_FLOATS];
static int web_prim_n;

/* ---- the arrays ------------------------------------------------------------------------ */

/* web_s.agents as records, the default when a scene publishes none of its own. */
static void web_put_agents(void)
{
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
    web_agent_records = web_agent_buf;
    web_agent_n = web_s.count;
    web_agent_crowd = false;
}

void web_draw_begin(void)
{
    web_prim_n = 0;
    web_s.stat_count = 0;
    web_put_agents();
}

void web_show_agent_records(const float *records, int count, bool crowd)
{
    web_agent_records = records;
    web_agent_n = count;
    web_agent_crowd = crowd;
}

int web_agent_count(void)
{
    web_ensure_drawn();
    return web_agent_n;
}

const float *web_agents(void)
{
    web_ensure_drawn();
    return web_agent_records;
}

int web_crowd(void)
{
    web_ensure_drawn();
    return web_agent_crowd ? 1 : 0;
}

int web_prim_count(void)
{
    web_ensure_drawn();
    return web_prim_n;
}

const float *web_prims(void)
{
    web_ensure_drawn();
    return web_prim_buf;
}

/* ---- primitives ------------------------------------------------------------------------ */

void web_prim(int kind, int style, float a, float b, float c, float d)
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

void web_line(int style, steer_vec3 a, steer_vec3 b)
{
    web_prim(WEB_PRIM_LINE, style, a.x, a.y, b.x, b.y);
}

void web_circle(int style, steer_vec3 c, float r)
{
    web_prim(WEB_PRIM_CIRCLE, style, c.x, c.y, r, 0.0f);
}

void web_dot(int style, steer_vec3 c, float r)
{
    web_prim(WEB_PRIM_DOT, style, c.x, c.y, r, 0.0f);
}

void web_target_mark(steer_vec3 t)
{
    web_circle(WEB_STYLE_TARGET, t, 0.6f);
    web_line(WEB_STYLE_TARGET, steer_v3(t.x - 0.9f, t.y, 0.0f), steer_v3(t.x + 0.9f, t.y, 0.0f));
    web_line(WEB_STYLE_TARGET, steer_v3(t.x, t.y - 0.9f, 0.0f), steer_v3(t.x, t.y + 0.9f, 0.0f));
}

void web_add_stat(const char *name, float value)
{
    if (web_s.stat_count >= WEB_MAX_STATS) return;
    web_s.stat_names[web_s.stat_count] = name;
    web_s.stats[web_s.stat_count] = value;
    web_s.stat_count++;
}

/* ---- trails ------------------------------------------------------------------------------ */

void web_trail_reset(web_trail *t)
{
    t->head = 0;
    t->count = 0;
}

void web_trail_push(web_trail *t, steer_vec3 p)
{
    t->points[t->head] = p;
    t->head = (t->head + 1) % WEB_TRAIL;
    if (t->count < WEB_TRAIL) t->count++;
}

void web_trail_draw(const web_trail *t, int style)
{
    int first = (t->head - t->count + WEB_TRAIL) % WEB_TRAIL;
    for (int i = 2; i < t->count; i += 2) {
        steer_vec3 a = t->points[(first + i - 2) % WEB_TRAIL];
        steer_vec3 b = t->points[(first + i) % WEB_TRAIL];
        web_line(style, a, b);
    }
}

/* ---- agents ------------------------------------------------------------------------------ */

float web_param(int i)
{
    return web_s.params[i];
}

steer_vec3 web_random_point(float margin)
{
    float x = steer_rng_range(&web_s.rng, margin, web_s.world_w - margin);
    float y = steer_rng_range(&web_s.rng, margin, web_s.world_h - margin);
    return steer_v3(x, y, 0.0f);
}

int web_add_agent(steer_agent a, int style)
{
    int i = web_s.count++;
    web_s.agents[i] = a;
    web_s.force[i] = steer_v3_zero();
    web_s.style[i] = style;
    return i;
}

void web_apply(int i, steer_steering s)
{
    web_s.force[i] = s.linear;
    steer_agent_step(&web_s.agents[i], s, WEB_DT);
}

void web_keep_inside(steer_agent *a, float margin)
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
