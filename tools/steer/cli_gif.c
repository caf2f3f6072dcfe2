/* SPDX-License-Identifier: MIT */
/* cli_gif.c - the animation as a GIF through giflib.
 *
 * Frames are drawn with cairo in full colour, then mapped to one palette for the whole
 * animation: the agents' own colours and the scene's (background, grid, scenery,
 * text) first, then the most frequent other colours of a few frames, 255 in all.
 * Index 255 is transparent: each frame after the first stores only the box of pixels
 * that changed, the unchanged ones inside it transparent, which LZW packs tightly.
 */
#include "cli_anim.h"
#include "cli_anim_draw.h"
#include "cli_outfile.h"

#include <errno.h>
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

#define CLI_GIF_FRAMES  120 /* at most */
#define CLI_GIF_COLOURS 255 /* and one transparent index */
#define CLI_GIF_CLEAR   255
#define CLI_GIF_BUCKETS 32768 /* colours reduced to 5 bits a channel */

int cli_gif_frame_count(const cli_anim *a)
{
    int every = (a->frame_count + CLI_GIF_FRAMES - 1) / CLI_GIF_FRAMES;
    if (every < 1) every = 1;
    return a->frame_count == 0 ? 0 : (a->frame_count - 1 + every - 1) / every + 1;
}

/* Anim frame of GIF frame g: evenly spread, the last one always shown. */
static int cli_gif_source_frame(const cli_anim *a, int g, int count)
{
    if (count <= 1) return a->frame_count - 1;
    return (int)((long long)g * (a->frame_count - 1) / (count - 1));
}

typedef struct cli_gif_palette {
    GifColorType colours[256];
    int count;
    short lut[CLI_GIF_BUCKETS]; /* bucket -> palette index, -1 not yet looked up */
} cli_gif_palette;

static int cli_bucket(unsigned rgb)
{
    return (int)(((rgb >> 19) & 31) << 10 | ((rgb >> 11) & 31) << 5 | ((rgb >> 3) & 31));
}

static void cli_palette_add(cli_gif_palette *p, unsigned rgb)
{
    for (int k = 0; k < p->count; k++)
        if (((unsigned)p->colours[k].Red << 16 | (unsigned)p->colours[k].Green << 8 |
             p->colours[k].Blue) == rgb)
            return;
    if (p->count >= CLI_GIF_COLOURS) return;
    p->colours[p->count++] =
        (GifColorType){(GifByteType)(rgb >> 16), (GifByteType)(rgb >> 8), (GifByteType)rgb};
}

/* Pixel counts per bucket, and each bucket's mean colour. */
typedef struct cli_gif_histogram {
    unsigned count[CLI_GIF_BUCKETS];
    double sum[CLI_GIF_BUCKETS][3];
} cli_gif_histogram;

static void cli_histogram_add(cli_gif_histogram *h, cairo_surface_t *img)
{
    unsigned char *data = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
    for (int y = 0; y < CLI_ANIM_HEIGHT; y++)
        for (int x = 0; x < CLI_ANIM_WIDTH; x++) {
            unsigned rgb =
                *(uint32_t *)(data + (size_t)y * (size_t)stride + (size_t)x * 4) & 0xFFFFFFu;
            int b = cli_bucket(rgb);
            h->count[b]++;
            h->sum[b][0] += (rgb >> 16) & 255;
            h->sum[b][1] += (rgb >> 8) & 255;
            h->sum[b][2] += rgb & 255;
        }
}

/* The most frequent buckets not yet near a palette colour, until the palette is full. */
static void cli_palette_fill(cli_gif_palette *p, cli_gif_histogram *h)
{
    while (p->count < CLI_GIF_COLOURS) {
        int best = -1;
        for (int b = 0; b < CLI_GIF_BUCKETS; b++)
            if (h->count[b] && (best < 0 || h->count[b] > h->count[best])) best = b;
        if (best < 0) return;
        double n = h->count[best];
        unsigned rgb = (unsigned)(h->sum[best][0] / n + 0.5) << 16 |
                       (unsigned)(h->sum[best][1] / n + 0.5) << 8 |
                       (unsigned)(h->sum[best][2] / n + 0.5);
        cli_palette_add(p, rgb);
        h->count[best] = 0;
    }
}

static int cli_palette_nearest(const cli_gif_palette *p, int bucket)
{
    int r = (bucket >> 10 & 31) << 3 | 4, g = (bucket >> 5 & 31) << 3 | 4,
        b = (bucket & 31) << 3 | 4;
    int best = 0, best_d = 1 << 30;
    for (int k = 0; k < p->count; k++) {
        int dr = p->colours[k].Red - r, dg = p->colours[k].Green - g, db = p->colours[k].Blue - b;
        int d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
        if (d < best_d) best_d = d, best = k;
    }
    return best;
}

