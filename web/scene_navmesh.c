/* SPDX-License-Identifier: MIT */
/* web/scene_navmesh.c - a level of rooms, doors and pillars as a navigation mesh: a few
 * hundred walkers, each following the corridor to a random goal on the mesh, a new one
 * on arrival. A click sends every walker (or the one nearest) to the clicked point. */
#include <string.h>

#include "web_scene.h"

enum { NM_COUNT, NM_SPEED, NM_ONE, NM_PARAMS };

#define WEB_NM_MAX 400

static const web_param_def web_navmesh_params[] = {
    WEB_COUNT_SLIDER("walkers", 20, WEB_NM_MAX, 10, 200),
    WEB_SLIDER("max speed", 1, 8, 0.5f, 3),
    WEB_CHOICE("a click sends", 2, 0, "every walker|the nearest walker"),
};

/* The level: the outline 40 x 24, walls with doors and pillars as holes. */
static const steer_vec3 web_nm_points[] = {
    {0, 0, 0},          {40, 0, 0},         {40, 24, 0},        {0, 24, 0},     /* outline */
    {13, 2.5f, 0},      {13.5f, 2.5f, 0},   {13.5f, 10.5f, 0},  {13, 10.5f, 0}, /* west walls */
    {13, 13.5f, 0},     {13.5f, 13.5f, 0},  {13.5f, 21.5f, 0},  {13, 21.5f, 0},
    {26.5f, 2.5f, 0},   {27, 2.5f, 0},      {27, 10.5f, 0},     {26.5f, 10.5f, 0}, /* east walls */
    {26.5f, 13.5f, 0},  {27, 13.5f, 0},     {27, 21.5f, 0},     {26.5f, 21.5f, 0},
    {29.5f, 11.75f, 0}, {37.5f, 11.75f, 0}, {37.5f, 12.25f, 0}, {29.5f, 12.25f, 0},
    {4.5f, 5.5f, 0},    {5.5f, 5.5f, 0},    {5.5f, 6.5f, 0},    {4.5f, 6.5f, 0}, /* pillars */
    {4.5f, 17.5f, 0},   {5.5f, 17.5f, 0},   {5.5f, 18.5f, 0},   {4.5f, 18.5f, 0},
    {8, 11, 0},         {9, 11, 0},         {9, 12, 0},         {8, 12, 0},
    {18, 5.2f, 0},      {18.8f, 6, 0},      {18, 6.8f, 0},      {17.2f, 6, 0},
    {19.2f, 11.2f, 0},  {20.8f, 11.2f, 0},  {20.8f, 12.8f, 0},  {19.2f, 12.8f, 0},
    {21, 16.7f, 0},     {21.8f, 17.5f, 0},  {21, 18.3f, 0},     {20.2f, 17.5f, 0},
    {32.5f, 4.5f, 0},   {33.5f, 4.5f, 0},   {33.5f, 5.5f, 0},   {32.5f, 5.5f, 0},
    {32.5f, 18.5f, 0},  {33.5f, 18.5f, 0},  {33.5f, 19.5f, 0},  {32.5f, 19.5f, 0}};
static const int32_t web_nm_rings[] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};

static struct {
    steer_navmesh mesh;
    uint64_t mesh_memory[8192];
    steer_navmesh_query query;
    uint64_t query_memory[10240]; /* steer_navmesh_query_bytes: 68016 for its 156 edges */
    bool built;
    int count, arrivals;
    steer_agent agents[WEB_NM_MAX];
    steer_steering steering[WEB_NM_MAX];
    steer_navmesh_corridor corridor[WEB_NM_MAX];
    int32_t polygons[WEB_NM_MAX][64];
    steer_vec3 points[WEB_NM_MAX][24];
    steer_path_node nodes[WEB_NM_MAX][24];
    float records[WEB_NM_MAX * WEB_AGENT_FLOATS];
} web_nm;

static void web_navmesh_build(void)
{
    if (web_nm.built) return;
    steer_navmesh_build_outline(&web_nm.mesh, web_nm.mesh_memory, sizeof web_nm.mesh_memory,
                                web_nm_points, web_nm_rings, 14, STEER_SPACE_XY, NULL);
    steer_navmesh_query_init(&web_nm.query, web_nm.query_memory, sizeof web_nm.query_memory,
                             steer_navmesh_edge_count(&web_nm.mesh));
    web_nm.built = true;
}

/* A random point on the mesh (a few tries; the level is mostly floor). */
static steer_vec3 web_navmesh_random_point(void)
{
    steer_vec3 p = web_random_point(1.0f);
    for (int tries = 0; tries < 32 && steer_navmesh_locate(&web_nm.mesh, p) < 0; tries++)
        p = web_random_point(1.0f);
    steer_vec3 on;
    steer_navmesh_nearest(&web_nm.mesh, p, &on);
    return on;
}

