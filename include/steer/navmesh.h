/* SPDX-License-Identifier: MIT */
/* steer/navmesh.h - navigation meshes: convex polygons sharing edges on the ground, and
 * the queries a game asks of them.
 *
 * Function index
 *   building:   steer_navmesh_bytes, steer_navmesh_build, steer_navmesh_outline_bytes,
 *               steer_navmesh_build_outline, steer_navmesh_status_name
 *   reading:    steer_navmesh_polygon_count, steer_navmesh_polygon_vertices,
 *               steer_navmesh_polygon_point
 *   queries:    steer_navmesh_edge_count, steer_navmesh_query_bytes, steer_navmesh_query_init,
 *               steer_navmesh_locate, steer_navmesh_nearest, steer_navmesh_find_path,
 *               steer_navmesh_string_pull, steer_navmesh_raycast, steer_navmesh_walls_near
 *   fields:     steer_navmesh_field_scratch_bytes, steer_navmesh_distance_field,
 *               steer_navmesh_follow_field
 *   following:  steer_navmesh_contain, steer_navmesh_follow_default,
 *               steer_navmesh_corridor_init, steer_navmesh_corridor_set_goal,
 *               steer_navmesh_follow
 *
 * The mesh lies on a ground plane: STEER_SPACE_XY (the ground is x, y; z is the height)
 * or STEER_SPACE_XZ (x, z; y is the height; STEER_SPACE_3D reads as XZ). Every vertex
 * keeps its own height, so ramps and floors above one another are one mesh; a point is
 * on the polygon whose ground shape contains it and whose height is nearest.
 *
 * Memory: the caller owns it. Ask for the bytes (steer_navmesh_bytes,
 * steer_navmesh_outline_bytes), hand a buffer of that size to a build, keep it alive
 * while the mesh is used. A query (paths, nearest points) works in a caller-sized
 * steer_navmesh_query; nothing here allocates, reads a clock or keeps global state.
 * One mesh may be read by any number of threads at once, each with its own query.
 *
 * Bad input: every build checks its data and reports the first problem found with the
 * polygon's index and a reason (steer_navmesh_report); a failed build leaves an empty
 * mesh that every query treats as "no polygon". Queries take any point: a non-finite
 * point finds no polygon. NULL pointers assert (debug) and then give the documented
 * empty result. See docs/navigation.md.
 */
#ifndef STEER_NAVMESH_H
#define STEER_NAVMESH_H

#include "steer/agent.h"
#include "steer/obstacles.h"
#include "steer/path.h"

STEER_EXTERN_C_BEGIN

/* Most vertices a mesh polygon may have. */
#define STEER_NAVMESH_POLY_MAX 12

/* Largest vertex or polygon count a mesh may have. */
#define STEER_NAVMESH_MAX_COUNT (1 << 24)

/* What a build found. */
typedef enum steer_navmesh_status {
    STEER_NAVMESH_OK = 0,
    STEER_NAVMESH_BAD_ARGUMENT,  /* NULL array, negative count, count above the maximum */
    STEER_NAVMESH_TOO_SMALL,     /* the buffer is smaller than the sizing function said */
    STEER_NAVMESH_NOT_FINITE,    /* a vertex has a NaN or infinite coordinate (vertex set) */
    STEER_NAVMESH_BAD_POLYGON,   /* fewer than 3 or more than STEER_NAVMESH_POLY_MAX
                                    vertices, an index out of range, a vertex twice */
    STEER_NAVMESH_ZERO_AREA,     /* the polygon (or an outline ring) has no area */
    STEER_NAVMESH_NOT_CONVEX,    /* a corner turns the wrong way (vertex set) */
    STEER_NAVMESH_T_JUNCTION,    /* a vertex lies inside a boundary edge of the polygon
                                    (vertex set): the neighbours do not share the edge */
    STEER_NAVMESH_EDGE_SHARED_3, /* an edge is used by three or more polygons */
    STEER_NAVMESH_OVERLAP,       /* two polygons use an edge in the same direction: they
                                    overlap or fold over each other */
    STEER_NAVMESH_BAD_OUTLINE    /* the outline and holes cannot be triangulated: they
                                    cross, touch, or a hole lies outside */
} steer_navmesh_status;

