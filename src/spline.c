/* SPDX-License-Identifier: MIT */
/* Centripetal Catmull-Rom evaluation and arc-length sampling (steer/spline.h). */
#include "steer/spline.h"

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

/* A neighbour the knots cannot use (non-finite, or on its end point) is replaced by
 * the mirror of the segment, which makes that end leave along the segment. */
static steer_vec3 steer_neighbour(steer_vec3 n, steer_vec3 end, steer_vec3 other)
{
    if (steer_v3_is_finite(n) && steer_length_sq(steer_sub(n, end)) > STEER_EPSILON_SQ) return n;
    return steer_sub(steer_scale(end, 2.0f), other);
}

steer_vec3 steer_spline_point(steer_vec3 p0, steer_vec3 p1, steer_vec3 p2, steer_vec3 p3, float u)
{
    if (!steer_v3_is_finite(p1) || !steer_v3_is_finite(p2)) return steer_v3_zero();
    if (steer_length_sq(steer_sub(p2, p1)) <= STEER_EPSILON_SQ) return p1;
    p0 = steer_neighbour(p0, p1, p2);
    p3 = steer_neighbour(p3, p2, p1);
    u = steer_clampf(u, 0.0f, 1.0f);
    /* Barry and Goldman's pyramid: three lerps, two, then one, over the knots. */
    float t0 = 0.0f;
    float t1 = t0 + steer_knot(p0, p1);
    float t2 = t1 + steer_knot(p1, p2);
    float t3 = t2 + steer_knot(p2, p3);
    float t = t1 + (t2 - t1) * u;
    steer_vec3 a1 = steer_knot_lerp(p0, t0, p1, t1, t);
    steer_vec3 a2 = steer_knot_lerp(p1, t1, p2, t2, t);
    steer_vec3 a3 = steer_knot_lerp(p2, t2, p3, t3, t);
    steer_vec3 b1 = steer_knot_lerp(a1, t0, a2, t2, t);
    steer_vec3 b2 = steer_knot_lerp(a2, t1, a3, t3, t);
    return steer_knot_lerp(b1, t1, b2, t2, t);
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

float steer_spline_length(const steer_vec3 *points, int count)
{
    steer_spline_walk w;
    if (points == NULL || !steer_spline_walk_start(&w, points, count)) return 0.0f;
    float length = 0.0f;
    for (; steer_spline_walk_has_segment(&w); steer_spline_walk_advance(&w)) {
        steer_vec3 last = w.points[w.a];
        for (int i = 1; i <= STEER_SPLINE_CHORDS; i++) {
            steer_vec3 p = steer_spline_walk_point(&w, (float)i / STEER_SPLINE_CHORDS);
            length += steer_distance(last, p);
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
    float len = steer_distance(a, b);
    while (s->next_at <= s->walked + len && s->next_at < stop_at && s->written < s->capacity) {
        float f = len > 0.0f ? (s->next_at - s->walked) / len : 0.0f;
        steer_sampler_emit(s, steer_lerp(a, b, f));
        s->next_at += s->spacing;
    }
    s->walked += len;
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
