/* SPDX-License-Identifier: MIT */
/* cli_html.c - a page that replays a run: the player (player.html, embedded at build
 * time) with the frames as JSON in its data script. */
#include "cli_anim.h"
#include "cli_anim_draw.h"
#include "cli_behaviour.h"
#include "cli_outfile.h"

#include <errno.h>
#include <math.h>
#include <string.h>

extern const char cli_player_html[]; /* generated from player.html by embed_file.cmake */

#define CLI_DATA_MARK "@STEER_DATA@"

/* A JSON string; '<' escaped so the text cannot close the script element. */
static void cli_json_string(FILE *f, const char *text)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&')
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

/* A number, or null when it is not finite (JSON has no NaN). */
static void cli_json_number(FILE *f, double x, const char *format)
{
    if (isfinite(x))
        fprintf(f, format, x);
    else
        fputs("null", f);
}

static void cli_html_point(FILE *f, steer_space space, steer_vec3 p)
{
    double u, v;
    cli_plane_coords(space, p, &u, &v);
    cli_json_number(f, u, "%.3f");
    fputc(',', f);
    cli_json_number(f, v, "%.3f");
}

static const char *cli_html_kind(const cli_scenario *s, int i)
{
    if (s->flock.present && i >= s->flock.first && i < s->flock.first + s->flock.count)
        return "boid";
    return cli_is_member(s, i) ? "member" : "agent";
}

static void cli_html_agents(FILE *f, const cli_anim *a)
{
    const cli_scenario *s = a->scenario;
    fputs(",\"agents\":[", f);
    for (int k = 0; k < a->agent_count; k++) {
        int i = a->agents[k];
        fprintf(f, "%s{\"name\":", k ? "," : "");
        cli_json_string(f, s->agents[i].name);
        fprintf(f, ",\"colour\":\"#%06x\",\"kind\":\"%s\",\"radius\":", cli_anim_colour(a, k),
                cli_html_kind(s, i));
        cli_json_number(f, a->radius[k], "%.3g");
        fputc('}', f);
    }
    fputc(']', f);
}

/* Point targets with the radii drawn around them (arrive, leave). */
static void cli_html_targets(FILE *f, const cli_anim *a)
{
    const cli_scenario *s = a->scenario;
    bool first = true;
    fputs(",\"targets\":[", f);
    for (int k = 0; k < a->agent_count; k++)
        for (int b = 0; b < s->agents[a->agents[k]].behaviour_count; b++) {
            const cli_behaviour *beh = &s->agents[a->agents[k]].behaviours[b];
            if (beh->target.kind != CLI_TARGET_POINT) continue;
            const char *kind = cli_behaviour_kind_at(beh->kind)->name;
            double r0 = 0, r1 = 0;
            if (strcmp(kind, "arrive") == 0)
                r0 = beh->arrive.target_radius, r1 = beh->arrive.slow_radius;
            else if (strcmp(kind, "leave") == 0)
                r0 = beh->leave.escape_radius, r1 = beh->leave.danger_radius;
            fprintf(f, "%s{\"agent\":%d,\"kind\":\"%s\",\"at\":[", first ? "" : ",", k, kind);
            cli_html_point(f, s->space, beh->target.point);
            fputs("],\"radii\":[", f);
            cli_json_number(f, r0, "%.3g");
            fputc(',', f);
            cli_json_number(f, r1, "%.3g");
            fputs("]}", f);
            first = false;
        }
    fputc(']', f);
}

/* The navmesh as the pictures draw it (cli_draw_scene.c): each polygon's outline, and
 * the boundary edges (the walls) apart. Empty lists without a navmesh. */
static void cli_html_navmesh(FILE *f, const cli_scenario *s)
{
    const steer_navmesh *m = &s->navmesh.mesh;
    int polygons = s->navmesh.present ? m->polygon_count : 0;
    fputs(",\"navmesh\":[", f);
    for (int p = 0; p < polygons; p++) {
        fputs(p ? ",[" : "[", f);
        for (int k = m->first[p]; k < m->first[p + 1]; k++) {
            if (k > m->first[p]) fputc(',', f);
            cli_html_point(f, s->space, m->vertices[m->indices[k]]);
        }
        fputc(']', f);
    }
    fputs("],\"navmesh_walls\":[", f);
    bool first = true;
    for (int p = 0; p < polygons; p++)
        for (int k = m->first[p]; k < m->first[p + 1]; k++) {
            if (m->neighbours[k] >= 0) continue;
            int next = k + 1 < m->first[p + 1] ? k + 1 : m->first[p];
            fputs(first ? "[" : ",[", f);
            cli_html_point(f, s->space, m->vertices[m->indices[k]]);
            fputc(',', f);
            cli_html_point(f, s->space, m->vertices[m->indices[next]]);
            fputc(']', f);
            first = false;
        }
    fputc(']', f);
}