static GifByteType cli_palette_index(cli_gif_palette *p, unsigned rgb)
{
    int b = cli_bucket(rgb);
    if (p->lut[b] < 0) p->lut[b] = (short)cli_palette_nearest(p, b);
    return (GifByteType)p->lut[b];
}

/* Writing through the outfile, which keeps why a write failed. */
static int cli_gif_out(GifFileType *gif, const GifByteType *data, int length)
{
    cli_outfile *out = gif->UserData;
    if (fwrite(data, 1, (size_t)length, out->f) == (size_t)length) return length;
    cli_outfile_failed(out, errno);
    return 0;
}

typedef struct cli_gif_job {
    const cli_anim *anim;
    cli_view view;
    bool forces;
    cairo_surface_t *background, *frame;
    GifByteType *now, *before; /* palette indices of this frame and the previous one */
    cli_gif_palette *palette;
    GifFileType *gif;
} cli_gif_job;

static void cli_gif_render(cli_gif_job *j, int f)
{
    cairo_t *cr = cairo_create(j->frame);
    cairo_set_source_surface(cr, j->background, 0, 0);
    cairo_paint(cr);
    cli_anim_draw_frame(cr, j->anim, &j->view, f, j->forces);
    cairo_destroy(cr);
    cairo_surface_flush(j->frame);
}

static void cli_gif_choose_palette(cli_gif_job *j, cli_gif_histogram *h)
{
    cli_gif_palette *p = j->palette;
    static const unsigned fixed[] = {0xFFFFFF, 0x1A1A1A, 0xFBFBF9, 0xE6E6E0, 0x737373, 0x404040};
    memset(p->lut, 0xFF, sizeof p->lut);
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) cli_palette_add(p, fixed[k]);
    for (int k = 0; k < j->anim->agent_count && p->count < 128; k++)
        cli_palette_add(p, cli_anim_colour(j->anim, k));
    int count = cli_gif_frame_count(j->anim);
    for (int g = 0; g < 4; g++) {
        cli_gif_render(j, cli_gif_source_frame(j->anim, (count - 1) * (g + 1) / 4, count));
        cli_histogram_add(h, j->frame);
    }
    cli_palette_fill(p, h);
    while (p->count < 256) p->colours[p->count++] = (GifColorType){255, 255, 255};
}

static void cli_gif_index(cli_gif_job *j)
{
    unsigned char *data = cairo_image_surface_get_data(j->frame);
    int stride = cairo_image_surface_get_stride(j->frame);
    for (int y = 0; y < CLI_ANIM_HEIGHT; y++)
        for (int x = 0; x < CLI_ANIM_WIDTH; x++)
            j->now[y * CLI_ANIM_WIDTH + x] = cli_palette_index(
                j->palette,
                *(uint32_t *)(data + (size_t)y * (size_t)stride + (size_t)x * 4) & 0xFFFFFFu);
}

/* The box of pixels that differ from the previous frame (the whole picture at first). */
static void cli_gif_changed(const cli_gif_job *j, bool first, int box[4])
{
    box[0] = CLI_ANIM_WIDTH, box[1] = CLI_ANIM_HEIGHT, box[2] = -1, box[3] = -1;
    for (int y = 0; y < CLI_ANIM_HEIGHT; y++)
        for (int x = 0; x < CLI_ANIM_WIDTH; x++) {
            if (!first && j->now[y * CLI_ANIM_WIDTH + x] == j->before[y * CLI_ANIM_WIDTH + x])
                continue;
            box[0] = x < box[0] ? x : box[0];
            box[1] = y < box[1] ? y : box[1];
            box[2] = x > box[2] ? x : box[2];
            box[3] = y > box[3] ? y : box[3];
        }
    if (box[2] < 0) box[0] = box[1] = box[2] = box[3] = 0; /* nothing moved: one clear pixel */
}

/* Frames last about as long as the run's time they show, between 1/25 and 1/10 s; the
 * last one holds for two seconds. */
static int cli_gif_delay(const cli_gif_job *j, int g, int count)
{
    if (g == count - 1) return 200;
    const cli_anim *a = j->anim;
    double seconds = (double)a->steps * a->scenario->dt / (count > 1 ? count - 1 : 1);
    int cs = (int)(seconds * 100 + 0.5);
    return cs < 4 ? 4 : cs > 10 ? 10 : cs;
}

static bool cli_gif_put_frame(cli_gif_job *j, int g, int count)
{
    int box[4];
    cli_gif_changed(j, g == 0, box);
    GraphicsControlBlock gcb = {DISPOSE_DO_NOT, false, cli_gif_delay(j, g, count),
                                g == 0 ? NO_TRANSPARENT_COLOR : CLI_GIF_CLEAR};
    GifByteType ext[4];
    size_t n = EGifGCBToExtension(&gcb, ext);
    int w = box[2] - box[0] + 1, h = box[3] - box[1] + 1;
    if (EGifPutExtension(j->gif, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) == GIF_ERROR ||
        EGifPutImageDesc(j->gif, box[0], box[1], w, h, false, NULL) == GIF_ERROR)
        return false;
    GifByteType row[CLI_ANIM_WIDTH];
    for (int y = box[1]; y <= box[3]; y++) {
        for (int x = 0; x < w; x++) {
            int at = y * CLI_ANIM_WIDTH + box[0] + x;
            bool same = g > 0 && j->now[at] == j->before[at];
            row[x] = same ? CLI_GIF_CLEAR : j->now[at];
        }
        if (EGifPutLine(j->gif, row, w) == GIF_ERROR) return false;
    }
    return true;
}

