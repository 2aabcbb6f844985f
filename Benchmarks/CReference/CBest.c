#include "CBest.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

// Bit-identity with SpringBatch (Sources/HookeBatch/SpringBatchKernel.swift) rests on
// three things:
// - the same operations in the same order per item and step: d' = p11·d + p12·v and
//   v' = p21·d + p22·v, and, with `fma`, d' = fma(p12, v, p11·d), v' = fma(p22, v, p21·d)
//   (Swift's `(a * x).addingProduct(b, y)`);
// - no other contraction: clang contracts a·b + c into an FMA by default under
//   -march=native, which Swift never does, so contraction is off for this file and the
//   FMAs are written out;
// - the same conversions at the edges: Φ, targets and velocities rounded once from
//   double, displacements formed in double and rounded once (`load`, `retarget`).
// Steps of different items are independent, so the order in which items are visited
// (vector lanes, threads) cannot change a bit.
#pragma clang fp contract(off)

// Every column starts on a 64-byte line; consecutive columns of a set sit 5 lines
// further into the page than the one before (0, 320, …, 1600 bytes), so no two share
// a page offset.
enum { LINE = 64, PAGE = 4096, STAGGER = 5 * LINE, COLUMNS = 6 };

// Zeroed, so that the tail of each column up to its line boundary (the padding `FRAME`
// steps along with the last items) holds zeros, which stay zeros, never subnormal.
static void *alloc_columns(size_t count, size_t size, char *columns[COLUMNS]) {
    size_t bytes = (count * size + PAGE - 1) / PAGE * PAGE + STAGGER;
    void *block = NULL;
    if (posix_memalign(&block, PAGE, bytes * COLUMNS) != 0) return NULL;
    memset(block, 0, bytes * COLUMNS);
    for (int k = 0; k < COLUMNS; k++) columns[k] = (char *)block + (size_t)k * bytes;
    return block;
}

bool hooke_c_best_alloc_d(hooke_c_best_columns_d *c, size_t count) {
    char *k[COLUMNS];
    c->block = alloc_columns(count, sizeof(double), k);
    c->count = count;
    c->dx = (double *)k[0]; c->dy = (double *)k[1]; c->vx = (double *)k[2];
    c->vy = (double *)k[3]; c->tx = (double *)k[4]; c->ty = (double *)k[5];
    c->quiescent = false;
    return c->block != NULL;
}

bool hooke_c_best_alloc_f(hooke_c_best_columns_f *c, size_t count) {
    char *k[COLUMNS];
    c->block = alloc_columns(count, sizeof(float), k);
    c->count = count;
    c->dx = (float *)k[0]; c->dy = (float *)k[1]; c->vx = (float *)k[2];
    c->vy = (float *)k[3]; c->tx = (float *)k[4]; c->ty = (float *)k[5];
    c->quiescent = false;
    return c->block != NULL;
}

void hooke_c_best_free_d(hooke_c_best_columns_d *c) { free(c->block); memset(c, 0, sizeof *c); }
void hooke_c_best_free_f(hooke_c_best_columns_f *c) { free(c->block); memset(c, 0, sizeof *c); }

// SpringBatch.write: the target rounded first, the displacement from the rounded target.
#define LOAD(S)                                                              \
    for (size_t i = 0; i < c->count; i++) {                                  \
        S tX = (S)tx[i], tY = (S)ty[i];                                      \
        c->tx[i] = tX;                                                       \
        c->ty[i] = tY;                                                       \
        c->dx[i] = (S)(x[i] - (double)tX);                                   \
        c->dy[i] = (S)(y[i] - (double)tY);                                   \
        c->vx[i] = (S)vx[i];                                                 \
        c->vy[i] = (S)vy[i];                                                 \
    }

void hooke_c_best_load_d(hooke_c_best_columns_d *c, const double *x, const double *y,
                         const double *vx, const double *vy, const double *tx, const double *ty) {
    LOAD(double)
}

void hooke_c_best_load_f(hooke_c_best_columns_f *c, const double *x, const double *y,
                         const double *vx, const double *vy, const double *tx, const double *ty) {
    LOAD(float)
}

// SpringBatch.retarget: d ← (t_old + d_old) − t_new, in double, rounded once.
#define RETARGET(S)                                                          \
    for (size_t i = begin; i < end; i++) {                                   \
        S nX = (S)x[i - begin], nY = (S)y[i - begin];                        \
        c->dx[i] = (S)(((double)c->tx[i] + (double)c->dx[i]) - (double)nX);  \
        c->dy[i] = (S)(((double)c->ty[i] + (double)c->dy[i]) - (double)nY);  \
        c->tx[i] = nX;                                                       \
        c->ty[i] = nY;                                                       \
    }                                                                        \
    if (begin < end) c->quiescent = false;

void hooke_c_best_retarget_d(hooke_c_best_columns_d *c, size_t begin, size_t end,
                             const double *x, const double *y) {
    RETARGET(double)
}

void hooke_c_best_retarget_f(hooke_c_best_columns_f *c, size_t begin, size_t end,
                             const double *x, const double *y) {
    RETARGET(float)
}

// One exact step of one axis, in SpringBatchKernel.dot's two roundings.
#define STEP_PLAIN(d, v)                                                     \
    do {                                                                     \
        S d1 = p11 * d + p12 * v, v1 = p21 * d + p22 * v;                    \
        d = d1; v = v1;                                                      \
    } while (0)
#define STEP_FMA(d, v)                                                       \
    do {                                                                     \
        S d1 = FMA(p12, v, p11 * d), v1 = FMA(p22, v, p21 * d);              \
        d = d1; v = v1;                                                      \
    } while (0)

