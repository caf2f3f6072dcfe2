/* cli_draw_scene.c - the scenery under the trails: the grid's walls and cells. */
#include "cli_draw.h"

#include <math.h>

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

static void cli_draw_grid_map(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    cli_draw_cells(cr, view, s, false);
    cairo_set_source_rgb(cr, 0.86, 0.86, 0.84);
    cairo_set_line_width(cr, 0.6);
    cairo_stroke(cr);
    cli_draw_cells(cr, view, s, true);
    cairo_set_source_rgb(cr, 0.42, 0.40, 0.38);
    cairo_fill(cr);
}

void cli_draw_scenery(cairo_t *cr, const cli_view *view, const cli_scenario *s)
{
    cairo_save(cr);
    if (s->grid.present) cli_draw_grid_map(cr, view, s);
    cairo_restore(cr);
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
    return n;
}