/* A build's verdict: the reason, the polygon (index in the caller's polygon list, or in
 * the outline build the ring: 0 the outline, 1.. the holes) and the vertex involved;
 * -1 where none applies. */
typedef struct steer_navmesh_report {
    steer_navmesh_status status;
    int polygon;
    int vertex;
} steer_navmesh_report;

/* Short name of a status ("ok", "not convex", ...); "unknown" outside the enum. */
STEER_API const char *steer_navmesh_status_name(steer_navmesh_status status);

/* A mesh over caller memory. Treat the fields as read-only; build with
 * steer_navmesh_build or steer_navmesh_build_outline. A zeroed struct is an empty mesh. */
typedef struct steer_navmesh {
    steer_space plane;    /* STEER_SPACE_XY or STEER_SPACE_XZ */
    int vertex_count;     /* vertices */
    int polygon_count;    /* convex polygons, counter-clockwise seen from above */
    int node_count;       /* nodes of the bounding-box tree */
    steer_vec3 *vertices; /* vertex_count world positions */
    int32_t *first;       /* polygon p uses indices[first[p] .. first[p + 1] - 1] */
    int32_t *indices;     /* vertex indices, polygon after polygon */
    int32_t *neighbours;  /* per index: the polygon across the edge from this vertex to
                             the next, or -1 on the boundary (a wall) */
    void *tree;           /* bounding-box tree over the polygons (private) */
    float bounds[4];      /* ground bounding box: min u, min v, max u, max v */
} steer_navmesh;

/* Bytes steer_navmesh_build needs for this many vertices, polygons and polygon indices
 * (the sum of the polygons' vertex counts); 0 for a count below 1 or above
 * STEER_NAVMESH_MAX_COUNT. */
STEER_API size_t steer_navmesh_bytes(int vertex_count, int polygon_count, int index_count);

/* Build a mesh from convex polygons given directly: polygon p is the vertices
 * indices[first[p] .. first[p + 1] - 1] (first has polygon_count + 1 entries, first[0]
 * usually 0) of vertices[0 .. vertex_count - 1], in `plane`. Either winding is accepted
 * (each polygon is stored counter-clockwise). Vertices at exactly the same position are
 * merged; neighbours must share an edge's two vertices (a vertex in the middle of a
 * neighbour's edge is a T-junction and is refused). Collinear corners are allowed.
 * `memory` (bytes, 8-byte aligned) holds the mesh; the build also uses its tail as
 * scratch. Returns the report (NULL `report` is fine: the status is also the mesh's
 * emptiness); on failure the mesh is empty and the report names the first problem. */
STEER_API steer_navmesh_status steer_navmesh_build(steer_navmesh *mesh, void *memory, size_t bytes,
                                                   const steer_vec3 *vertices, int vertex_count,
                                                   const int32_t *first, const int32_t *indices,
                                                   int polygon_count, steer_space plane,
                                                   steer_navmesh_report *report);

/* Bytes steer_navmesh_build_outline needs for `point_count` points in `ring_count`
 * rings (outline plus holes); 0 for point_count < 3, ring_count < 1 or counts above
 * STEER_NAVMESH_MAX_COUNT. */
STEER_API size_t steer_navmesh_outline_bytes(int point_count, int ring_count);

/* Build a mesh from the walkable area's outline with holes: ring 0 is the outline, rings
 * 1 .. ring_count - 1 are holes (pillars, furniture), each a closed polygon in any
 * winding; ring r is points[start .. start + ring_sizes[r] - 1], rings one after the
 * other. Repeated and collinear points are dropped. The area is triangulated (ear
 * clipping, holes joined to the outline by bridges) and the triangles merged into
 * convex polygons of at most STEER_NAVMESH_POLY_MAX vertices (Hertel-Mehlhorn: a
 * diagonal goes when both its ends stay convex). Heights come from the points. Rings
 * that cross or touch, or holes outside the outline, give STEER_NAVMESH_BAD_OUTLINE
 * with the ring. Memory and report as steer_navmesh_build. */
