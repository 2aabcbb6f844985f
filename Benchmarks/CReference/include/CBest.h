#ifndef HOOKE_CBEST_H
#define HOOKE_CBEST_H

#include <stdbool.h>
#include <stddef.h>

/// `c-best`: the springs workload written as a performance engineer would write it in C,
/// and bit-identical to `SpringBatch` (see CBest.c for why each choice keeps the bits).
///
/// One spring group's state, per axis: the displacement from the target d = x − t and
/// the velocity v, plus the target t, in six columns of `count` items. The columns of
/// one set live in one allocation, each on a 64-byte line and at a distinct offset within
/// a 4 KiB page, so that a store to one column never looks to the CPU like a store to the
/// address a load of another column reads (4K aliasing).
typedef struct {
    double *dx, *dy, *vx, *vy, *tx, *ty;
    size_t count;
    void *block;
    /// Settled exactly onto the targets by `..._settle` and not stepped until retargeted.
    bool quiescent;
} hooke_c_best_columns_d;

/// The same in single precision.
typedef struct {
    float *dx, *dy, *vx, *vy, *tx, *ty;
    size_t count;
    void *block;
    /// Settled exactly onto the targets by `..._settle` and not stepped until retargeted.
    bool quiescent;
} hooke_c_best_columns_f;

/// Allocates the columns of `count` items (contents undefined until `..._load`); returns
/// false when memory runs out. Free with `..._free`.
bool hooke_c_best_alloc_d(hooke_c_best_columns_d *c, size_t count);
bool hooke_c_best_alloc_f(hooke_c_best_columns_f *c, size_t count);
void hooke_c_best_free_d(hooke_c_best_columns_d *c);
void hooke_c_best_free_f(hooke_c_best_columns_f *c);

/// Stores positions, velocities and targets (points, points per second) as `SpringBatch.add`
/// does: t = target rounded to the scalar, d = (position − t) formed in double and rounded.
void hooke_c_best_load_d(hooke_c_best_columns_d *c, const double *x, const double *y,
                         const double *vx, const double *vy, const double *tx, const double *ty);
void hooke_c_best_load_f(hooke_c_best_columns_f *c, const double *x, const double *y,
                         const double *vx, const double *vy, const double *tx, const double *ty);

/// Moves the targets of items [begin, end) to (x[k], y[k]), k = 0, 1, …, keeping each
/// position as `SpringBatch.retarget` does: d ← (t_old + d) − t_new in double; the
/// columns are no longer quiescent.
void hooke_c_best_retarget_d(hooke_c_best_columns_d *c, size_t begin, size_t end,
                             const double *x, const double *y);
void hooke_c_best_retarget_f(hooke_c_best_columns_f *c, size_t begin, size_t end,
                             const double *x, const double *y);

/// SpringBatch's quiescence check, run on each group every 64 steps (counted from the
/// start, as `SpringBatch.quiescenceInterval`): when every item is within `ulps` ulps
/// (an ulp counting as at least 2⁵² × the smallest normal number) of its target in
/// displacement and in distance moved per step `h`, puts each exactly on its target with
/// zero velocity, sets `quiescent` and returns true. Exactly `settleIfQuiescent`'s test.
bool hooke_c_best_settle_d(hooke_c_best_columns_d *c, double h, double ulps);
bool hooke_c_best_settle_f(hooke_c_best_columns_f *c, double h, double ulps);

/// Applies `steps` exact steps with Φ = [[p11, p12], [p21, p22]] (given in double,
/// rounded once to the scalar as `SpringBatch` rounds its propagators) to items
/// [begin, end): one pass over memory for one or two steps, both steps of a pair in
/// registers. `fma` selects the rounding of `SpringBatch` built with `-D HOOKE_FMA`
/// (d' = fma(p12, v, p11·d)); without it, two products and a sum, never contracted.
/// Does nothing to quiescent columns, as SpringBatch skips quiescent groups.
void hooke_c_best_frame_d(hooke_c_best_columns_d *c, size_t begin, size_t end, size_t steps,
                          double p11, double p12, double p21, double p22, bool fma);
void hooke_c_best_frame_f(hooke_c_best_columns_f *c, size_t begin, size_t end, size_t steps,
                          double p11, double p12, double p21, double p22, bool fma);

#endif
