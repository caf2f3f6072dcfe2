/* SPDX-License-Identifier: MIT */
/* Centripetal Catmull-Rom evaluation and arc-length sampling (steer/spline.h). */
#include "steer/spline.h"

#include "steering_internal.h"

#include <float.h>
#include <math.h>

/* Chords sampled per segment when measuring arc length: enough for < 1e-3 relative
 * error on approach walks, few enough to sample a spline every frame. */
#define STEER_SPLINE_CHORDS 32

/* Knot interval of the centripetal parameterisation: |b - a| ^ 0.5. */
static float steer_knot(steer_vec3 a, steer_vec3 b)
{
    return steer_sqrt(steer_distance(a, b));
}

/* lerp over knot values: the point at knot t between (ta, a) and (tb, b); ta != tb. */
static steer_vec3 steer_knot_lerp(steer_vec3 a, float ta, steer_vec3 b, float tb, float t)
{
    return steer_lerp(a, b, (t - ta) / (tb - ta));
}

/* A neighbour the knots can use: finite and not on its end point. Others are replaced
 * by the mirror of the segment, which makes that end leave along the segment. */
static bool steer_neighbour_ok(steer_vec3 n, steer_vec3 end)
{
    return steer_v3_is_finite(n) && steer_length_sq(steer_sub(n, end)) > STEER_EPSILON_SQ;
}

/* Neighbouring knot intervals within this ratio of each other: the float knot sums keep
 * enough bits. Beyond (chords more than 2^24 apart in length, or one whose square
 * overflows) t3 - t2 could round to 0 and make NaN: 1e14 beside 1 did. */
#define STEER_KNOT_RATIO 4096.0f

/* One coordinate of the pyramid in double, knots measured from t1 (s = t - t1 in
 * [0, k12]): every denominator is a knot interval or a sum of them, never a difference,
 * so no rounding can make one 0. */
static double steer_pyramid_wide(const double p[4], const double k[3], double s)
{
    double a1 = p[0] + (p[1] - p[0]) * ((s + k[0]) / k[0]);
    double a2 = p[1] + (p[2] - p[1]) * (s / k[1]);
    double a3 = p[2] + (p[3] - p[2]) * ((s - k[1]) / k[2]);
    double b1 = a1 + (a2 - a1) * ((s + k[0]) / (k[0] + k[1]));
    double b2 = a2 + (a3 - a2) * (s / (k[1] + k[2]));
    return b1 + (b2 - b1) * (s / k[1]);
}

static double steer_chord_wide(const double a[3], const double b[3])
{
    double x = b[0] - a[0], y = b[1] - a[1], z = b[2] - a[2];
    return sqrt(x * x + y * y + z * z);
}

/* The segment in double, for knots the float path cannot hold. Mirrored neighbours are
 * formed in double too (2 * p1 - p2 may overflow float); the point, which may overshoot
 * the waypoints a little, is held within +-FLT_MAX. */
static steer_vec3 steer_spline_point_wide(steer_vec3 q0, steer_vec3 q1, steer_vec3 q2,
                                          steer_vec3 q3, bool mirror0, bool mirror3, float u)
{
    const steer_vec3 q[4] = {q0, q1, q2, q3};
    double p[4][3];
    for (int i = 0; i < 4; i++) {
        p[i][0] = q[i].x;
        p[i][1] = q[i].y;
        p[i][2] = q[i].z;
    }
    for (int c = 0; c < 3; c++) {
        if (mirror0) p[0][c] = 2.0 * p[1][c] - p[2][c];
        if (mirror3) p[3][c] = 2.0 * p[2][c] - p[1][c];
    }
    const double k[3] = {sqrt(steer_chord_wide(p[0], p[1])), sqrt(steer_chord_wide(p[1], p[2])),
                         sqrt(steer_chord_wide(p[2], p[3]))};
    double s = k[1] * (double)u, out[3];
    for (int c = 0; c < 3; c++) {
        const double pc[4] = {p[0][c], p[1][c], p[2][c], p[3][c]};
        out[c] = steer_pyramid_wide(pc, k, s);
        out[c] = out[c] > FLT_MAX ? FLT_MAX : (out[c] < -FLT_MAX ? -FLT_MAX : out[c]);
    }
    return steer_v3((float)out[0], (float)out[1], (float)out[2]);
}

