/* SPDX-License-Identifier: MIT */
/* web/scene_arrive_face.c - arrive, leave, align and face, following the mouse. */
#include "web_scene.h"

enum { S4_SPEED, S4_SLOW, S4_TIME, S4_DANGER, S4_ESCAPE, S4_ALIGN_SLOW, S4_MAX_ROT };

static const web_param_def web_arrive_face_params[] = {
    WEB_SLIDER("max speed", 1, 15, 0.5f, 6),
    WEB_SLIDER("arrive slow radius", 0, 12, 0.25f, 3),
    WEB_SLIDER("time to target", 0.02f, 1, 0.02f, 0.1f),
    WEB_SLIDER("leave danger radius", 0, 16, 0.5f, 6),
    WEB_SLIDER("leave escape radius", 0, 10, 0.5f, 2),
    WEB_SLIDER("align slow radius (rad)", 0.05f, 3, 0.05f, 0.5f),
    WEB_SLIDER("max rotation (rad/s)", 0.5f, 12, 0.25f, 6.25f),
};

static const steer_vec3 web_s4_home = {31.0f, 19.0f, 0.0f};

static void web_arrive_face_start(void)
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

static void web_arrive_face_limits(void)
{
    for (int i = 0; i < web_s.count; i++) {
        web_s.agents[i].max_speed = web_param(S4_SPEED);
        web_s.agents[i].max_rotation = web_param(S4_MAX_ROT);
    }
}

static void web_arrive_face_step(void)
{
    web_arrive_face_limits();
    /* shown on the page { */
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
    /* } shown on the page */
    for (int i = 0; i < web_s.count; i++) web_keep_inside(&web_s.agents[i], 0.6f);
}

static void web_arrive_face_draw(void)
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

const web_scene_def web_scene_arrive_face = {
    .name = "Arrive, leave, align, face",
    .origin = "Arrive, Align and Face follow the steering chapter of Millington and Funge's "
              "\"Artificial Intelligence for Games\" (2009); Leave comes from Palacios' \"Unity "
              "5.x Game AI Programming Cookbook\" (2016), which ports that chapter to C#.",
    .docs = "behaviours.md",
    .source = "scene_arrive_face.c",
    .about = "Arrive, leave, align and face, following the mouse. Blue arrives at the target "
             "(slow radius drawn); orange leaves it inside the danger "
             "radius and walks home otherwise; green faces it; purple "
             "aligns with blue's orientation. Click or drag to move the "
             "target.",
    WEB_PARAMS_FIELDS(web_arrive_face_params),
    .start = web_arrive_face_start,
    .step = web_arrive_face_step,
    .draw = web_arrive_face_draw,
};
