#ifndef HOOKE_LINEAR_ALGEBRA_H
#define HOOKE_LINEAR_ALGEBRA_H

// The BLAS and LAPACK calls of HookeLinear as plain C functions taking values, shared
// by both backends' shims (COpenBLAS on Linux, CAccelerate on Apple platforms), so that
// HookeLinear has one Swift code path. The including shim first declares
//   cblas_dgemm, cblas_dgemv, dgetrf_, dgetrs_, dpotrf_, dpotrs_, dgels_
// and defines HOOKE_CHARACTER_LENGTH as what follows the last argument of a Fortran
// routine that takes one character option: ", 1" where the callee expects gfortran's
// hidden length (OpenBLAS), nothing where it does not (Accelerate's CLAPACK).
//
// Dimensions are 32-bit (LP64 interfaces); matrices are row-major for the CBLAS calls
// and column-major for LAPACK. Each LAPACK wrapper returns LAPACK's INFO.

#define HOOKE_ROW_MAJOR 101
#define HOOKE_NO_TRANSPOSE 111
#define HOOKE_TRANSPOSE 112

/// C(m×n) = A(m×k)·op(B), op(B) = B (k×n) or Bᵀ with B stored n×k; all row-major.
static inline void hooke_dgemm(int transpose_b, int m, int n, int k, const double *a, int lda,
                               const double *b, int ldb, double *c, int ldc) {
    cblas_dgemm(HOOKE_ROW_MAJOR, HOOKE_NO_TRANSPOSE, transpose_b ? HOOKE_TRANSPOSE : HOOKE_NO_TRANSPOSE,
                m, n, k, 1.0, a, lda, b, ldb, 0.0, c, ldc);
}

/// y(m) = A(m×n)·x, A row-major with leading dimension n.
static inline void hooke_dgemv(int m, int n, const double *a, const double *x, double *y) {
    cblas_dgemv(HOOKE_ROW_MAJOR, HOOKE_NO_TRANSPOSE, m, n, 1.0, a, n, x, 1, 0.0, y, 1);
}

/// LU with partial pivoting of the n×n column-major a, in place (lda = max(n, 1)).
static inline int hooke_dgetrf(int n, double *a, int *pivots) {
    int lda = n > 1 ? n : 1, info = 0;
    if (n > 0) dgetrf_(&n, &n, a, &lda, pivots, &info);
    return info;
}

/// Solves op(A)·X = B with the factors of hooke_dgetrf; B column-major n×nrhs.
static inline int hooke_dgetrs(int transpose, int n, int nrhs, double *a, int *pivots, double *b) {
    char trans = transpose ? 'T' : 'N';
    int lda = n > 1 ? n : 1, info = 0;
    dgetrs_(&trans, &n, &nrhs, a, &lda, pivots, b, &lda, &info HOOKE_CHARACTER_LENGTH);
    return info;
}

/// Cholesky A = Uᵀ·U of the column-major n×n a (upper triangle read), in place.
static inline int hooke_dpotrf(int n, double *a) {
    char uplo = 'U';
    int lda = n > 1 ? n : 1, info = 0;
    dpotrf_(&uplo, &n, a, &lda, &info HOOKE_CHARACTER_LENGTH);
    return info;
}

/// Solves A·X = B with the factor of hooke_dpotrf; B column-major n×nrhs.
static inline int hooke_dpotrs(int n, int nrhs, double *a, double *b) {
    char uplo = 'U';
    int lda = n > 1 ? n : 1, info = 0;
    dpotrs_(&uplo, &n, &nrhs, a, &lda, b, &lda, &info HOOKE_CHARACTER_LENGTH);
    return info;
}

/// Least squares / minimum norm with op(A), A column-major m×n (lda = max(m, 1)), B
/// column-major with leading dimension max(m, n, 1). lwork = -1 queries the optimal
/// workspace size into work[0].
static inline int hooke_dgels(int transpose, int m, int n, int nrhs, double *a, double *b,
                              double *work, int lwork) {
    char trans = transpose ? 'T' : 'N';
    int lda = m > 1 ? m : 1, ldb = m > n ? m : n, info = 0;
    if (ldb < 1) ldb = 1;
    dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, &info HOOKE_CHARACTER_LENGTH);
    return info;
}

#endif
