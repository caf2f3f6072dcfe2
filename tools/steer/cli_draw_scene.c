/* SPDX-License-Identifier: MIT */
/* cli_draw_scene.c - the scenery under the trails: the grid's walls and cells, the
 * obstacles, and the paths with their corridors. */
#include "cli_draw.h"

#include "cli_behaviour.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CLI_PI 3.14159265358979323846

/* A cell's corners in the picture (rows go down the picture: cli_grid_map). */
static void cli_cell_rect(const cli_view *view, const cli_scenario *s, int cx, int cy, double *x,
                          double *y, double *size)
{
    const steer_grid_frame *f = &s->grid.frame;
    double ou, ov;
    cli_plane_coords(s->space, f->origin, &ou, &ov);
    cli_view_point(view, ou + cx * (double)f->cell_size, ov - cy * (double)f->cell_size, x, y);
    *size = f->cell_size * view->scale;
}

static void cli_draw_cells(cairo_t *cr, const cli_view *view, const cli_scenario *s, bool walls)
{
    const steer_grid *g = &s->grid.grid;
    for (int cy = 0; cy < g->height; cy++)
        for (int cx = 0; cx < g->width; cx++) {
            if (steer_grid_is_free(g, steer_cell_make(cx, cy)) == walls) continue;
            double x, y, size;
            cli_cell_rect(view, s, cx, cy, &x, &y, &size);
            cairo_rectangle(cr, x, y, size, size);
        }
}

/* A map whose cells would be drawn smaller than CLI_CELL_PIXELS, or that has more than
 * CLI_CELL_SHAPES cells, is drawn as a bitmap of at most CLI_BITMAP_SIDE pixels a side:
 * one shape per cell would take cairo gigabytes (a 3000 x 3000 map ran out of memory),
 * and such cells are too small to tell apart anyway. Each pixel of the bitmap is as
 * dark as the share of walls among the cells it covers; free cells are not outlined. */
#define CLI_CELL_PIXELS 3.0
#define CLI_CELL_SHAPES 250000
#define CLI_BITMAP_SIDE 1024

static bool cli_grid_as_bitmap(const cli_view *view, const cli_scenario *s)
{
    const steer_grid *g = &s->grid.grid;
    return s->grid.frame.cell_size * view->scale < CLI_CELL_PIXELS ||
           (double)g->width * g->height > CLI_CELL_SHAPES;
}

/* The walls' shares, one byte a pixel, into an A8 surface of bw x bh pixels. */
static bool cli_fill_wall_bitmap(cairo_surface_t *img, const steer_grid *g, int bw, int bh)
{
    unsigned *walls = calloc((size_t)bw * (size_t)bh, sizeof *walls);
    if (!walls) return false;
    for (int cy = 0; cy < g->height; cy++)
        for (int cx = 0; cx < g->width; cx++)
            if (!steer_grid_is_free(g, steer_cell_make(cx, cy)))
                walls[(size_t)((long long)cy * bh / g->height) * (size_t)bw +
                      (size_t)((long long)cx * bw / g->width)]++;
    cairo_surface_flush(img);
    unsigned char *data = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
    for (int by = 0; by < bh; by++)
        for (int bx = 0; bx < bw; bx++) {
            /* cells this pixel covers: the spans of the two divisions above */
            long long w = ((long long)(bx + 1) * g->width + bw - 1) / bw -
                          ((long long)bx * g->width + bw - 1) / bw;
            long long h = ((long long)(by + 1) * g->height + bh - 1) / bh -
                          ((long long)by * g->height + bh - 1) / bh;
            unsigned n = walls[(size_t)by * (size_t)bw + (size_t)bx];
            data[(size_t)by * (size_t)stride + (size_t)bx] =
                w * h > 0 ? (unsigned char)(255 * (long long)n / (w * h)) : 0;
        }
    cairo_surface_mark_dirty(img);
    free(walls);
    return true;
}

static void cli_draw_grid_bitmap(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    const steer_grid *g = &s->grid.grid;
    int bw = g->width < CLI_BITMAP_SIDE ? g->width : CLI_BITMAP_SIDE;
    int bh = g->height < CLI_BITMAP_SIDE ? g->height : CLI_BITMAP_SIDE;
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_A8, bw, bh);
    if (cairo_surface_status(img) == CAIRO_STATUS_SUCCESS && cli_fill_wall_bitmap(img, g, bw, bh)) {
        double x, y, size;
        cli_cell_rect(view, s, 0, 0, &x, &y, &size);
        cairo_save(cr);
        cairo_translate(cr, x, y);
        cairo_scale(cr, g->width * size / bw, g->height * size / bh);
        cairo_set_source_rgb(cr, 0.42, 0.40, 0.38);
        cairo_mask_surface(cr, img, 0, 0);
        cairo_restore(cr);
    }
    cairo_surface_destroy(img);
}