/* The header, the palette and the loop-forever extension. */
static bool cli_gif_put_header(cli_gif_job *j)
{
    static const GifByteType loop[3] = {1, 0, 0};
    ColorMapObject *map = GifMakeMapObject(256, j->palette->colours);
    if (!map) return false;
    EGifSetGifVersion(j->gif, true);
    bool ok = EGifPutScreenDesc(j->gif, CLI_ANIM_WIDTH, CLI_ANIM_HEIGHT, 8, 0, map) != GIF_ERROR &&
              EGifPutExtensionLeader(j->gif, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR &&
              EGifPutExtensionBlock(j->gif, 11, "NETSCAPE2.0") != GIF_ERROR &&
              EGifPutExtensionBlock(j->gif, 3, loop) != GIF_ERROR &&
              EGifPutExtensionTrailer(j->gif) != GIF_ERROR;
    GifFreeMapObject(map);
    return ok;
}

static bool cli_gif_frames(cli_gif_job *j)
{
    int count = cli_gif_frame_count(j->anim);
    if (!cli_gif_put_header(j)) return false;
    for (int g = 0; g < count; g++) {
        cli_gif_render(j, cli_gif_source_frame(j->anim, g, count));
        cli_gif_index(j);
        if (!cli_gif_put_frame(j, g, count)) return false;
        GifByteType *t = j->before;
        j->before = j->now;
        j->now = t;
    }
    return true;
}

/* Everything but the file: surfaces, buffers, palette. False when memory runs out. */
static bool cli_gif_prepare(cli_gif_job *j, cli_gif_histogram **h)
{
    j->background = cairo_image_surface_create(CAIRO_FORMAT_RGB24, CLI_ANIM_WIDTH, CLI_ANIM_HEIGHT);
    j->frame = cairo_image_surface_create(CAIRO_FORMAT_RGB24, CLI_ANIM_WIDTH, CLI_ANIM_HEIGHT);
    j->now = malloc((size_t)CLI_ANIM_WIDTH * CLI_ANIM_HEIGHT);
    j->before = malloc((size_t)CLI_ANIM_WIDTH * CLI_ANIM_HEIGHT);
    j->palette = calloc(1, sizeof *j->palette);
    *h = calloc(1, sizeof **h);
    if (!j->now || !j->before || !j->palette || !*h ||
        cairo_surface_status(j->background) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_status(j->frame) != CAIRO_STATUS_SUCCESS)
        return false;
    cairo_t *cr = cairo_create(j->background);
    cli_anim_draw_background(cr, j->anim, &j->view);
    cairo_destroy(cr);
    cli_gif_choose_palette(j, *h);
    return true;
}

static void cli_gif_release(cli_gif_job *j, cli_gif_histogram *h)
{
    cairo_surface_destroy(j->background);
    cairo_surface_destroy(j->frame);
    free(j->now);
    free(j->before);
    free(j->palette);
    free(h);
}

bool cli_gif_write(const cli_anim *a, const char *path, bool forces, cli_error *err)
{
    cli_gif_job j = {a, cli_anim_view(a), forces, NULL, NULL, NULL, NULL, NULL, NULL};
    cli_gif_histogram *h = NULL;
    if (a->frame_count == 0) return cli_fail(err, CLI_EXIT_RUNTIME, "%s: no frames", path);
    if (!cli_gif_prepare(&j, &h)) {
        cli_gif_release(&j, h);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: out of memory", path);
    }
    cli_outfile out;
    int gif_error = 0;
    bool ok = cli_outfile_open(&out, path, err);
    if (ok) j.gif = EGifOpen(&out, cli_gif_out, &gif_error);
    bool drawn = ok && j.gif && cli_gif_frames(&j);
    if (j.gif && !drawn) gif_error = j.gif->Error;
    if (j.gif && EGifCloseFile(j.gif, drawn ? &gif_error : NULL) == GIF_ERROR) drawn = false;
    cli_gif_release(&j, h);
    if (!ok) return false;
    if (!drawn) {
        int e = out.error;
        cli_outfile_abort(&out);
        if (e) return cli_fail(err, CLI_EXIT_RUNTIME, "%s: write failed: %s", path, strerror(e));
        const char *why = GifErrorString(gif_error);
        return cli_fail(err, CLI_EXIT_RUNTIME, "%s: GIF encoding failed: %s", path,
                        why ? why : "unknown error");
    }
    return cli_outfile_commit(&out, err);
}
