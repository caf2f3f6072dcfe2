/* SPDX-License-Identifier: MIT */
/* The grid type, world mapping and the text map loader, including its error reports. */
#include "steer/steer.h"
#include "test.h"

#include <float.h>
#include <limits.h>
#include <stdlib.h>

static steer_grid load(const char *text, uint8_t *cells, size_t cap, steer_grid_error *err)
{
    steer_grid g;
    steer_grid_from_text(&g, cells, cap, text, strlen(text), err);
    return g;
}

static void test_grid_init_and_bounds(void)
{
    uint8_t cells[12];
    steer_grid g;
    CHECK(steer_grid_init(&g, 4, 3, cells, sizeof cells));
    CHECK(steer_grid_in_bounds(&g, steer_cell_make(3, 2)));
    CHECK(!steer_grid_in_bounds(&g, steer_cell_make(4, 0)));
    CHECK(!steer_grid_in_bounds(&g, steer_cell_make(0, -1)));
    steer_grid_set_wall(&g, steer_cell_make(1, 1), true);
    steer_grid_set_wall(&g, steer_cell_make(9, 9), true); /* ignored */
    CHECK(!steer_grid_is_free(&g, steer_cell_make(1, 1)));
    CHECK(!steer_grid_is_free(&g, steer_cell_make(-1, 0)));
    CHECK(steer_grid_cell_index(&g, steer_cell_make(2, 1)) == 6);
    CHECK(!steer_grid_init(&g, 5, 3, cells, sizeof cells)); /* too small */
    CHECK(g.width == 0 && !steer_grid_is_free(&g, steer_cell_make(0, 0)));
    CHECK(!steer_grid_init(&g, 0, 3, cells, sizeof cells));
    CHECK(!steer_grid_init(&g, 3, 3, NULL, 9));
    CHECK(steer_grid_cells_needed(STEER_GRID_MAX_SIDE + 1, 1) == 0);
}

static void test_grid_no_corner_cutting(void)
{
    uint8_t cells[64];
    steer_grid_error err;
    steer_grid g = load("...\n.#.\n...\n", cells, sizeof cells, &err);
    steer_cell c00 = steer_cell_make(0, 0);
    CHECK(steer_grid_can_step(&g, c00, 1, 0, STEER_MOVES_4));
    CHECK(!steer_grid_can_step(&g, c00, 1, 1, STEER_MOVES_8));                   /* onto the wall */
    CHECK(!steer_grid_can_step(&g, steer_cell_make(1, 0), 1, 1, STEER_MOVES_8)); /* corner */
    CHECK(!steer_grid_can_step(&g, steer_cell_make(2, 0), 0, -1, STEER_MOVES_8)); /* outside */
    CHECK(!steer_grid_can_step(&g, steer_cell_make(1, 0), 2, 0, STEER_MOVES_8));
    uint8_t open[9];
    steer_grid o;
    CHECK(steer_grid_init(&o, 3, 3, open, sizeof open));
    CHECK(steer_grid_can_step(&o, c00, 1, 1, STEER_MOVES_8));
    CHECK(!steer_grid_can_step(&o, c00, 1, 1, STEER_MOVES_4));
}