static void cli_draw_grid_map(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    if (cli_grid_as_bitmap(view, s)) {
        cli_draw_grid_bitmap(cr, view, s);
        return;
    }
    cli_draw_cells(cr, view, s, false);
    cairo_set_source_rgb(cr, 0.86, 0.86, 0.84);
    cairo_set_line_width(cr, 0.6);
    cairo_stroke(cr);
    cli_draw_cells(cr, view, s, true);
    cairo_set_source_rgb(cr, 0.42, 0.40, 0.38);
    cairo_fill(cr);
}

/* ---- obstacles: solid shapes filled, walls as thick lines ----------------------------- */

static void cli_move_or_line(cairo_t *cr, const cli_view *view, steer_space space, steer_vec3 p,
                             bool move)
{
    double u, v, x, y;
    cli_plane_coords(space, p, &u, &v);
    cli_view_point(view, u, v, &x, &y);
    if (move)
        cairo_move_to(cr, x, y);
    else
        cairo_line_to(cr, x, y);
}

static void cli_draw_obstacles(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    const steer_obstacles *o = &s->obstacles.set;
    for (int k = 0; k < o->circle_count; k++) {
        double u, v, x, y;
        cli_plane_coords(s->space, o->circles[k].center, &u, &v);
        cli_view_point(view, u, v, &x, &y);
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y, o->circles[k].radius * view->scale, 0, 2 * CLI_PI);
    }
    for (int k = 0; k < o->polygon_count; k++) {
        for (int p = 0; p < o->polygons[k].count; p++)
            cli_move_or_line(cr, view, s->space, o->polygons[k].points[p], p == 0);
        cairo_close_path(cr);
    }
    cairo_set_source_rgb(cr, 0.62, 0.60, 0.57);
    cli_fill_outlined(cr, 0.30, 0.29, 0.27, 1.2);
    for (int k = 0; k < o->wall_count; k++) {
        cli_move_or_line(cr, view, s->space, o->walls[k].a, true);
        cli_move_or_line(cr, view, s->space, o->walls[k].b, false);
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_width(cr, 5.0);
    cairo_stroke(cr);
}

/* ---- the navmesh: walkable polygons pale with their shared edges thin, walls dark ---- */

static void cli_draw_navmesh(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    const steer_navmesh *m = &s->navmesh.mesh;
    for (int p = 0; p < m->polygon_count; p++) {
        for (int k = m->first[p]; k < m->first[p + 1]; k++)
            cli_move_or_line(cr, view, s->space, m->vertices[m->indices[k]], k == m->first[p]);
        cairo_close_path(cr);
    }
    cairo_set_source_rgb(cr, 0.93, 0.95, 0.90);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.78, 0.82, 0.74);
    cairo_set_line_width(cr, 0.8);
    cairo_stroke(cr);
    for (int p = 0; p < m->polygon_count; p++)
        for (int k = m->first[p]; k < m->first[p + 1]; k++) {
            if (m->neighbours[k] >= 0) continue;
            int next = k + 1 < m->first[p + 1] ? k + 1 : m->first[p];
            cli_move_or_line(cr, view, s->space, m->vertices[m->indices[k]], true);
            cli_move_or_line(cr, view, s->space, m->vertices[m->indices[next]], false);
        }
    cairo_set_source_rgb(cr, 0.30, 0.29, 0.27);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_width(cr, 2.5);
    cairo_stroke(cr);
}

/* ---- paths: the corridor (radius) as a pale band, the centre line, the waypoints ------- */

static void cli_trace_path(cairo_t *cr, const cli_view *view, steer_space space,
                           const steer_path *p)
{
    for (int k = 0; k < p->count; k++) cli_move_or_line(cr, view, space, p->nodes[k].point, k == 0);
    if (p->closed) cairo_close_path(cr);
}

static void cli_draw_path(cairo_t *cr, const cli_view *view, const cli_scenario *s,
                          const cli_path *p)
{
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cli_trace_path(cr, view, s->space, &p->path);
    cairo_set_source_rgba(cr, 0.55, 0.70, 0.85, 0.28);
    cairo_set_line_width(cr, fmax(2.0 * p->path.radius * view->scale, 2.0));
    cairo_stroke(cr);
    double dash[] = {7.0, 5.0};
    cli_trace_path(cr, view, s->space, &p->path);
    cairo_set_source_rgb(cr, 0.25, 0.40, 0.55);
    cairo_set_line_width(cr, 1.3);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    for (int k = 0; k < p->waypoint_count; k++) { /* waypoints: small diamonds */
        double u, v, x, y;
        cli_plane_coords(s->space, p->waypoints[k], &u, &v);
        cli_view_point(view, u, v, &x, &y);
        cairo_move_to(cr, x, y - 5);
        cairo_line_to(cr, x + 5, y);
        cairo_line_to(cr, x, y + 5);
        cairo_line_to(cr, x - 5, y);
        cairo_close_path(cr);
    }
    cairo_set_source_rgb(cr, 1, 1, 1);
    cli_fill_outlined(cr, 0.25, 0.40, 0.55, 1.5);
    double u, v, x, y;
    cli_plane_coords(s->space, p->waypoints[0], &u, &v);
    cli_view_point(view, u, v, &x, &y);
    cli_text(cr, x + 8, y - 8, 12, true, p->name);
}

