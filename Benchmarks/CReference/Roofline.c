#include "Roofline.h"

// The compute kernel's arithmetic is rounded as c-best's and SpringBatch's is: no
// contraction beyond the FMAs written out.
#pragma clang fp contract(off)

// One native vector register: the kernel's state is a fixed set of these, so it lives in
// registers for the whole run. With 32 registers (AVX-512) four per column (16 in all),
// with 16 (AVX2, SSE, NEON's 32 of 16 bytes aside) three, leaving room for Φ.
#if defined(__AVX512F__)
#define VECTOR_BYTES 64
#define PER_COLUMN 4
#elif defined(__AVX__)
#define VECTOR_BYTES 32
#define PER_COLUMN 3
#else
#define VECTOR_BYTES 16
#define PER_COLUMN 3
#endif

typedef double vd __attribute__((vector_size(VECTOR_BYTES)));
typedef float vf __attribute__((vector_size(VECTOR_BYTES)));

size_t hooke_c_roofline_items_d(void) { return PER_COLUMN * VECTOR_BYTES / sizeof(double); }
size_t hooke_c_roofline_items_f(void) { return PER_COLUMN * VECTOR_BYTES / sizeof(float); }

// d' = p11·d + p12·v, v' = p21·d + p22·v, or with FMA d' = fma(p12, v, p11·d) …: the
// step of CBest.c on whole registers.
#define STEP(d, v)                                                           \
    do {                                                                     \
        __typeof__(d) d1, v1;                                                \
        if (FUSED) {                                                         \
            d1 = __builtin_elementwise_fma(q12, v, q11 * d);                 \
            v1 = __builtin_elementwise_fma(q22, v, q21 * d);                 \
        } else {                                                             \
            d1 = q11 * d + q12 * v;                                          \
            v1 = q21 * d + q22 * v;                                          \
        }                                                                    \
        d = d1; v = v1;                                                      \
    } while (0)

// Two steps per pass, as a fused frame; the starting state differs per lane so that no
// two registers hold the same values.
#define COMPUTE(NAME, V, S, FUSED_VALUE)                                     \
    static double NAME(size_t passes, S p11, S p12, S p21, S p22) {          \
        enum { FUSED = FUSED_VALUE, LANES = VECTOR_BYTES / sizeof(S) };      \
        V q11, q12, q21, q22, dx[PER_COLUMN], dy[PER_COLUMN], vx[PER_COLUMN], vy[PER_COLUMN]; \
        for (int l = 0; l < LANES; l++) {                                    \
            q11[l] = p11; q12[l] = p12; q21[l] = p21; q22[l] = p22;          \
        }                                                                    \
        for (int k = 0; k < PER_COLUMN; k++) {                               \
            for (int l = 0; l < LANES; l++) {                                \
                S seed = (S)(k * LANES + l + 1);                             \
                dx[k][l] = seed; dy[k][l] = seed / 2; vx[k][l] = 10 * seed; vy[k][l] = 5 * seed; \
            }                                                                \
        }                                                                    \
        for (size_t p = 0; p < passes; p++) {                                \
            for (int s = 0; s < 2; s++) {                                    \
                for (int k = 0; k < PER_COLUMN; k++) {                       \
                    STEP(dx[k], vx[k]);                                      \
                    STEP(dy[k], vy[k]);                                      \
                }                                                            \
            }                                                                \
        }                                                                    \
        double sum = 0;                                                      \
        for (int k = 0; k < PER_COLUMN; k++) {                               \
            for (int l = 0; l < LANES; l++) sum += dx[k][l] + dy[k][l] + vx[k][l] + vy[k][l]; \
        }                                                                    \
        return sum;                                                          \
    }

COMPUTE(compute_plain_d, vd, double, 0)
COMPUTE(compute_fma_d, vd, double, 1)
COMPUTE(compute_plain_f, vf, float, 0)
COMPUTE(compute_fma_f, vf, float, 1)

double hooke_c_roofline_compute_d(size_t passes, double p11, double p12, double p21, double p22, bool fma) {
    return fma ? compute_fma_d(passes, p11, p12, p21, p22) : compute_plain_d(passes, p11, p12, p21, p22);
}

double hooke_c_roofline_compute_f(size_t passes, double p11, double p12, double p21, double p22, bool fma) {
    return fma ? compute_fma_f(passes, (float)p11, (float)p12, (float)p21, (float)p22)
               : compute_plain_f(passes, (float)p11, (float)p12, (float)p21, (float)p22);
}

#define ROTATE(S)                                                            \
    static void rotate_##S(S *restrict dx, S *restrict dy, S *restrict vx,   \
                           S *restrict vy, size_t begin, size_t end) {       \
        for (size_t i = begin; i < end; i++) {                               \
            S t = dx[i];                                                     \
            dx[i] = dy[i]; dy[i] = vx[i]; vx[i] = vy[i]; vy[i] = t;          \
        }                                                                    \
    }

ROTATE(double)
ROTATE(float)

void hooke_c_roofline_memory_d(hooke_c_best_columns_d *c, size_t begin, size_t end) {
    rotate_double(c->dx, c->dy, c->vx, c->vy, begin, end);
}

void hooke_c_roofline_memory_f(hooke_c_best_columns_f *c, size_t begin, size_t end) {
    rotate_float(c->dx, c->dy, c->vx, c->vy, begin, end);
}
