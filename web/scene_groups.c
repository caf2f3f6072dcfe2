/* SPDX-License-Identifier: MIT */
/* web/scene_groups.c - groups as a strategy game moves them (steer/formation.h,
 * docs/groups.md): drag a box to select units, pick a formation, click to send them.
 * "block" is one group move (steer_group_move_to): separate spots round the point,
 * spaced by the radii; the other shapes are formation patterns placed at the point,
 * facing from the group towards it. Either way the spots go to the units with the least
 * total distance, so no two paths cross and nobody pushes for a taken spot. Each unit
 * then arrives at its own spot. Until the visitor drags or clicks, and 20 s after they
 * last did, the scene sends every unit round four corners by itself. */
#include <string.h>

#include "web_scene.h"

#define WEB_GROUPS_RADIUS 0.6f
#define WEB_GROUPS_IDLE                                                                            \
    (20 * 60) /* steps after the visitor's last drag or click before                               \
                 the tour takes over again */

enum { GR_FORMATION, GR_UNITS, GR_SPEED, GR_GAP };

static const web_param_def web_groups_params[] = {
    WEB_CHOICE("formation", 6, 0, "block|line|column|wedge|box|circle"),
    WEB_COUNT_SLIDER("units", 4, 24, 1, 16),
    WEB_SLIDER("max speed", 1, 10, 0.5f, 5),
    WEB_SLIDER("gap", 0, 2, 0.1f, 0.5f),
};

static struct {
    steer_vec3 dest[WEB_MAX_AGENTS];
    bool selected[WEB_MAX_AGENTS];
    int idle, since_click, tour;
    bool visited; /* the visitor has dragged or clicked */
    steer_vec3 last;
    unsigned char work[16384];
} web_gr;

/* The spots of the chosen formation round p for the n units at pos, into spots. */
static bool web_groups_spots(const steer_vec3 *pos, const float *radii, int n, steer_vec3 p,
                             steer_vec3 *spots)
{
    int shape = (int)web_param(GR_FORMATION);
    /* shown on the page { */
    steer_group_move_params mp = steer_group_move_default();
    mp.gap = web_param(GR_GAP);
    if (shape == 0)
        return steer_group_move_to(STEER_SPACE_XY, pos, radii, n, p, &mp, spots, web_gr.work,
                                   sizeof web_gr.work) == STEER_GROUP_OK;
    steer_formation_slot slots[WEB_MAX_AGENTS];
    steer_vec3 at[WEB_MAX_AGENTS], mean = steer_v3_zero();
    int slot_of[WEB_MAX_AGENTS];
    steer_formation_pattern((steer_formation_shape)(shape - 1), n,
                            2.0f * WEB_GROUPS_RADIUS + mp.gap, slots, WEB_MAX_AGENTS);
    for (int i = 0; i < n; i++) mean = steer_add(mean, steer_scale(pos[i], 1.0f / (float)n));
    float facing = steer_space_orientation(STEER_SPACE_XY, steer_sub(p, mean), 0.0f);
    for (int j = 0; j < n; j++)
        at[j] = steer_formation_slot_position(STEER_SPACE_XY, p, facing, slots[j].offset);
    steer_assign_input in = {pos, NULL, n, at, NULL, n};
    if (steer_assign_optimal(&in, slot_of, web_gr.work, sizeof web_gr.work) != STEER_GROUP_OK)
        return false;
    for (int i = 0; i < n; i++) spots[i] = at[slot_of[i]];
    /* } shown on the page */
    return true;
}

/* Sends the selected units to p. */
static void web_groups_send(steer_vec3 p)
{
    steer_vec3 pos[WEB_MAX_AGENTS], spots[WEB_MAX_AGENTS];
    float radii[WEB_MAX_AGENTS];
    int who[WEB_MAX_AGENTS], n = 0;
    for (int i = 0; i < web_s.count; i++) {
        if (!web_gr.selected[i]) continue;
        pos[n] = web_s.agents[i].position;
        radii[n] = web_s.agents[i].radius;
        who[n++] = i;
    }
    web_gr.last = p;
    web_s.target = p;
    if (n == 0 || !web_groups_spots(pos, radii, n, p, spots)) return;
    for (int k = 0; k < n; k++) web_gr.dest[who[k]] = spots[k];
}

