/* SPDX-License-Identifier: MIT */
/* steer/spline.h - centripetal Catmull-Rom splines through waypoints.
 *
 * Function index
 *   steer_spline_point, steer_spline_length, steer_spline_sample
 *
 * The spline passes through every waypoint. The centripetal variant (alpha = 0.5: knot
 * intervals are the square roots of the chord lengths) is used because, unlike the
 * uniform one, it never forms a cusp or a loop inside a segment (Yuksel, Schaefer and
 * Keyser, 2011), which is what lets the approach walker follow closely spaced points on
 * a curve without wobbling back. The first and last segments use a mirrored neighbour
 * (2 * p1 - p2), so the curve leaves and enters the end points along the first and last
 * legs. Samples are spaced evenly by arc length, so an agent following them at constant
 * speed moves at constant speed along the curve.
 *
 * No allocation: the caller passes the output array.
 */
#ifndef STEER_SPLINE_H
#define STEER_SPLINE_H

#include "steer/math.h"

STEER_EXTERN_C_BEGIN

/* Point on the centripetal Catmull-Rom segment from p1 (u = 0) to p2 (u = 1), shaped by
 * the neighbours p0 and p3; u is clamped into [0, 1] (NaN is 0).
 * Degenerate input: p1 == p2 gives p1; a neighbour that is non-finite or coincides with
 * its end point (p0 == p1, p3 == p2) is replaced by the mirror of the other end
 * (2 * p1 - p2, 2 * p2 - p1); non-finite p1 or p2 give the zero vector. Any finite
 * points give a finite result: where neighbouring chords differ by more than 2^24 in
 * length (the knot intervals by more than 4096), or one is so long its square overflows
 * float (beyond about 1.8e19), the segment is evaluated in double, and held within
 * +-FLT_MAX. */
STEER_API steer_vec3 steer_spline_point(steer_vec3 p0, steer_vec3 p1, steer_vec3 p2, steer_vec3 p3,
                                        float u);

/* Arc length of the spline through points[0..count-1], world units, measured on 32
 * chords per segment (relative error below 1e-3 on approach walks). Non-finite points
 * and repeats of the previous point are skipped. Fewer than two usable points, or a NULL
 * pointer, give 0. Chords beyond about 1.8e19 are measured in double; the total is held
 * at FLT_MAX. */
STEER_API float steer_spline_length(const steer_vec3 *points, int count);

/* Sample the spline through points[0..count-1] every `spacing` world units of arc length
 * into out[0..capacity-1]; returns the number of samples written. The first sample is the
 * first usable point and the last is the last one; the arc between consecutive samples
 * is `spacing`, except the last gap, in [0.5, 1.5) * spacing (choose spacing =
 * steer_spline_length / n to get n + 1 evenly spaced samples). When capacity runs out
 * the samples stop early (the last one is then not the end point). Bad input:
 * non-finite points and repeats are skipped; one usable point gives that one sample;
 * none, NULL pointers or capacity <= 0 give 0; spacing <= 0 or non-finite gives the
 * usable points themselves (straight polyline, no curve). */
STEER_API int steer_spline_sample(const steer_vec3 *points, int count, float spacing,
                                  steer_vec3 *out, int capacity);

STEER_EXTERN_C_END

#endif /* STEER_SPLINE_H */