// One pass over [begin, end): each item loaded once, `TWICE` (0 or 1) plus one steps
// applied in registers, stored once. The loop is a plain counted loop over
// restrict-qualified columns, which clang vectorises to the widest unit -march=native
// offers; `STEP` is a macro rather than a function pointer so each variant is its own
// branch-free loop.
#define PASS(NAME, S, STEP, TWICE)                                           \
    static void NAME(S *restrict dx, S *restrict dy, S *restrict vx,         \
                     S *restrict vy, size_t begin, size_t end,               \
                     S p11, S p12, S p21, S p22) {                           \
        for (size_t i = begin; i < end; i++) {                               \
            S ex = dx[i], ey = dy[i], ux = vx[i], uy = vy[i];                \
            if (TWICE) { STEP(ex, ux); STEP(ey, uy); }                       \
            STEP(ex, ux);                                                    \
            STEP(ey, uy);                                                    \
            dx[i] = ex; dy[i] = ey; vx[i] = ux; vy[i] = uy;                  \
        }                                                                    \
    }

#define S double
#define FMA __builtin_fma
PASS(pass1_plain_d, double, STEP_PLAIN, 0)
PASS(pass2_plain_d, double, STEP_PLAIN, 1)
PASS(pass1_fma_d, double, STEP_FMA, 0)
PASS(pass2_fma_d, double, STEP_FMA, 1)
#undef S
#undef FMA
#define S float
#define FMA __builtin_fmaf
PASS(pass1_plain_f, float, STEP_PLAIN, 0)
PASS(pass2_plain_f, float, STEP_PLAIN, 1)
PASS(pass1_fma_f, float, STEP_FMA, 0)
PASS(pass2_fma_f, float, STEP_FMA, 1)
#undef S
#undef FMA

// Items per block when a call takes more than two steps: 4 columns × 512 doubles = 16 KiB,
// which stay in L1 while every pair of steps runs over them. The benchmark's frames are
// one or two steps, one pass each; this is for completeness.
enum { BLOCK = 512 };

// A range that ends at the last item is stepped on to the end of its line: the padding
// items are zeros (stepping them changes nothing), and the loop is whole vectors, with no
// scalar remainder (a group of 125 items would otherwise step 5 at the scalar rate).
#define FRAME(S, SUFFIX)                                                     \
    if (c->quiescent) return;                                                \
    if (end == c->count) end = (end + LINE / sizeof(S) - 1) / (LINE / sizeof(S)) * (LINE / sizeof(S)); \
    S q11 = (S)p11, q12 = (S)p12, q21 = (S)p21, q22 = (S)p22;                \
    size_t block = steps <= 2 ? end - begin : BLOCK;                         \
    for (size_t lo = begin; lo < end; lo += block) {                         \
        size_t hi = end - lo < block ? end : lo + block;                     \
        size_t remaining = steps;                                            \
        for (; remaining >= 2; remaining -= 2) {                             \
            if (fma) pass2_fma_##SUFFIX(c->dx, c->dy, c->vx, c->vy, lo, hi, q11, q12, q21, q22); \
            else pass2_plain_##SUFFIX(c->dx, c->dy, c->vx, c->vy, lo, hi, q11, q12, q21, q22); \
        }                                                                    \
        if (remaining == 1) {                                                \
            if (fma) pass1_fma_##SUFFIX(c->dx, c->dy, c->vx, c->vy, lo, hi, q11, q12, q21, q22); \
            else pass1_plain_##SUFFIX(c->dx, c->dy, c->vx, c->vy, lo, hi, q11, q12, q21, q22); \
        }                                                                    \
    }

void hooke_c_best_frame_d(hooke_c_best_columns_d *c, size_t begin, size_t end, size_t steps,
                          double p11, double p12, double p21, double p22, bool fma) {
    FRAME(double, d)
}

void hooke_c_best_frame_f(hooke_c_best_columns_f *c, size_t begin, size_t end, size_t steps,
                          double p11, double p12, double p21, double p22, bool fma) {
    FRAME(float, f)
}

// SpringBatchKernel.settleIfQuiescent: Swift's `ulp` of a finite magnitude m is
// nextafter(m, ∞) − m (the smallest subnormal at 0), which the floor then lifts.
#define SETTLE(S, ABS, NEXT, LEAST, EPSILON)                                      \
    S hS = (S)h, u0 = (S)ulps, floor = LEAST / EPSILON;                      \
    for (size_t i = 0; i < c->count; i++) {                                  \
        S t = ABS(c->tx[i]) > ABS(c->ty[i]) ? ABS(c->tx[i]) : ABS(c->ty[i]); \
        S ulp = NEXT(t, (S)INFINITY) - t;                                    \
        S u = u0 * (ulp > floor ? ulp : floor);                              \
        if (ABS(c->dx[i]) > u || ABS(c->dy[i]) > u                         \
            || ABS(c->vx[i]) * hS > u || ABS(c->vy[i]) * hS > u)           \
            return false;                                                    \
    }                                                                        \
    for (size_t i = 0; i < c->count; i++) {                                  \
        c->dx[i] = 0; c->dy[i] = 0; c->vx[i] = 0; c->vy[i] = 0;             \
    }                                                                        \
    c->quiescent = true;                                                     \
    return true;

bool hooke_c_best_settle_d(hooke_c_best_columns_d *c, double h, double ulps) {
    SETTLE(double, fabs, nextafter, DBL_MIN, DBL_EPSILON)
}

bool hooke_c_best_settle_f(hooke_c_best_columns_f *c, double h, double ulps) {
    SETTLE(float, fabsf, nextafterf, FLT_MIN, FLT_EPSILON)
}
