/* SPDX-License-Identifier: MIT */
/* The animations: a GIF decodes with giflib at the animation's size with the expected
 * frame count, loops, and shows motion (its first and last frames differ where the
 * agents went); the HTML page holds the trajectory as JSON (parsed with cJSON): every
 * frame, the agents' starting positions and the last step. Files go to the working
 * directory (CTest runs this in the build tree). */
#include "test.h"

#include "cli_anim.h"
#include "cli_anim_draw.h"
#include "cli_builtins.h"

#include <cjson/cJSON.h>
#include <gif_lib.h>

/* Runs a built-in keeping its frames; the caller frees both. */
static bool run_builtin(const char *name, cli_scenario *s, cli_anim *a, cli_run_result *r)
{
    cli_error err = {0, ""};
    if (!cli_builtin_load(cli_builtin_find(name), s, &err)) return false;
    bool ok = cli_anim_init(a, s, s->steps, &err);
    cli_observer obs = {cli_anim_observe, a};
    cli_run_config c = {0, 0, false, &obs, 1, NULL, NULL};
    ok = ok && cli_run(s, &c, r, &err);
    if (!ok) fprintf(stderr, "%s\n", err.text);
    return ok;
}

/* The picture after frame `upto`, composited as a viewer would (transparent pixels keep
 * what was there), as palette colours 0xRRGGBB. */
static void composite(const GifFileType *g, int upto, unsigned *canvas)
{
    for (int i = 0; i <= upto; i++) {
        const SavedImage *im = &g->SavedImages[i];
        GraphicsControlBlock gcb = {0, false, 0, NO_TRANSPARENT_COLOR};
        DGifSavedExtensionToGCB((GifFileType *)g, i, &gcb);
        const ColorMapObject *cm = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : g->SColorMap;
        for (int y = 0; y < im->ImageDesc.Height; y++)
            for (int x = 0; x < im->ImageDesc.Width; x++) {
                int c = im->RasterBits[y * im->ImageDesc.Width + x];
                if (c == gcb.TransparentColor) continue;
                GifColorType col = cm->Colors[c];
                canvas[(y + im->ImageDesc.Top) * g->SWidth + x + im->ImageDesc.Left] =
                    (unsigned)col.Red << 16 | (unsigned)col.Green << 8 | col.Blue;
            }
    }
}

static bool has_loop_extension(const GifFileType *g)
{
    for (int k = 0; k < g->SavedImages[0].ExtensionBlockCount; k++) {
        const ExtensionBlock *e = &g->SavedImages[0].ExtensionBlocks[k];
        if (e->Function == APPLICATION_EXT_FUNC_CODE && e->ByteCount == 11 &&
            memcmp(e->Bytes, "NETSCAPE2.0", 11) == 0)
            return true;
    }
    return false;
}

static void test_gif_decodes(void)
{
    const char *path = "test_cli_anim.gif";
    cli_scenario s;
    cli_anim a;
    cli_run_result r;
    cli_error err = {0, ""};
    remove(path);
    CHECK(run_builtin("wander", &s, &a, &r));
    int expected = cli_gif_frame_count(&a);
    bool written = cli_gif_write(&a, path, false, &err);
    cli_run_result_free(&r);
    cli_anim_free(&a);
    cli_scenario_free(&s);
    CHECK_MSG(written, "%s", err.text);
    CHECK(expected >= 60 && expected <= 120);
    int error = 0;
    GifFileType *g = DGifOpenFileName(path, &error);
    CHECK(g != NULL);
    bool slurped = DGifSlurp(g) == GIF_OK;
    int w = g->SWidth, h = g->SHeight, frames = g->ImageCount;
    bool loops = slurped && frames > 0 && has_loop_extension(g);
    unsigned *first = calloc((size_t)w * (size_t)h, sizeof *first);
    unsigned *last = calloc((size_t)w * (size_t)h, sizeof *last);
    int differ = 0;
    if (slurped && first && last && frames > 1) {
        composite(g, 0, first);
        composite(g, frames - 1, last);
        for (int k = 0; k < w * h; k++) differ += first[k] != last[k];
    }
    free(first);
    free(last);
    DGifCloseFile(g, &error);
    CHECK(slurped);
    CHECK(w == CLI_ANIM_WIDTH && h == CLI_ANIM_HEIGHT);
    CHECK_MSG(frames == expected, "%d frames, expected %d", frames, expected);
    CHECK(loops);
    CHECK_MSG(differ > 5000, "only %d pixels changed from the first frame to the last", differ);
}

/* The text of the data script of the page at `path`; NULL when it has none. */
static char *page_data(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char page[1 << 22];
    size_t n = fread(page, 1, sizeof page - 1, f);
    fclose(f);
    page[n] = '\0';
    char *start = strstr(page, "<script id=\"steer-data\" type=\"application/json\">");
    if (!start) return NULL;
    start = strchr(start, '>') + 1;
    char *end = strstr(start, "</script>");
    if (!end) return NULL;
    *end = '\0';
    return start;
}

/* The page's JSON holds every kept frame, with the agents where the scenario puts them
 * at the start and the run's last step at the end. */
static void check_page(const cJSON *d, const cli_scenario *s, const cli_anim *a)
{
    const cJSON *frames = cJSON_GetObjectItem(d, "frames");
    const cJSON *agents = cJSON_GetObjectItem(d, "agents");
    CHECK(cJSON_IsArray(frames) && cJSON_IsArray(agents));
    CHECK_MSG(cJSON_GetArraySize(frames) == a->frame_count, "%d frames, expected %d",
              cJSON_GetArraySize(frames), a->frame_count);
    CHECK(cJSON_GetArraySize(agents) == s->agent_count);
    const cJSON *p0 = cJSON_GetObjectItem(cJSON_GetArrayItem(frames, 0), "p");
    CHECK(cJSON_GetArraySize(p0) == 5 * s->agent_count);
    for (int i = 0; i < s->agent_count; i++) {
        double u, v;
        cli_plane_coords(s->space, s->agents[i].agent.position, &u, &v);
        CHECK_NEAR(cJSON_GetArrayItem(p0, 5 * i)->valuedouble, u, 1e-3);
        CHECK_NEAR(cJSON_GetArrayItem(p0, 5 * i + 1)->valuedouble, v, 1e-3);
    }
    const cJSON *end = cJSON_GetArrayItem(frames, a->frame_count - 1);
    CHECK(cJSON_GetObjectItem(end, "step")->valueint == s->steps);
    CHECK(strcmp(cJSON_GetObjectItem(d, "name")->valuestring, s->name) == 0);
}

static void test_html_holds_trajectory(void)
{
    const char *path = "test_cli_anim.html";
    cli_scenario s;
    cli_anim a;
    cli_run_result r;
    cli_error err = {0, ""};
    remove(path);
    CHECK(run_builtin("arrive-leave-align-face", &s, &a, &r));
    bool written = cli_html_write(&a, &r, path, &err);
    cli_run_result_free(&r);
    char *text = written ? page_data(path) : NULL;
    cJSON *d = text ? cJSON_Parse(text) : NULL;
    if (d) check_page(d, &s, &a);
    cJSON_Delete(d);
    cli_anim_free(&a);
    cli_scenario_free(&s);
    CHECK_MSG(written, "%s", err.text);
    CHECK(text != NULL);
    CHECK(d != NULL);
}

TEST_MAIN(TEST(test_gif_decodes), TEST(test_html_holds_trajectory))