STEER_API steer_navmesh_status steer_navmesh_build_outline(steer_navmesh *mesh, void *memory,
                                                           size_t bytes, const steer_vec3 *points,
                                                           const int32_t *ring_sizes,
                                                           int ring_count, steer_space plane,
                                                           steer_navmesh_report *report);

/* Polygons in the mesh; 0 for NULL or an empty mesh. */
STEER_API int steer_navmesh_polygon_count(const steer_navmesh *mesh);

/* Write polygon p's corners (counter-clockwise) into out (capacity entries). Returns the
 * number of corners; 0 for a polygon outside the mesh or NULL out. */
STEER_API int steer_navmesh_polygon_vertices(const steer_navmesh *mesh, int polygon,
                                             steer_vec3 *out, int capacity);

/* The point of polygon p above or below the ground point of `p` (its height
 * interpolated from the polygon's corners); the point is first moved onto the polygon
 * when outside. Polygon outside the mesh or non-finite p: p unchanged. */
STEER_API steer_vec3 steer_navmesh_polygon_point(const steer_navmesh *mesh, int polygon,
                                                 steer_vec3 p);

/* ---- queries ------------------------------------------------------------------------ */

/* Work memory for path queries. The search's nodes are stretches of polygon edges seen
 * from a corner, so it is sized by the mesh's edges (steer_navmesh_edge_count). Treat
 * the fields as private. */
typedef struct steer_navmesh_query {
    int capacity;          /* edges it can search */
    int node_capacity;     /* search nodes it holds */
    uint32_t generation;   /* which search the stamps belong to */
    int heap_size;         /* open nodes */
    int node_count;        /* nodes made by the last search */
    void *nodes;           /* the search nodes */
    int32_t *heap;         /* open nodes; after a search, the corridor */
    int32_t *seen;         /* the nodes by edge and root (a hash table, -1 empty) */
    float *root_g;         /* per vertex: the shortest way found to it as a corner */
    int32_t *root_from;    /* per vertex: the node that turned there */
    uint32_t *root_stamp;  /* per vertex: == generation when root_g is current */
    int32_t *flood_from;   /* per polygon: where a flood over the polygons came from */
    uint32_t *flood_stamp; /* per polygon: == generation when reached by the flood */
} steer_navmesh_query;

/* Polygon edges of the mesh (the sum of its polygons' corner counts): the size a query
 * for it needs. 0 for NULL or an empty mesh. */
STEER_API int steer_navmesh_edge_count(const steer_navmesh *mesh);

/* Bytes of query memory for meshes of up to edge_count edges (436 an edge: 8 search
 * nodes, a vertex's and a polygon's entries); 0 outside
 * 1 .. STEER_NAVMESH_MAX_COUNT * STEER_NAVMESH_POLY_MAX. */
STEER_API size_t steer_navmesh_query_bytes(int edge_count);

/* Carve `memory` (bytes, 8-byte aligned) into a query for meshes of up to edge_count
 * edges. Returns false, leaving a query of capacity 0, for a short or misaligned buffer
 * or a bad count. */
STEER_API bool steer_navmesh_query_init(steer_navmesh_query *query, void *memory, size_t bytes,
                                        int edge_count);

/* The polygon under (or over) point p: its ground shape contains p's ground point
 * (edges included) and, among several such (floors), its height at p is nearest p's.
 * Returns the polygon index, -1 when none contains p, p is not finite or the mesh is
 * empty. Height is not limited: use steer_navmesh_nearest for "near p". */
STEER_API int steer_navmesh_locate(const steer_navmesh *mesh, steer_vec3 p);

