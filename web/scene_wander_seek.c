/* SPDX-License-Identifier: MIT */
/* web/scene_wander_seek.c - wander by random target: seek a random target, a new one
 * every few seconds. */
#include <string.h>

#include "web_scene.h"

enum { WS_INTERVAL, WS_SPEED, WS_ACCEL, WS_COUNT };

static const web_param_def web_wander_seek_params[] = {
    WEB_SLIDER("new target every (s)", 0.5f, 10, 0.5f, 3),
    WEB_SLIDER("max speed", 1, 20, 0.5f, 8),
    WEB_SLIDER("max accel", 1, 40, 1, 12),
    WEB_SLIDER("agents", 1, 16, 1, 6),
};

static steer_wander_target_state web_wander_target[WEB_MAX_AGENTS];

static steer_wander_target_params web_wander_seek_area(void)
{
    /* shown on the page { */
    steer_wander_target_params p = steer_wander_target_default();
    p.area_min = steer_v3(3.0f, 3.0f, 0.0f);
    p.area_max = steer_v3(web_s.world_w - 3.0f, web_s.world_h - 3.0f, 0.0f);
    p.interval = web_param(WS_INTERVAL);
    /* } shown on the page */
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
        memset(&web_wander_target[i], 0, sizeof web_wander_target[i]);
    }
}

static void web_wander_seek_step(void)
{
    steer_wander_target_params p = web_wander_seek_area();
    for (int i = 0; i < web_s.count; i++) {
        steer_agent *a = &web_s.agents[i];
        a->max_speed = web_param(WS_SPEED);
        a->max_accel = web_param(WS_ACCEL);
        /* shown on the page { */
        steer_steering s = steer_wander_target(a, &p, &web_wander_target[i], &web_s.rng, WEB_DT);
        web_apply(i, s);
        /* } shown on the page */
        /* A slow turner (max accel 1) overshoots its target by metres: keep it in view. */
        web_keep_inside(a, 0.5f);
    }
}

static void web_wander_seek_draw(void)
{
    for (int i = 0; i < web_s.count; i++) {
        steer_vec3 t = web_wander_target[i].target;
        web_line(WEB_STYLE_LEG, web_s.agents[i].position, t);
        web_dot(WEB_STYLE_WAYPOINT, t, 0.45f);
    }
}

static web_param_effect web_wander_seek_param_changed(int i)
{
    return i == WS_COUNT ? WEB_PARAM_RESTART : WEB_PARAM_REDRAW;
}

const web_scene_def web_scene_wander_seek = {
    .name = "Wander by seeking",
    .origin = "The simplest wander of the classic steering tutorials, usually shown before "
              "Reynolds' circle to show why the circle is needed.",
    .docs = "wander.md",
    .source = "scene_wander_seek.c",
    .about = "Wander by random target: every few seconds pick a random point and "
             "seek it. Simple, but a character sometimes turns right around. "
             "Click to show the force vectors.",
    WEB_PARAMS_FIELDS(web_wander_seek_params),
    .start = web_wander_seek_start,
    .step = web_wander_seek_step,
    .draw = web_wander_seek_draw,
    .param_changed = web_wander_seek_param_changed,
};