static void cli_html_scenery(FILE *f, const cli_scenario *s)
{
    const steer_obstacles *o = &s->obstacles.set;
    fputs(",\"circles\":[", f);
    for (int k = 0; k < o->circle_count; k++) {
        fputs(k ? ",[" : "[", f);
        cli_html_point(f, s->space, o->circles[k].center);
        fputc(',', f);
        cli_json_number(f, o->circles[k].radius, "%.3f");
        fputc(']', f);
    }
    fputs("],\"walls\":[", f);
    for (int k = 0; k < o->wall_count; k++) {
        fputs(k ? ",[" : "[", f);
        cli_html_point(f, s->space, o->walls[k].a);
        fputc(',', f);
        cli_html_point(f, s->space, o->walls[k].b);
        fputc(']', f);
    }
    fputs("],\"polygons\":[", f);
    for (int k = 0; k < o->polygon_count; k++) {
        fputs(k ? ",[" : "[", f);
        for (int p = 0; p < o->polygons[k].count; p++) {
            if (p) fputc(',', f);
            cli_html_point(f, s->space, o->polygons[k].points[p]);
        }
        fputc(']', f);
    }
    fputc(']', f);
}

/* Frame f: u, v, angle, force u, force v of each kept agent, then the agents that
 * jumped (wrapped or reappeared) since the previous frame. */
static void cli_html_frame(FILE *f, const cli_anim *a, int fr)
{
    fprintf(f, "%s{\"step\":%d,\"p\":[", fr ? ",\n" : "", a->frame_steps[fr]);
    for (int k = 0; k < a->agent_count; k++) {
        const cli_anim_sample *p = cli_anim_at(a, fr, k);
        if (k) fputc(',', f);
        cli_json_number(f, p->u, "%.3f");
        fputc(',', f);
        cli_json_number(f, p->v, "%.3f");
        fputc(',', f);
        cli_json_number(f, p->angle, "%.3f");
        fputc(',', f);
        cli_json_number(f, p->fu, "%.4g");
        fputc(',', f);
        cli_json_number(f, p->fv, "%.4g");
    }
    fputs("],\"jumps\":[", f);
    bool first = true;
    for (int k = 0; k < a->agent_count; k++)
        if (cli_anim_at(a, fr, k)->jump) {
            fprintf(f, "%s%d", first ? "" : ",", k);
            first = false;
        }
    fputs("]}", f);
}

static void cli_html_data(FILE *f, const cli_anim *a, const cli_run_result *result)
{
    const cli_scenario *s = a->scenario;
    static const char *const spaces[] = {"xy", "xz", "3d"};
    double u0, v0, u1, v1;
    fputs("{\"name\":", f);
    cli_json_string(f, s->name);
    fputs(",\"description\":", f);
    cli_json_string(f, s->description);
    fprintf(f, ",\"space\":\"%s\",\"dt\":", spaces[s->space]);
    cli_json_number(f, s->dt, "%.9g");
    fprintf(f, ",\"steps\":%d,\"agent_total\":%d,\"agents_shown\":%d", a->steps, s->agent_count,
            a->agent_count);
    cli_plane_coords(s->space, s->world_min, &u0, &v0);
    cli_plane_coords(s->space, s->world_max, &u1, &v1);
    fputs(",\"box\":[", f);
    cli_json_number(f, u0, "%.3f");
    fputc(',', f);
    cli_json_number(f, v0, "%.3f");
    fputc(',', f);
    cli_json_number(f, u1, "%.3f");
    fputc(',', f);
    cli_json_number(f, v1, "%.3f");
    fputc(']', f);
    if (result && result->has_flock) {
        fputs(",\"alignment\":[", f);
        cli_json_number(f, result->flock_start.local, "%.4f");
        fputc(',', f);
        cli_json_number(f, result->flock_end.local, "%.4f");
        fprintf(f, "],\"flocks\":[%d,%d]", result->flock_start.flocks, result->flock_end.flocks);
    }
    cli_html_agents(f, a);
    cli_html_targets(f, a);
    cli_html_navmesh(f, s);
    cli_html_scenery(f, s);
    fputs(",\"frames\":[\n", f);
    for (int fr = 0; fr < a->frame_count; fr++) cli_html_frame(f, a, fr);
    fputs("]}", f);
}

bool cli_html_write(const cli_anim *a, const cli_run_result *result, const char *path,
                    cli_error *err)
{
    const char *mark = strstr(cli_player_html, CLI_DATA_MARK);
    if (!mark) return cli_fail(err, CLI_EXIT_RUNTIME, "%s: the page template is broken", path);
    cli_outfile out;
    if (!cli_outfile_open(&out, path, err)) return false;
    size_t head = (size_t)(mark - cli_player_html);
    if (fwrite(cli_player_html, 1, head, out.f) != head) cli_outfile_failed(&out, errno);
    cli_html_data(out.f, a, result);
    if (fputs(mark + strlen(CLI_DATA_MARK), out.f) == EOF) cli_outfile_failed(&out, errno);
    return cli_outfile_commit(&out, err);
}