/* The point of the mesh nearest p in 3D (ground distance and height together), written
 * to *out (may be NULL). Returns its polygon; -1 (and *out = p) for an empty mesh or a
 * non-finite p. Searches the whole mesh through its bounding-box tree. */
STEER_API int steer_navmesh_nearest(const steer_navmesh *mesh, steer_vec3 p, steer_vec3 *out);

/* What a path search found. */
typedef enum steer_navmesh_path_status {
    STEER_NAVMESH_PATH_FOUND = 0, /* the shortest path */
    STEER_NAVMESH_PATH_PARTIAL,   /* the goal is not reachable from the start (another
                                     island): the shortest path to the start island's
                                     point nearest the goal */
    STEER_NAVMESH_PATH_TOO_LONG,  /* the corridor or the points do not fit the arrays:
                                     `count` says how many points were written (the
                                     path's beginning); or the search used up the
                                     query's nodes: a path through the corridor of fewest
                                     polygons, not the shortest */
    STEER_NAVMESH_PATH_BAD_INPUT  /* empty mesh, NULL arrays, query too small for the
                                     mesh, a start or goal not finite or off the mesh
                                     (further than max_snap from it) */
} steer_navmesh_path_status;

/* The outcome of steer_navmesh_find_path. */
typedef struct steer_navmesh_path {
    steer_navmesh_path_status status;
    int count;    /* points written */
    int corridor; /* polygons in the corridor (start polygon .. goal polygon) */
    float length; /* length of the written points as a polyline, world units */
    int expanded; /* search nodes expanded: the search's work */
} steer_navmesh_path;

/* The shortest path on the ground from `start` to `goal` (to float rounding;
 * docs/navigation.md): both are first moved onto the mesh (steer_navmesh_nearest,
 * refused when further than max_snap; NaN or negative max_snap reads as 0, +inf accepts
 * any distance). An exact A* over stretches of polygon edges seen from the start or a
 * boundary corner (Polyanya) finds the polygons the path crosses, its corridor, written
 * to corridor_out (corridor_capacity polygons; may be NULL when corridor_capacity is 0 --
 * then it is kept in the query only); the funnel pulls the string through its portals:
 * points[0] is the start, then every corner the path turns at (exactly a mesh vertex, at
 * its height), then the goal. Start and goal on one polygon give two points (one when
 * they are equal). The query needs steer_navmesh_edge_count(mesh) edges. */
STEER_API steer_navmesh_path steer_navmesh_find_path(const steer_navmesh *mesh,
                                                     steer_navmesh_query *query, steer_vec3 start,
                                                     steer_vec3 goal, float max_snap,
                                                     int32_t *corridor_out, int corridor_capacity,
                                                     steer_vec3 *points, int capacity);

/* The string-pulled path through a given corridor (polygons each sharing an edge with
 * the next), from `start` (on corridor[0]) to `goal` (on the last): as the second half of
 * steer_navmesh_find_path, for a game that keeps its own corridor. Returns the points
 * written (at most capacity; *truncated, may be NULL, says when more were needed); 0 for
 * an empty corridor, NULL arrays, polygons that are not neighbours or not finite ends. */
STEER_API int steer_navmesh_string_pull(const steer_navmesh *mesh, const int32_t *corridor,
                                        int corridor_count, steer_vec3 start, steer_vec3 goal,
                                        steer_vec3 *points, int capacity, bool *truncated);

/* What a raycast found. */
typedef struct steer_navmesh_hit {
    bool hit;          /* true: a wall stops the ray before `to` */
    float t;           /* fraction of the ray travelled, in [0, 1] (1 when nothing hit) */
    steer_vec3 point;  /* where the ray stops, on the mesh (height of its polygon) */
    steer_vec3 normal; /* the wall's ground normal, pointing back into the mesh (zero when
                          nothing hit) */
    int polygon;       /* the polygon the ray ends in; -1 when `from` is off the mesh */
} steer_navmesh_hit;

