#ifndef HOOKE_CREFERENCE_H
#define HOOKE_CREFERENCE_H

#include <stddef.h>

#include "CBest.h"
#include "Roofline.h"
#include "CBestServices.h"

/// Items per block of the fused kernel: six columns of 512 doubles are 24 KiB, which
/// stay in the L1 data cache while every fused step of the block runs.
#define HOOKE_C_BLOCK_ITEMS 512

/// The practical limit the benchmark compares Hooke with: a plain C loop that steps
/// `n` independent 2-D springs, stored as structure-of-arrays columns of position,
/// velocity and target (the layout a user writing the loop would pick), `steps` times
/// with one shared exact propagator Φ = [[p11, p12], [p21, p22]] acting on the
/// displacement from the target and the velocity:
///
///     x ← tx + p11·(x − tx) + p12·vx        vx ← p21·(x − tx) + p22·vx
///
/// (and the same for y). The steps are fused: the columns are walked in blocks of
/// `HOOKE_C_BLOCK_ITEMS` items and every step is applied to a block before the next
/// block is read, so the columns cross the memory bus once per call rather than once
/// per step. The result is the same, item by item, as stepping all items once per step.
///
/// The columns should be 64-byte aligned (the benchmark allocates them so) and must
/// not overlap.
void hooke_c_spring_step(size_t n, size_t steps,
                         double *x, double *y, double *vx, double *vy,
                         const double *tx, const double *ty,
                         double p11, double p12, double p21, double p22);

/// Bytes the C allocator actually reserved for the heap block at `block` (at least its
/// requested size: allocators round up to their size classes). The benchmark reports
/// it as the true memory cost of one object per animation.
size_t hooke_c_allocation_size(const void *block);

#endif
