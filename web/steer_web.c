/* SPDX-License-Identifier: MIT */
/* web/steer_web.c - the functions the page calls (steer_web.h) and the scene table.
 *
 * The page runs one scene at a time; each scene lives in its own web/scene_*.c with a
 * start, a step and a draw function (web_scene.h). Drawing is lazy: a step only marks
 * the picture stale, and the first read of the agent or primitive arrays draws it, so
 * several steps in one animation frame draw once and the page can time the steps alone.
 * Nothing here reads a clock: the page calls web_step 60 times per second of demo time,
 * so a run is replayed exactly from its seed and inputs.
 */
#include "steer_web.h"

#include <stddef.h>
#include <string.h>

#include "web_scene.h"

web_state web_s;
static bool web_stale;

static const web_scene_def *const web_scenes[WEB_SCENE_FILE + 1] = {
    [WEB_SCENE_APPROACH] = &web_scene_approach,
    [WEB_SCENE_WANDER] = &web_scene_wander,
    [WEB_SCENE_WANDER_SEEK] = &web_scene_wander_seek,
    [WEB_SCENE_GRID] = &web_scene_grid,
    [WEB_SCENE_ARRIVE_FACE] = &web_scene_arrive_face,
    [WEB_SCENE_PURSUE] = &web_scene_pursue,
    [WEB_SCENE_PATH] = &web_scene_path,
    [WEB_SCENE_OBSTACLES] = &web_scene_obstacles,
    [WEB_SCENE_FLOCK] = &web_scene_flock,
    [WEB_SCENE_CROWD] = &web_scene_crowd,
    [WEB_SCENE_NAVMESH] = &web_scene_navmesh,
    [WEB_SCENE_GROUPS] = &web_scene_groups,
    [WEB_SCENE_FILE] = &web_scene_file,
};

static const char *const web_labels[] = {"coordinate comparison", "line tracking"};

static const web_scene_def *web_current(void)
{
    return web_scenes[web_s.scene];
}

void web_ensure_drawn(void)
{
    if (!web_stale) return;
    web_stale = false;
    web_draw_begin();
    web_current()->draw();
}

/* Release what the running scene holds (the flock's world). */
static void web_stop(void)
{
    if (web_current()->stop != NULL) web_current()->stop();
}

static void web_start(uint32_t seed)
{
    web_stop();
    int scene = web_s.scene;
    float params[WEB_MAX_PARAMS];
    memcpy(params, web_s.params, sizeof params);
    memset(&web_s, 0, sizeof web_s);
    web_s.scene = scene;
    web_s.seed = seed;
    web_s.rng = steer_rng_make(seed, 0x57ee5u);
    web_s.defs = web_scenes[scene]->params;
    web_s.param_count = web_scenes[scene]->param_count;
    memcpy(web_s.params, params, sizeof params);
    web_s.velocity_scale = 0.4f;
    web_s.force_scale = 0.12f;
    web_current()->start();
    web_stale = true;
}

/* ---- scenes ------------------------------------------------------------------------- */

int web_scene_count(void)
{
    return WEB_SCENE_COUNT;
}

/* The texts: the listed scenes and the scenario file's. */
static bool web_scene_known(int scene)
{
    return scene >= 0 && scene <= WEB_SCENE_FILE;
}

const char *web_scene_name(int scene)
{
    return web_scene_known(scene) ? web_scenes[scene]->name : "";
}

const char *web_scene_about(int scene)
{
    return web_scene_known(scene) ? web_scenes[scene]->about : "";
}

const char *web_scene_hint(int scene)
{
    if (!web_scene_known(scene) || web_scenes[scene]->hint == NULL) return "";
    return web_scenes[scene]->hint;
}

static const char *web_scene_text(int scene, size_t offset)
{
    if (!web_scene_known(scene)) return "";
    const char *text = *(const char *const *)((const char *)web_scenes[scene] + offset);
    return text != NULL ? text : "";
}

const char *web_scene_origin(int scene)
{
    return web_scene_text(scene, offsetof(web_scene_def, origin));
}

const char *web_scene_docs(int scene)
{
    return web_scene_text(scene, offsetof(web_scene_def, docs));
}

const char *web_scene_source(int scene)
{
    return web_scene_text(scene, offsetof(web_scene_def, source));
}