/* Walk the straight ground line from `from` (located with steer_navmesh_locate) toward
 * `to` across polygon edges until a boundary edge stops it or it reaches `to`: "can I
 * walk straight there?". A ray along a boundary edge counts as inside. `from` off the
 * mesh or not finite: polygon -1, hit true, t 0, point `from`. A non-finite `to`: as
 * a zero-length ray. */
STEER_API steer_navmesh_hit steer_navmesh_raycast(const steer_navmesh *mesh, steer_vec3 from,
                                                  steer_vec3 to);

/* Write the mesh's boundary edges (its walls) that come within `radius` of p on the
 * ground into out (capacity segments), nearest polygons first in tree order, each from
 * one end to the other with the walkable side on its left. Returns the number written
 * (at most capacity; *more, may be NULL, says when some did not fit). For the crowd's
 * ORCA walls (steer_crowd_view.segments) or wall following. NaN p, negative or NaN
 * radius, an empty mesh or NULL out: 0. */
STEER_API int steer_navmesh_walls_near(const steer_navmesh *mesh, steer_vec3 p, float radius,
                                       steer_segment *out, int capacity, bool *more);

/* ---- following a corridor ------------------------------------------------------------ */

/* Containment on the mesh: as steer_contain (steer/obstacles.h), with the mesh's
 * boundary as the region's edge. The mesh is where the agent's centre may go (build it
 * shrunk by the agent's radius, as Recast does), so the radius is not added: the
 * agent's stopping point along its velocity plus speed * look_time and the margin is
 * cast along the mesh (steer_navmesh_raycast); when a wall stops the ray, the full
 * acceleration along the wall's inward normal. An agent off the mesh seeks the nearest mesh point.
 * Zero steering when the way ahead is clear; bad agents, NULL or empty mesh: zero. */
STEER_API steer_steering steer_navmesh_contain(const steer_agent *agent, const steer_navmesh *mesh,
                                               const steer_contain_params *params);

/* Parameters of steer_navmesh_follow. */
typedef struct steer_navmesh_follow_params {
    steer_path_follow_params follow; /* how the pulled path is followed (path following's
                                        defaults) */
    steer_contain_params contain;    /* how the boundary is kept (containment's defaults,
                                        margin 0.1: goals may lie near walls) */
    float path_radius;               /* half-width of the path handed to path following, world units
                                        (0.5) */
    float max_snap;   /* how far from the mesh the agent or the goal may be, world units
                         (2); further: no path */
    int rejoin_reach; /* a pushed agent whose polygon borders one of the next
                         rejoin_reach corridor polygons rejoins there (8); elsewhere, or
                         <= 0, it searches again */
} steer_navmesh_follow_params;

/* Defaults: path following's and containment's defaults with margin 0.1, path_radius
 * 0.5, max_snap 2, rejoin_reach 8. */
STEER_API steer_navmesh_follow_params steer_navmesh_follow_default(void);

/* One agent's way to its goal, over caller storage. Treat the fields as read-only. */
typedef struct steer_navmesh_corridor {
    int32_t *polygons;      /* the corridor, the agent's polygon first */
    int capacity, count;    /* polygons it holds, polygons in use */
    steer_vec3 *points;     /* the pulled path's points (scratch) */
    steer_path_node *nodes; /* the path's nodes */
    int point_capacity;     /* entries of points and of nodes */
    steer_path path;        /* the pulled path, from the agent to the goal */
    steer_path_cursor cursor;
    steer_vec3 goal;
    bool has_goal, valid;             /* a goal is set; the corridor leads to it */
    steer_navmesh_path_status status; /* the last search's outcome */
    int searches;                     /* path searches run (statistics) */
    int rejoins;                      /* times a pushed agent rejoined without a search */
} steer_navmesh_corridor;

/* Attach storage: `polygons` (capacity entries; a corridor longer than that is followed
 * as far as it fits and searched again from there), `points` and `nodes`
 * (point_capacity entries each; corners beyond them likewise). No goal yet. NULL
 * corridor asserts. */