steer_vec3 steer_spline_point(steer_vec3 p0, steer_vec3 p1, steer_vec3 p2, steer_vec3 p3, float u)
{
    if (!steer_v3_is_finite(p1) || !steer_v3_is_finite(p2)) return steer_v3_zero();
    if (steer_length_sq(steer_sub(p2, p1)) <= STEER_EPSILON_SQ) return p1;
    const steer_vec3 given0 = p0, given3 = p3;
    bool mirror0 = !steer_neighbour_ok(p0, p1), mirror3 = !steer_neighbour_ok(p3, p2);
    if (mirror0) p0 = steer_sub(steer_scale(p1, 2.0f), p2);
    if (mirror3) p3 = steer_sub(steer_scale(p2, 2.0f), p1);
    u = steer_clampf(u, 0.0f, 1.0f);
    float k01 = steer_knot(p0, p1), k12 = steer_knot(p1, p2), k23 = steer_knot(p2, p3);
    float kmin = fminf(k01, fminf(k12, k23)), kmax = fmaxf(k01, fmaxf(k12, k23));
    if (!(kmax <= kmin * STEER_KNOT_RATIO) || !steer_is_finite(kmax))
        return steer_spline_point_wide(given0, p1, p2, given3, mirror0, mirror3, u);
    /* Barry and Goldman's pyramid: three lerps, two, then one, over the knots. */
    float t0 = 0.0f;
    float t1 = t0 + k01;
    float t2 = t1 + k12;
    float t3 = t2 + k23;
    float t = t1 + (t2 - t1) * u;
    steer_vec3 a1 = steer_knot_lerp(p0, t0, p1, t1, t);
    steer_vec3 a2 = steer_knot_lerp(p1, t1, p2, t2, t);
    steer_vec3 a3 = steer_knot_lerp(p2, t2, p3, t3, t);
    steer_vec3 b1 = steer_knot_lerp(a1, t0, a2, t2, t);
    steer_vec3 b2 = steer_knot_lerp(a2, t1, a3, t3, t);
    steer_vec3 r = steer_knot_lerp(b1, t1, b2, t2, t);
    if (steer_v3_is_finite(r)) return r;
    return steer_spline_point_wide(given0, p1, p2, given3, mirror0, mirror3, u);
}

/* Index of the next usable point after i (finite, not a repeat of points[i]), or count. */
static int steer_next_usable(const steer_vec3 *points, int count, int i)
{
    int j = i + 1;
    while (j < count && (!steer_v3_is_finite(points[j]) ||
                         steer_length_sq(steer_sub(points[j], points[i])) <= STEER_EPSILON_SQ))
        j++;
    return j;
}

static int steer_first_usable(const steer_vec3 *points, int count)
{
    int i = 0;
    while (i < count && !steer_v3_is_finite(points[i])) i++;
    return i;
}

/* Walks the usable points as a sequence of segments with their neighbours. */
typedef struct steer_spline_walk {
    const steer_vec3 *points;
    int count;
    int prev, a, b, next; /* indices; prev/next are -1/count when missing */
} steer_spline_walk;

static bool steer_spline_walk_start(steer_spline_walk *w, const steer_vec3 *points, int count)
{
    w->points = points;
    w->count = count;
    w->prev = -1;
    w->a = steer_first_usable(points, count);
    if (w->a >= count) return false;
    w->b = steer_next_usable(points, count, w->a);
    w->next = w->b < count ? steer_next_usable(points, count, w->b) : count;
    return true;
}

static bool steer_spline_walk_has_segment(const steer_spline_walk *w)
{
    return w->b < w->count;
}

static void steer_spline_walk_advance(steer_spline_walk *w)
{
    w->prev = w->a;
    w->a = w->b;
    w->b = w->next;
    w->next = w->b < w->count ? steer_next_usable(w->points, w->count, w->b) : w->count;
}

/* Point at u on the walk's current segment; a missing neighbour is passed as the end
 * point itself, which steer_spline_point replaces by the mirror. */
static steer_vec3 steer_spline_walk_point(const steer_spline_walk *w, float u)
{
    steer_vec3 p1 = w->points[w->a], p2 = w->points[w->b];
    steer_vec3 p0 = w->prev >= 0 ? w->points[w->prev] : p1;
    steer_vec3 p3 = w->next < w->count ? w->points[w->next] : p2;
    return steer_spline_point(p0, p1, p2, p3, u);
}