int web_scene(void)
{
    return web_s.scene;
}

uint32_t web_seed(void)
{
    return web_s.seed;
}

void web_load(int scene, uint32_t seed)
{
    web_enter(scene >= 0 && scene < WEB_SCENE_COUNT ? scene : 0, seed);
}

void web_enter(int scene, uint32_t seed)
{
    /* Stop the running scene before switching: web_start stops whichever scene web_s
     * names, which is then the new one (stopping twice does nothing). */
    web_stop();
    web_s.scene = web_scene_known(scene) ? scene : 0;
    const web_scene_def *def = web_scenes[web_s.scene];
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
    if (web_current()->done != NULL && web_current()->done()) return;
    web_current()->step();
    web_s.steps++;
    web_stale = true;
}

uint32_t web_step_count(void)
{
    return web_s.steps;
}

/* ---- input ---------------------------------------------------------------------------- */

void web_set_target(float x, float y)
{
    steer_vec3 p = steer_v3(x, y, 0.0f);
    if (!steer_v3_is_finite(p) || !web_s.has_target) return;
    p.x = steer_clampf(p.x, 0.0f, web_s.world_w);
    p.y = steer_clampf(p.y, 0.0f, web_s.world_h);
    if (web_current()->click != NULL)
        web_current()->click(p);
    else
        web_s.target = p;
    web_stale = true;
}

void web_nudge(int dx, int dy)
{
    if (web_current()->nudge != NULL && web_current()->nudge(dx, dy)) {
        web_stale = true;
        return;
    }
    web_set_target(web_s.target.x + (float)dx, web_s.target.y + (float)dy);
}

int web_has_target(void)
{
    return web_s.has_target ? 1 : 0;
}

int web_has_drag(void)
{
    return web_current()->drag != NULL ? 1 : 0;
}

void web_drag(float ax, float ay, float bx, float by)
{
    steer_vec3 a = steer_v3(ax, ay, 0.0f), b = steer_v3(bx, by, 0.0f);
    if (web_current()->drag == NULL || !steer_v3_is_finite(a) || !steer_v3_is_finite(b)) return;
    a = steer_v3(steer_clampf(a.x, 0.0f, web_s.world_w), steer_clampf(a.y, 0.0f, web_s.world_h),
                 0.0f);
    b = steer_v3(steer_clampf(b.x, 0.0f, web_s.world_w), steer_clampf(b.y, 0.0f, web_s.world_h),
                 0.0f);
    web_current()->drag(a, b);
    web_stale = true;
}

float web_target_x(void)
{
    return web_s.target.x;
}

float web_target_y(void)
{
    return web_s.target.y;
}

/* ---- parameters ------------------------------------------------------------------------ */

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

int web_param_kind(int i)
{
    const web_param_def *d = web_param_def_at(i);
    return d ? d->kind : WEB_PARAM_SLIDER;
}

const char *web_param_choices(int i)
{
    const web_param_def *d = web_param_def_at(i);
    return d && d->choices ? d->choices : "";
}

int web_param_on_release(int i)
{
    const web_param_def *d = web_param_def_at(i);
    return d && d->on_release ? 1 : 0;
}

void web_set_param(int i, float value)
{
    const web_param_def *d = web_param_def_at(i);
    if (!d || !steer_is_finite(value)) return;
    web_s.params[i] = steer_clampf(value, d->min, d->max);
    web_stale = true;
    /* Parameters that shape the set-up take effect by starting the scene again. */
    if (web_current()->param_changed != NULL &&
        web_current()->param_changed(i) == WEB_PARAM_RESTART)
        web_start(web_s.seed);
}

/* ---- view and arrays -------------------------------------------------------------------- */

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

const char *web_label(int id)
{
    return id >= 0 && id < (int)(sizeof web_labels / sizeof web_labels[0]) ? web_labels[id] : "";
}

int web_stat_count(void)
{
    web_ensure_drawn();
    return web_s.stat_count;
}

const char *web_stat_name(int i)
{
    web_ensure_drawn();
    return i >= 0 && i < web_s.stat_count ? web_s.stat_names[i] : "";
}

float web_stat_value(int i)
{
    web_ensure_drawn();
    return i >= 0 && i < web_s.stat_count ? web_s.stats[i] : 0.0f;
}