STEER_API void steer_navmesh_corridor_init(steer_navmesh_corridor *corridor, int32_t *polygons,
                                           int capacity, steer_vec3 *points, steer_path_node *nodes,
                                           int point_capacity);

/* Head for `goal` (searched on the next steer_navmesh_follow). A non-finite goal clears
 * it: the agent then brakes. */
STEER_API void steer_navmesh_corridor_set_goal(steer_navmesh_corridor *corridor, steer_vec3 goal);

/* Follow the mesh to the corridor's goal. Each call finds the agent's polygon: in the
 * corridor, the corridor is trimmed to start there; next to one of the following
 * rejoin_reach corridor polygons (pushed aside by the crowd), that polygon is put in
 * front (a rejoin, no search); else, and at the start or after steer_navmesh_corridor_
 * set_goal, it searches again (steer_navmesh_find_path with `query`). When the corridor
 * changes the path is pulled again from the agent's position. The steering is mesh
 * containment when it acts, else path following along the pulled path (steer_follow_
 * path, arriving at the goal; *arrived, may be NULL, true once at rest there). No goal,
 * no path (off the mesh beyond max_snap, a goal on no reachable polygon gives a partial
 * path to the nearest point): the steering that brings the agent to rest. Bad agent:
 * zero. NULL mesh, query or corridor assert (debug) and give zero. Allocates nothing. */
STEER_API steer_steering steer_navmesh_follow(const steer_agent *agent, const steer_navmesh *mesh,
                                              steer_navmesh_query *query,
                                              steer_navmesh_corridor *corridor,
                                              const steer_navmesh_follow_params *params,
                                              bool *arrived);

/* ---- fields to goals: one query, any number of agents ------------------------------ */

/* Bytes of scratch steer_navmesh_distance_field needs for meshes of up to polygon_count
 * polygons (8 a polygon); 0 outside 1 .. STEER_NAVMESH_MAX_COUNT. */
STEER_API size_t steer_navmesh_field_scratch_bytes(int polygon_count);

/* The way from every polygon to the nearest of `goals` (points, each moved onto the mesh
 * first; ones not finite or off an empty mesh are skipped), Dijkstra over the polygons:
 * distance[p] is the length of the way from where it enters p to its goal (0 in a goal's
 * polygon, INFINITY where no goal is reachable) and toward[p] the point to head for while
 * in p: in a goal's polygon the goal, elsewhere the point of the edge to the next polygon
 * on the way nearest where the way enters p. Both arrays hold `capacity` entries, at
 * least the polygon count. Returns the polygons reached; 0 when no goal is usable; -1
 * (nothing written) for NULL arrays, an empty mesh, a short capacity or scratch
 * (scratch_bytes from steer_navmesh_field_scratch_bytes, 4-byte aligned). */
STEER_API int steer_navmesh_distance_field(const steer_navmesh *mesh, const steer_vec3 *goals,
                                           int goal_count, float *distance, steer_vec3 *toward,
                                           int capacity, void *scratch, size_t scratch_bytes);

/* Follow a distance field: seek toward[p] of the agent's polygon p, or arrive (params:
 * NULL for steer_arrive_default) at it in a goal's polygon (distance 0); *arrived (may
 * be NULL) as steer_arrive. Mesh containment (contain, NULL for its defaults) goes first
 * when it acts. Off the mesh the agent heads back onto it; a polygon no goal reaches:
 * the steering that brings it to rest. Bad agent, NULL mesh or arrays: zero. */
STEER_API steer_steering steer_navmesh_follow_field(const steer_agent *agent,
                                                    const steer_navmesh *mesh,
                                                    const float *distance, const steer_vec3 *toward,
                                                    const steer_arrive_params *arrive,
                                                    const steer_contain_params *contain,
                                                    bool *arrived);

STEER_EXTERN_C_END

#endif /* STEER_NAVMESH_H */