static void web_groups_start(void)
{
    web_s.world_w = 60.0f;
    web_s.world_h = 37.5f;
    web_s.force_scale = 0.1f;
    web_s.has_target = true;
    memset(&web_gr, 0, sizeof web_gr);
    int n = (int)web_param(GR_UNITS);
    for (int i = 0; i < n; i++) {
        steer_agent a = steer_agent_default();
        a.radius = WEB_GROUPS_RADIUS;
        a.position = steer_v3(6.0f + 2.0f * (float)(i % 4), 12.0f + 2.0f * (float)(i / 4), 0.0f);
        web_add_agent(a, 0);
        web_gr.dest[i] = a.position;
        web_gr.selected[i] = true;
    }
    web_groups_send(steer_v3(44.0f, 20.0f, 0.0f));
}

/* Left alone, the whole group tours four corners. */
static void web_groups_tour(void)
{
    static const float corners[4][2] = {{14, 10}, {46, 27}, {46, 10}, {14, 27}};
    for (int i = 0; i < web_s.count; i++) web_gr.selected[i] = true;
    web_gr.tour = (web_gr.tour + 1) % 4;
    web_groups_send(steer_v3(corners[web_gr.tour][0], corners[web_gr.tour][1], 0.0f));
}

static void web_groups_step(void)
{
    steer_arrive_params ap = steer_arrive_default();
    ap.target_radius = 0.1f;
    bool resting = true;
    for (int i = 0; i < web_s.count; i++) {
        steer_agent *a = &web_s.agents[i];
        a->max_speed = web_param(GR_SPEED);
        bool arrived = false;
        web_apply(i, steer_arrive(a, web_gr.dest[i], &ap, &arrived));
        resting = resting && arrived;
        web_s.style[i] = web_gr.selected[i] ? 1 : 0;
    }
    web_gr.since_click++;
    web_gr.idle = resting ? web_gr.idle + 1 : 0;
    bool left_alone = !web_gr.visited || web_gr.since_click >= WEB_GROUPS_IDLE;
    if (web_gr.idle > 30 && left_alone) web_groups_tour();
}

static void web_groups_draw(void)
{
    int selected = 0, placed = 0;
    float closest = 1e9f;
    for (int i = 0; i < web_s.count; i++) {
        const steer_agent *a = &web_s.agents[i];
        selected += web_gr.selected[i] ? 1 : 0;
        placed += steer_distance(a->position, web_gr.dest[i]) <= 0.2f ? 1 : 0;
        web_dot(WEB_STYLE_WAYPOINT, web_gr.dest[i], 0.2f);
        if (web_gr.selected[i]) web_line(WEB_STYLE_LEG, a->position, web_gr.dest[i]);
        for (int j = i + 1; j < web_s.count; j++) {
            float d = steer_distance(a->position, web_s.agents[j].position) / (2.0f * a->radius);
            if (d < closest) closest = d;
        }
    }
    web_target_mark(web_gr.last);
    web_add_stat("selected", (float)selected);
    web_add_stat("on their spots", (float)placed);
    web_add_stat("closest pair / radius sum", closest);
}

static void web_groups_click(steer_vec3 p)
{
    web_gr.since_click = 0;
    web_gr.visited = true;
    web_groups_send(p);
}

/* A box dragged from a to b selects the units inside it. */
static void web_groups_drag(steer_vec3 a, steer_vec3 b)
{
    float x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
    float y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
    web_gr.since_click = 0;
    web_gr.visited = true;
    for (int i = 0; i < web_s.count; i++) {
        steer_vec3 p = web_s.agents[i].position;
        web_gr.selected[i] = p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1;
    }
}

static web_param_effect web_groups_param_changed(int i)
{
    if (i == GR_UNITS) return WEB_PARAM_RESTART;
    if (i == GR_FORMATION || i == GR_GAP) web_groups_send(web_gr.last);
    return WEB_PARAM_REDRAW;
}

const web_scene_def web_scene_groups = {
    .name = "Groups",
    .origin = "Formations and slot assignment as strategy games use them; Millington's "
              "formation motion, and the Hungarian method for the assignment.",
    .docs = "groups.md",
    .source = "scene_groups.c",
    .about = "Drag a box to select units, pick a formation, click to send them. Each unit "
             "gets its own spot, spaced by the radii and assigned with the least total "
             "distance, so no two paths cross and nobody pushes for a taken spot.",
    .hint = "Drag: select units. Click: send the selected units there in the chosen "
            "formation. Shift-drag pans.",
    WEB_PARAMS_FIELDS(web_groups_params),
    .start = web_groups_start,
    .step = web_groups_step,
    .draw = web_groups_draw,
    .click = web_groups_click,
    .drag = web_groups_drag,
    .param_changed = web_groups_param_changed,
};