static void web_navmesh_start(void)
{
    web_s.world_w = 40.0f;
    web_s.world_h = 24.0f;
    web_s.force_scale = 0.1f;
    web_navmesh_build();
    web_nm.count = (int)web_param(NM_COUNT);
    web_nm.arrivals = 0;
    for (int i = 0; i < web_nm.count; i++) {
        steer_agent a = steer_agent_default();
        a.position = web_navmesh_random_point();
        a.radius = 0.25f;
        web_nm.agents[i] = a;
        web_nm.steering[i] = steer_steering_zero();
        steer_navmesh_corridor_init(&web_nm.corridor[i], web_nm.polygons[i], 64, web_nm.points[i],
                                    web_nm.nodes[i], 24);
        steer_navmesh_corridor_set_goal(&web_nm.corridor[i], web_navmesh_random_point());
    }
}

static void web_navmesh_step(void)
{
    steer_navmesh_follow_params p = steer_navmesh_follow_default();
    p.follow.arrive.step = WEB_DT;
    for (int i = 0; i < web_nm.count; i++) {
        steer_agent *a = &web_nm.agents[i];
        a->max_speed = web_param(NM_SPEED);
        a->max_accel = 4.0f * a->max_speed;
        bool arrived = false;
        /* shown on the page { */
        steer_steering s =
            steer_navmesh_follow(a, &web_nm.mesh, &web_nm.query, &web_nm.corridor[i], &p, &arrived);
        steer_agent_step(a, s, WEB_DT);
        /* } shown on the page */
        web_nm.steering[i] = s;
        if (arrived) { /* a new goal, so the level keeps moving */
            web_nm.arrivals++;
            steer_navmesh_corridor_set_goal(&web_nm.corridor[i], web_navmesh_random_point());
        }
    }
}

static void web_navmesh_draw_mesh(void)
{
    const steer_navmesh *m = &web_nm.mesh;
    for (int q = 0; q < m->polygon_count; q++)
        for (int k = m->first[q]; k < m->first[q + 1]; k++) {
            int next = k + 1 < m->first[q + 1] ? k + 1 : m->first[q];
            steer_vec3 a = m->vertices[m->indices[k]], b = m->vertices[m->indices[next]];
            web_line(m->neighbours[k] >= 0 ? WEB_STYLE_GRID : WEB_STYLE_WALL, a, b);
        }
}

static void web_navmesh_draw(void)
{
    web_navmesh_draw_mesh();
    for (int i = 0; i < web_nm.count; i++) {
        const steer_agent *a = &web_nm.agents[i];
        float *r = web_nm.records + i * WEB_AGENT_FLOATS;
        memset(r, 0, WEB_AGENT_FLOATS * sizeof(float));
        r[0] = a->position.x, r[1] = a->position.y;
        r[2] = a->velocity.x, r[3] = a->velocity.y;
        r[4] = a->orientation;
        r[5] = web_nm.steering[i].linear.x, r[6] = web_nm.steering[i].linear.y;
        r[7] = a->radius;
        r[8] = (float)(i % 4);
    }
    web_show_agent_records(web_nm.records, web_nm.count, false);
    if (web_nm.count > 0 && web_nm.corridor[0].has_goal) web_target_mark(web_nm.corridor[0].goal);
    web_add_stat("walkers", (float)web_nm.count);
    web_add_stat("arrivals", (float)web_nm.arrivals);
    web_add_stat("mesh polygons", (float)web_nm.mesh.polygon_count);
}

/* Every walker, or the nearest one, heads for the point of the mesh nearest the click. */
static void web_navmesh_click(steer_vec3 p)
{
    steer_vec3 goal;
    if (steer_navmesh_nearest(&web_nm.mesh, p, &goal) < 0) return;
    int nearest = 0;
    for (int i = 1; i < web_nm.count; i++)
        if (steer_distance(web_nm.agents[i].position, p) <
            steer_distance(web_nm.agents[nearest].position, p))
            nearest = i;
    for (int i = 0; i < web_nm.count; i++)
        if (web_param(NM_ONE) < 0.5f || i == nearest)
            steer_navmesh_corridor_set_goal(&web_nm.corridor[i], goal);
}

static bool web_navmesh_nudge(int dx, int dy)
{
    (void)dx, (void)dy;
    return true; /* the keys do nothing here */
}

static web_param_effect web_navmesh_param_changed(int i)
{
    return i == NM_COUNT ? WEB_PARAM_RESTART : WEB_PARAM_REDRAW;
}

const web_scene_def web_scene_navmesh = {
    .name = "Navmesh",
    .origin = "Navigation meshes as games bake them (Recast and Detour): A* over convex "
              "polygons, then the funnel pulls the path tight.",
    .docs = "navigation.md",
    .source = "scene_navmesh.c",
    .about = "Rooms, doors and pillars built into a navigation mesh from an outline with "
             "holes. Each walker follows its corridor to a random goal and picks another "
             "on arrival.",
    .hint = "Click to send every walker (or, by the setting, the nearest one) to that point.",
    WEB_PARAMS_FIELDS(web_navmesh_params),
    .start = web_navmesh_start,
    .step = web_navmesh_step,
    .draw = web_navmesh_draw,
    .click = web_navmesh_click,
    .nudge = web_navmesh_nudge,
    .param_changed = web_navmesh_param_changed,
};
