/* SPDX-License-Identifier: MIT */
/* web/scene_path.c - three followers of different speeds on a closed path. */
#include <string.h>

#include "web_scene.h"

#define WEB_PATH_POINTS 10
#define WEB_FOLLOWERS   3

enum { PA_LEAD, PA_PREDICT, PA_RADIUS, PA_SPEED };

static const web_param_def web_path_params[] = {
    WEB_SLIDER("lead (units)", 0.2f, 6, 0.1f, 1),
    WEB_SLIDER("predict time (s)", 0, 1, 0.05f, 0.1f),
    WEB_SLIDER("path radius", 0, 4, 0.25f, 1.5f),
    WEB_SLIDER("fastest follower's speed", 1, 15, 0.5f, 8),
};

static struct {
    steer_vec3 points[WEB_PATH_POINTS];
    steer_path_node nodes[WEB_PATH_POINTS];
    steer_path path;
    steer_path_cursor cursor[WEB_FOLLOWERS];
} web_pa;

static void web_path_build(void)
{
    /* shown on the page { */
    steer_path_init(&web_pa.path, web_pa.nodes, WEB_PATH_POINTS, web_pa.points, WEB_PATH_POINTS,
                    true, web_param(PA_RADIUS));
    /* } shown on the page */
}

static void web_path_start(void)
{
    memset(&web_pa, 0, sizeof web_pa);
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.has_target = true;
    web_s.velocity_scale = 0.4f;
    web_s.force_scale = 0.12f;
    for (int i = 0; i < WEB_PATH_POINTS; i++) {
        float angle = STEER_TAU * (float)i / WEB_PATH_POINTS;
        float r = steer_rng_range(&web_s.rng, 0.65f, 1.0f);
        web_pa.points[i] = steer_v3(30.0f + 25.0f * r * steer_cos(angle),
                                    18.75f + 15.0f * r * steer_sin(angle), 0.0f);
    }
    web_path_build();
    for (int i = 0; i < WEB_FOLLOWERS; i++) {
        steer_agent a = steer_agent_default();
        a.position = steer_add(web_pa.points[0], steer_v3(0.0f, 2.0f * (float)i, 0.0f));
        a.max_accel = 25.0f;
        web_add_agent(a, i);
    }
    web_s.target = web_pa.points[0];
}

static void web_path_step(void)
{
    /* shown on the page { */
    steer_path_follow_params p = steer_path_follow_default();
    p.lead = web_param(PA_LEAD);
    p.predict_time = web_param(PA_PREDICT);
    for (int i = 0; i < web_s.count; i++) {
        steer_agent *a = &web_s.agents[i];
        a->max_speed = web_param(PA_SPEED) * (0.5f + 0.25f * (float)i);
        web_apply(i, steer_follow_path(a, &web_pa.path, &p, &web_pa.cursor[i], NULL));
        /* } shown on the page */
    }
}

/* A click drags the nearest waypoint there. */
static void web_path_click(steer_vec3 p)
{
    int best = 0;
    for (int i = 1; i < WEB_PATH_POINTS; i++)
        if (steer_distance(web_pa.points[i], p) < steer_distance(web_pa.points[best], p)) best = i;
    web_pa.points[best] = p;
    web_path_build();
    /* Each follower keeps its course: its cursor moves to the point of the new path
     * nearest the follower, lap count kept, next waypoint the first one beyond it. */
    for (int i = 0; i < web_s.count; i++) {
        steer_path_cursor *c = &web_pa.cursor[i];
        c->s = steer_path_parameter(&web_pa.path, web_s.agents[i].position);
        c->node = web_pa.path.count;
        for (int k = 0; k < web_pa.path.count; k++)
            if (web_pa.path.nodes[k].distance > c->s) {
                c->node = k;
                break;
            }
    }
    web_s.target = p;
}

static void web_path_draw(void)
{
    const steer_path *path = &web_pa.path;
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
        web_dot(WEB_STYLE_PREDICTION, steer_path_point_at(path, web_pa.cursor[i].s), 0.3f);
    web_add_stat("laps (fastest)", (float)web_pa.cursor[web_s.count - 1].lap);
    web_add_stat("laps (slowest)", (float)web_pa.cursor[0].lap);
}

static web_param_effect web_path_param_changed(int i)
{
    if (i == PA_RADIUS) web_path_build();
    return WEB_PARAM_REDRAW;
}

const web_scene_def web_scene_path = {
    .name = "Path following",
    .origin = "Path following as Craig Reynolds describes it in \"Steering Behaviors For "
              "Autonomous Characters\" (Game Developers Conference, 1999): predict, project on the "
              "path, seek a point ahead.",
    .docs = "paths.md",
    .source = "scene_path.c",
    .about = "Three followers of different speeds on a closed path: each projects its "
             "predicted position on the path and seeks a point a little ahead. Click "
             "to drag the nearest waypoint there.",
    WEB_PARAMS_FIELDS(web_path_params),
    .start = web_path_start,
    .step = web_path_step,
    .draw = web_path_draw,
    .hint = "Click or drag to move the nearest waypoint there; the arrow keys nudge the last one "
            "moved. F shows the force vectors.",
    .click = web_path_click,
    .param_changed = web_path_param_changed,
};