static void test_grid_world_mapping(void)
{
    steer_grid_frame f = steer_grid_frame_default();
    f.origin = steer_v3(10.0f, 5.0f, -2.0f);
    f.cell_size = 2.0f;
    steer_vec3 p = steer_grid_cell_center(&f, steer_cell_make(3, 1));
    CHECK_NEAR(p.x, 17.0f, 1e-6);
    CHECK_NEAR(p.y, 8.0f, 1e-6);
    CHECK_NEAR(p.z, -2.0f, 1e-6);
    CHECK(steer_cell_eq(steer_grid_world_to_cell(&f, p), steer_cell_make(3, 1)));
    f.plane = STEER_SPACE_XZ;
    p = steer_grid_cell_center(&f, steer_cell_make(3, 1));
    CHECK_NEAR(p.y, 5.0f, 1e-6);
    CHECK_NEAR(p.z, 1.0f, 1e-6);
    CHECK(steer_cell_eq(steer_grid_world_to_cell(&f, p), steer_cell_make(3, 1)));
    CHECK(steer_cell_eq(steer_grid_world_to_cell(&f, steer_v3(9.9f, 0, -2.1f)),
                        steer_cell_make(-1, -1)));
    steer_cell nan_cell = steer_grid_world_to_cell(&f, steer_v3(NAN, 0, 0));
    CHECK(nan_cell.x < -1000000);
    f.cell_size = -1.0f; /* read as 1 */
    p = steer_grid_cell_center(&f, steer_cell_make(0, 0));
    CHECK_NEAR(p.x, 10.5f, 1e-6);
    steer_cell path[3] = {{0, 0}, {1, 0}, {1, 1}};
    steer_vec3 pts[2];
    CHECK(steer_grid_path_to_points(NULL, path, 3, pts, 2) == 2);
    CHECK_NEAR(pts[1].x, 1.5f, 1e-6);
    CHECK_NEAR(pts[1].y, 0.5f, 1e-6);
    CHECK(steer_grid_path_to_points(NULL, NULL, 3, pts, 2) == 0);
    /* The ready-made polyline path: 3 waypoints, 2 cells long. */
    steer_path poly;
    steer_path_node nodes[3];
    steer_vec3 scratch[3];
    CHECK(steer_grid_path_build(&poly, nodes, 3, scratch, NULL, path, 3, 0.5f) == 3);
    CHECK_NEAR(steer_path_length(&poly), 2.0f, 1e-5);
    CHECK_NEAR(nodes[2].point.y, 1.5f, 1e-6);
    CHECK(steer_grid_path_build(&poly, nodes, 3, scratch, NULL, NULL, 3, 0.5f) == 0);
}

/* Far cells with a large cell size, or an origin near FLT_MAX, passed the float range
 * (inf): the centre is held at +-FLT_MAX, and maps back to a cell as far off on the same
 * side (FLT_MAX / 1e30 = 3.4e8), or to none (INT_MIN / 2). */
static void test_grid_world_far_cells(void)
{
    steer_grid_frame f = steer_grid_frame_default();
    f.cell_size = 1e30f;
    const steer_cell far[3] = {{INT_MAX, INT_MIN}, {INT_MIN, 0}, {1000000000, -1000000000}};
    for (int plane = 0; plane < 3; plane++) {
        f.plane = (steer_space)plane;
        for (int i = 0; i < 3; i++) {
            steer_vec3 p = steer_grid_cell_center(&f, far[i]);
            CHECK_MSG(steer_v3_is_finite(p), "plane %d cell %d", plane, i);
            CHECK(p.x == (far[i].x > 0 ? FLT_MAX : -FLT_MAX));
            steer_cell back = steer_grid_world_to_cell(&f, p);
            CHECK(back.x == INT_MIN / 2 ||
                  ((back.x > 0) == (far[i].x > 0) && (back.x > 300000000 || back.x < -300000000)));
        }
    }
    f.cell_size = 1.0f;
    f.origin = steer_v3(FLT_MAX, -FLT_MAX, FLT_MAX);
    steer_vec3 p = steer_grid_cell_center(&f, steer_cell_make(INT_MAX, INT_MIN));
    CHECK(p.x == FLT_MAX && p.y == -FLT_MAX && p.z == FLT_MAX);
}

