#ifndef HOOKE_CREFERENCE_H
#define HOOKE_CREFERENCE_H

#include <stddef.h>

/// The practical limit the benchmark compares Hooke with: a plain C loop that steps
/// `n` independent 2-D springs, stored as structure-of-arrays columns, `steps` times
/// with one shared exact propagator Φ = [[p11, p12], [p21, p22]] (displacement from
/// the target and velocity).
void hooke_c_spring_step(size_t n, size_t steps,
                         double *x, double *y, double *vx, double *vy,
                         const double *tx, const double *ty,
                         double p11, double p12, double p21, double p22);

#endif
