/* SPDX-License-Identifier: MIT */
/* The pictures are valid files: the PNG has its signature and IHDR and decodes back
 * through cairo at the right size with something drawn on it; the SVG is well-formed
 * XML with an <svg> root; --forces changes the picture. Files go to the working
 * directory (CTest runs this in the build tree). */
#include "test.h"

#include "cli_builtins.h"
#include "cli_draw.h"
#include "cli_load.h"

#include <cairo.h>

static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, got;
    unsigned char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *g = realloc(buf, cap * 2 + 1);
            if (!g) break;
            buf = g;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf) buf[n] = '\0';
    *len = n;
    return buf;
}

/* Runs a built-in, recording for the picture, and writes it. */
static bool draw_builtin(const char *name, const char *path, cli_picture_format format, bool forces)
{
    cli_scenario s;
    cli_record rec;
    cli_run_result r;
    cli_error err = {0, ""};
    if (!cli_builtin_load(cli_builtin_find(name), &s, &err)) return false;
    bool ok = cli_record_init(&rec, &s, s.steps, s.seed, &err);
    cli_observer obs = {cli_record_observe, &rec};
    cli_run_config c = {0, 0, false, &obs, 1, NULL, NULL};
    ok = ok && cli_run(&s, &c, &r, &err);
    ok = ok && cli_draw_write(&rec, &r, path, format, forces, &err);
    if (!ok) fprintf(stderr, "%s\n", err.text);
    cli_run_result_free(&r);
    cli_record_free(&rec);
    cli_scenario_free(&s);
    return ok;
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Distinct colours in the map area: a blank or failed drawing has one or two. */
static int count_colours(cairo_surface_t *img)
{
    uint32_t seen[64];
    int count = 0, stride = cairo_image_surface_get_stride(img);
    const unsigned char *data = cairo_image_surface_get_data(img);
    for (int y = 20; y < 800 && count < 64; y += 3)
        for (int x = 20; x < 800 && count < 64; x += 3) {
            uint32_t px;
            memcpy(&px, data + y * stride + x * 4, 4);
            bool known = false;
            for (int k = 0; k < count && !known; k++) known = seen[k] == px;
            if (!known) seen[count++] = px;
        }
    return count;
}

static void test_png_decodes(void)
{
    const char *path = "test_cli_picture.png";
    remove(path);
    CHECK(draw_builtin("arrive-leave-align-face", path, CLI_PICTURE_PNG, false));
    size_t len = 0;
    unsigned char *png = read_all(path, &len);
    CHECK(png != NULL && len > 1000);
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    bool header_ok = memcmp(png, signature, 8) == 0 && memcmp(png + 12, "IHDR", 4) == 0 &&
                     be32(png + 16) == CLI_PICTURE_W && be32(png + 20) == CLI_PICTURE_H;
    free(png);
    CHECK(header_ok);
    cairo_surface_t *img = cairo_image_surface_create_from_png(path);
    bool decoded = cairo_surface_status(img) == CAIRO_STATUS_SUCCESS &&
                   cairo_image_surface_get_width(img) == CLI_PICTURE_W &&
                   cairo_image_surface_get_height(img) == CLI_PICTURE_H;
    int colours = decoded ? count_colours(img) : 0;
    cairo_surface_destroy(img);
    CHECK(decoded);
    CHECK_MSG(colours > 8, "only %d colours on the map", colours);
}

/* A small well-formedness check: tags nest and close, one root <svg>. */
static bool xml_well_formed(const char *text)
{
    char stack[64][32];
    int depth = 0, roots = 0;
    for (const char *p = strchr(text, '<'); p; p = strchr(p + 1, '<')) {
        if (p[1] == '?' || p[1] == '!') continue;
        const char *end = strchr(p, '>');
        if (!end) return false;
        bool closing = p[1] == '/', empty = end[-1] == '/';
        const char *name = p + (closing ? 2 : 1);
        size_t n = strcspn(name, " \t\r\n/>");
        if (n == 0 || n >= 32) return false;
        if (closing) {
            if (depth == 0 || strncmp(stack[depth - 1], name, n) != 0 || stack[depth - 1][n])
                return false;
            depth--;
        } else if (!empty) {
            if (depth == 0) roots++;
            if (depth == 64) return false;
            memcpy(stack[depth], name, n);
            stack[depth++][n] = '\0';
        }
    }
    return depth == 0 && roots == 1;
}

static void test_svg_is_xml(void)
{
    const char *path = "test_cli_picture.svg";
    remove(path);
    CHECK(draw_builtin("wander", path, CLI_PICTURE_SVG, true));
    size_t len = 0;
    char *svg = (char *)read_all(path, &len);
    CHECK(svg != NULL);
    bool ok = strncmp(svg, "<?xml", 5) == 0 && strstr(svg, "<svg") != NULL &&
              strstr(svg, "</svg>") != NULL && xml_well_formed(svg);
    free(svg);
    CHECK(ok);
    CHECK(!xml_well_formed("<svg><g></svg></g>")); /* the check itself can fail */
}

static void test_forces_are_drawn(void)
{
    size_t a_len = 0, b_len = 0;
    CHECK(draw_builtin("pursue-evade", "test_cli_plain.png", CLI_PICTURE_PNG, false));
    CHECK(draw_builtin("pursue-evade", "test_cli_forces.png", CLI_PICTURE_PNG, true));
    unsigned char *a = read_all("test_cli_plain.png", &a_len);
    unsigned char *b = read_all("test_cli_forces.png", &b_len);
    bool differ = a && b && (a_len != b_len || memcmp(a, b, a_len) != 0);
    free(a);
    free(b);
    CHECK(differ);
}

/* Pixels of the map drawn in the obstacles' fill (cli_draw_scene.c: 0.62, 0.60, 0.57). */
static int obstacle_pixels(const char *path)
{
    cairo_surface_t *img = cairo_image_surface_create_from_png(path);
    int count = 0;
    if (cairo_surface_status(img) == CAIRO_STATUS_SUCCESS) {
        int stride = cairo_image_surface_get_stride(img);
        const unsigned char *data = cairo_image_surface_get_data(img);
        for (int y = 20; y < 800; y++)
            for (int x = 20; x < 800; x++) {
                uint32_t px;
                memcpy(&px, data + y * stride + x * 4, 4);
                count += (px & 0xFFFFFFu) == (158u << 16 | 153u << 8 | 145u);
            }
    }
    cairo_surface_destroy(img);
    return count;
}

static void test_obstacles_are_drawn(void)
{
    CHECK(draw_builtin("obstacles", "test_cli_obstacles.png", CLI_PICTURE_PNG, false));
    CHECK(draw_builtin("wander", "test_cli_no_obstacles.png", CLI_PICTURE_PNG, false));
    int with = obstacle_pixels("test_cli_obstacles.png");
    int without = obstacle_pixels("test_cli_no_obstacles.png");
    /* five circles, a triangle and two boxes cover thousands of pixels */
    CHECK_MSG(with > 5000 && without == 0, "%d obstacle pixels, %d without obstacles", with,
              without);
}

/* Paths, obstacles and a 200-boid flock make valid SVG too. */
static void test_new_scenery_svg(void)
{
    static const char *const names[] = {"path-follow", "obstacles", "flock"};
    for (int k = 0; k < 3; k++) {
        CHECK(draw_builtin(names[k], "test_cli_scenery.svg", CLI_PICTURE_SVG, true));
        size_t len = 0;
        char *svg = (char *)read_all("test_cli_scenery.svg", &len);
        CHECK_MSG(svg && xml_well_formed(svg), "%s", names[k]);
        free(svg);
    }
}

/* A 3D scene's trails are coloured by height: a climber and a diver (blue and orange
 * agents) pass through green, the middle of the height ramp, which no agent colour of
 * theirs has. */
static void test_height_as_colour(void)
{
    static const char text[] =
        "{\"name\": \"climb\", \"space\": \"3d\", \"steps\": 600,"
        " \"world\": {\"min\": [-20, -20, -20], \"max\": [20, 20, 20]},"
        " \"agents\": ["
        "  {\"name\": \"up\", \"position\": [-15, -15, -10], \"velocity\": [3, 0, 0],"
        "   \"behaviours\": [{\"type\": \"arrive\", \"target\": [12, 15, 10]}]},"
        "  {\"name\": \"down\", \"position\": [15, 15, 10], \"velocity\": [0, 0, -3],"
        "   \"behaviours\": [{\"type\": \"arrive\", \"target\": [-12, -15, -10]}]}]}";
    char *copy = malloc(sizeof text); /* the loader takes it */
    CHECK(copy != NULL);
    memcpy(copy, text, sizeof text);
    cli_scenario s;
    cli_record rec;
    cli_run_result r;
    cli_error err = {0, ""};
    const char *path = "test_cli_height.png";
    CHECK_MSG(cli_load_text(&s, "climb.json", copy, sizeof text - 1, &err), "%s", err.text);
    bool ok = cli_record_init(&rec, &s, s.steps, s.seed, &err);
    cli_observer obs = {cli_record_observe, &rec};
    cli_run_config c = {0, 0, false, &obs, 1, NULL, NULL};
    ok = ok && cli_run(&s, &c, &r, &err) &&
         cli_draw_write(&rec, &r, path, CLI_PICTURE_PNG, false, &err);
    if (ok) cli_run_result_free(&r);
    cli_record_free(&rec);
    cli_scenario_free(&s);
    CHECK_MSG(ok, "%s", err.text);
    cairo_surface_t *img = cairo_image_surface_create_from_png(path);
    CHECK(cairo_surface_status(img) == CAIRO_STATUS_SUCCESS);
    int green = 0, stride = cairo_image_surface_get_stride(img);
    const unsigned char *data = cairo_image_surface_get_data(img);
    for (int y = 20; y < 800; y++)
        for (int x = 20; x < 800; x++) {
            const unsigned char *px = data + y * stride + x * 4; /* B, G, R, A */
            green += px[1] > 150 && px[2] < 90 && px[0] < 90;
        }
    cairo_surface_destroy(img);
    CHECK_MSG(green > 20, "%d green pixels", green);
}

/* The run keeps each wanderer's final circle angle for the picture; other agents have
 * none. */
static bool wander_noted(const char *name, int agent, float *angle)
{
    cli_scenario s;
    cli_run_result r;
    cli_error err = {0, ""};
    bool has = false;
    if (!cli_builtin_load(cli_builtin_find(name), &s, &err)) return false;
    cli_run_config c = {0, 0, false, NULL, 0, NULL, NULL};
    if (cli_run(&s, &c, &r, &err)) {
        has = r.agents[agent].has_wander;
        *angle = r.agents[agent].wander_angle;
        cli_run_result_free(&r);
    }
    cli_scenario_free(&s);
    return has;
}

static void test_wander_circle_noted(void)
{
    float angle = 99;
    CHECK(wander_noted("wander", 0, &angle));
    CHECK(angle >= -3.15f && angle <= 3.15f && angle != 0.0f);
    CHECK(!wander_noted("wander-seek", 0, &angle)); /* by random target: no circle */
}

TEST_MAIN(TEST(test_png_decodes), TEST(test_wander_circle_noted), TEST(test_height_as_colour),
          TEST(test_svg_is_xml), TEST(test_forces_are_drawn), TEST(test_obstacles_are_drawn),
          TEST(test_new_scenery_svg))