static void test_load_good_maps(void)
{
    uint8_t cells[64];
    steer_grid_error err;
    const char *text = "; a comment\r\n#..#\r\n....\r\n.##.\r\n\r\n\n";
    int w = 0, h = 0;
    CHECK(steer_grid_text_size(text, strlen(text), &w, &h, &err));
    CHECK(w == 4 && h == 3);
    steer_grid g = load(text, cells, sizeof cells, &err);
    CHECK(g.width == 4 && g.height == 3);
    CHECK(!steer_grid_is_free(&g, steer_cell_make(0, 0)));
    CHECK(steer_grid_is_free(&g, steer_cell_make(1, 0)));
    CHECK(!steer_grid_is_free(&g, steer_cell_make(2, 2)));
    CHECK(steer_grid_is_free(&g, steer_cell_make(3, 2)));
    g = load("..#", cells, sizeof cells, &err); /* no final newline */
    CHECK(g.width == 3 && g.height == 1 && !steer_grid_is_free(&g, steer_cell_make(2, 0)));
}

/* Load `text`, expect failure at (line, column) with `needle` in the message. */
static bool fails_at(const char *text, int line, int column, const char *needle)
{
    uint8_t cells[64];
    steer_grid_error err = {-1, -1, ""};
    steer_grid g = load(text, cells, sizeof cells, &err);
    bool ok = g.width == 0 && g.cells == NULL && err.line == line && err.column == column &&
              strstr(err.message, needle) != NULL;
    if (!ok) fprintf(stderr, "  got %d:%d: %s\n", err.line, err.column, err.message);
    return ok;
}

static void test_load_errors_have_line_and_column(void)
{
    CHECK(fails_at("...\n.x.\n", 2, 2, "found 'x', expected '.' (free) or '#' (wall)"));
    CHECK(fails_at("; c\n....\n..\n", 3, 3,
                   "row ends after 2 cells, expected 4 (the width of line 2)"));
    CHECK(fails_at("..\n...\n", 2, 3, "longer than 2 cells"));
    CHECK(fails_at("..\n\n..\n", 2, 1, "blank line inside the map"));
    CHECK(fails_at("", 0, 0, "empty map"));
    CHECK(fails_at("; only a comment\n\n", 0, 0, "empty map"));
    CHECK(fails_at("..\t.\n", 1, 3, "byte 0x09"));
    CHECK(fails_at(".. \n", 1, 3, "found ' '"));
    uint8_t small[4];
    steer_grid g;
    steer_grid_error err;
    CHECK(!steer_grid_from_text(&g, small, sizeof small, "...\n...\n", 8, &err));
    CHECK(strstr(err.message, "needs 3 x 2") != NULL);
    char buf[200];
    CHECK(fails_at("..\n.?\n", 2, 2, "'?'"));
    err.line = 2, err.column = 2;
    snprintf(err.message, sizeof err.message, "boom");
    CHECK(strcmp(steer_grid_error_format(&err, "a.map", buf, sizeof buf), "a.map:2:2: boom") == 0);
    err.line = 0;
    CHECK(strcmp(steer_grid_error_format(&err, "a.map", buf, sizeof buf), "a.map: boom") == 0);
}

static void test_load_file(void)
{
    const char *path = "test_grid_load_tmp.map";
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    fputs("#.#\n...\n.#\n", f);
    fclose(f);
    steer_grid g;
    steer_grid_error err;
    CHECK(!steer_grid_load_file(&g, path, &err));
    CHECK(err.line == 3 && err.column == 3 && g.cells == NULL);
    f = fopen(path, "wb");
    CHECK(f != NULL);
    fputs("#.#\n...\n.#.\n", f);
    fclose(f);
    CHECK(steer_grid_load_file(&g, path, &err));
    CHECK(g.width == 3 && g.height == 3 && !steer_grid_is_free(&g, steer_cell_make(1, 2)));
    free(g.cells);
    remove(path);
    CHECK(!steer_grid_load_file(&g, "no/such/file.map", &err));
    CHECK(err.line == 0 && strstr(err.message, "cannot open") != NULL);
}

TEST_MAIN(TEST(test_grid_init_and_bounds), TEST(test_grid_no_corner_cutting),
          TEST(test_grid_world_mapping), TEST(test_grid_world_far_cells), TEST(test_load_good_maps),
          TEST(test_load_errors_have_line_and_column), TEST(test_load_file))