/* |b - a|, also where its square overflows float (a chord beyond about 1.8e19, which
 * steer_distance makes inf): then in double, held at FLT_MAX. */
static float steer_chord(steer_vec3 a, steer_vec3 b)
{
    float d = steer_distance(a, b);
    if (steer_is_finite(d)) return d;
    return steer__length_wide((double)b.x - a.x, (double)b.y - a.y, (double)b.z - a.z);
}

/* Arc lengths add up to at most FLT_MAX. */
static float steer_arc_add(float arc, float chord)
{
    float sum = arc + chord;
    return sum < FLT_MAX ? sum : FLT_MAX;
}

float steer_spline_length(const steer_vec3 *points, int count)
{
    steer_spline_walk w;
    if (points == NULL || !steer_spline_walk_start(&w, points, count)) return 0.0f;
    float length = 0.0f;
    for (; steer_spline_walk_has_segment(&w); steer_spline_walk_advance(&w)) {
        steer_vec3 last = w.points[w.a];
        for (int i = 1; i <= STEER_SPLINE_CHORDS; i++) {
            steer_vec3 p = steer_spline_walk_point(&w, (float)i / STEER_SPLINE_CHORDS);
            length = steer_arc_add(length, steer_chord(last, p));
            last = p;
        }
    }
    return length;
}

/* The sampler's running state: output, arc length walked and the next arc to emit at. */
typedef struct steer_sampler {
    steer_vec3 *out;
    int capacity, written;
    float spacing, walked, next_at;
} steer_sampler;

static void steer_sampler_emit(steer_sampler *s, steer_vec3 p)
{
    if (s->written < s->capacity) s->out[s->written++] = p;
}

/* Walk one chord from a to b, emitting a sample at every multiple of spacing it crosses.
 * The end point is emitted by the caller, so emission stops half a spacing before the
 * end (`stop_at`) to keep the last gap in [0.5, 1.5) spacings. */
static void steer_sampler_chord(steer_sampler *s, steer_vec3 a, steer_vec3 b, float stop_at)
{
    float len = steer_chord(a, b);
    while (s->next_at <= s->walked + len && s->next_at < stop_at && s->written < s->capacity) {
        float f = len > 0.0f ? (s->next_at - s->walked) / len : 0.0f;
        steer_sampler_emit(s, steer__lerp_wide(a, b, f));
        s->next_at += s->spacing;
    }
    s->walked = steer_arc_add(s->walked, len);
}

static int steer_spline_polyline(const steer_vec3 *points, int count, steer_vec3 *out, int capacity)
{
    int written = 0;
    for (int i = steer_first_usable(points, count); i < count && written < capacity;
         i = steer_next_usable(points, count, i))
        out[written++] = points[i];
    return written;
}

int steer_spline_sample(const steer_vec3 *points, int count, float spacing, steer_vec3 *out,
                        int capacity)
{
    if (points == NULL || out == NULL || capacity <= 0) return 0;
    if (!(spacing > 0.0f) || !steer_is_finite(spacing))
        return steer_spline_polyline(points, count, out, capacity);
    steer_spline_walk w;
    if (!steer_spline_walk_start(&w, points, count)) return 0;
    steer_sampler s = {out, capacity, 0, spacing, 0.0f, spacing};
    steer_sampler_emit(&s, points[w.a]);
    float stop_at = steer_spline_length(points, count) - 0.5f * spacing;
    steer_vec3 end = points[w.a];
    for (; steer_spline_walk_has_segment(&w); steer_spline_walk_advance(&w)) {
        steer_vec3 last = w.points[w.a];
        for (int i = 1; i <= STEER_SPLINE_CHORDS; i++) {
            steer_vec3 p = steer_spline_walk_point(&w, (float)i / STEER_SPLINE_CHORDS);
            steer_sampler_chord(&s, last, p, stop_at);
            last = p;
        }
        end = w.points[w.b];
    }
    if (s.written > 1 || steer_length_sq(steer_sub(end, out[0])) > STEER_EPSILON_SQ)
        steer_sampler_emit(&s, end);
    return s.written;
}