/* The regions of contain behaviours, dashed. */
static void cli_draw_regions(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    int kind = cli_behaviour_kind_find("contain");
    double dash[] = {3.0, 4.0};
    for (int i = 0; i < s->agent_count; i++)
        for (int k = 0; k < s->agents[i].behaviour_count; k++) {
            const cli_behaviour *b = &s->agents[i].behaviours[k];
            double u0, v0, u1, v1, x0, y0, x1, y1;
            if (b->kind != kind) continue;
            if (b->has_center) {
                cli_plane_coords(s->space, b->center, &u0, &v0);
                cli_view_point(view, u0, v0, &x0, &y0);
                cairo_new_sub_path(cr);
                cairo_arc(cr, x0, y0, b->radius * view->scale, 0, 2 * CLI_PI);
            } else {
                cli_plane_coords(s->space, b->region_min, &u0, &v0);
                cli_plane_coords(s->space, b->region_max, &u1, &v1);
                cli_view_point(view, u0, v0, &x0, &y0);
                cli_view_point(view, u1, v1, &x1, &y1);
                cairo_rectangle(cr, x0, y1, x1 - x0, y0 - y1);
            }
        }
    cairo_set_source_rgb(cr, 0.35, 0.55, 0.35);
    cairo_set_line_width(cr, 1.5);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

void cli_draw_scenery(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    cairo_save(cr);
    if (s->grid.present) cli_draw_grid_map(cr, view, s);
    cli_draw_regions(cr, view, s);
    if (s->navmesh.present) cli_draw_navmesh(cr, view, s);
    for (int k = 0; k < s->path_count; k++) cli_draw_path(cr, view, s, &s->paths[k]);
    cli_draw_obstacles(cr, view, s);
    cairo_restore(cr);
}

/* Grows the box lo..hi (in the plane) by the point p padded by r. */
static void cli_grow_box(steer_space space, steer_vec3 p, double r, double *lo_u, double *lo_v,
                         double *hi_u, double *hi_v)
{
    double u, v;
    cli_plane_coords(space, p, &u, &v);
    *lo_u = fmin(*lo_u, u - r);
    *lo_v = fmin(*lo_v, v - r);
    *hi_u = fmax(*hi_u, u + r);
    *hi_v = fmax(*hi_v, v + r);
}

int cli_scenery_points(const cli_scenario *s, double *u, double *v, int capacity)
{
    int n = 0;
    if (s->grid.present && n + 2 <= capacity) {
        const steer_grid_frame *f = &s->grid.frame;
        cli_plane_coords(s->space, f->origin, &u[n], &v[n]);
        u[n + 1] = u[n] + s->grid.grid.width * (double)f->cell_size;
        v[n + 1] = v[n] - s->grid.grid.height * (double)f->cell_size;
        n += 2;
    }
    /* the obstacles and paths, as the two corners of the box around them */
    double lo_u = INFINITY, lo_v = INFINITY, hi_u = -INFINITY, hi_v = -INFINITY;
    const steer_obstacles *o = &s->obstacles.set;
    for (int k = 0; k < o->circle_count; k++)
        cli_grow_box(s->space, o->circles[k].center, o->circles[k].radius, &lo_u, &lo_v, &hi_u,
                     &hi_v);
    for (int k = 0; k < o->wall_count; k++) {
        cli_grow_box(s->space, o->walls[k].a, 0, &lo_u, &lo_v, &hi_u, &hi_v);
        cli_grow_box(s->space, o->walls[k].b, 0, &lo_u, &lo_v, &hi_u, &hi_v);
    }
    for (int k = 0; k < o->polygon_count; k++)
        for (int p = 0; p < o->polygons[k].count; p++)
            cli_grow_box(s->space, o->polygons[k].points[p], 0, &lo_u, &lo_v, &hi_u, &hi_v);
    for (int k = 0; k < s->path_count; k++)
        for (int p = 0; p < s->paths[k].path.count; p++)
            cli_grow_box(s->space, s->paths[k].path.nodes[p].point, s->paths[k].path.radius, &lo_u,
                         &lo_v, &hi_u, &hi_v);
    if (lo_u <= hi_u && n + 2 <= capacity) {
        u[n] = lo_u;
        v[n] = lo_v;
        u[n + 1] = hi_u;
        v[n + 1] = hi_v;
        n += 2;
    }
    return n;
}
