#ifndef HOOKE_COPENBLAS_SHIM_H
#define HOOKE_COPENBLAS_SHIM_H

// OpenBLAS's CBLAS interface (pkg-config `openblas` puts its directory on the
// include path).
#include <cblas.h>

// The Fortran LAPACK routines Hooke calls. OpenBLAS exports them with the
// trailing-underscore Fortran convention; every argument is passed by pointer,
// and matrices are column-major. Character options (TRANS, UPLO) are single bytes,
// and the Fortran ABI appends one hidden length argument per character option after
// the others; they are declared (and passed as 1) because gfortran-compiled callees
// may assume the caller reserved room for them (see LAPACK's lapack.h,
// LAPACK_FORTRAN_STRLEN_END).
#include <stddef.h>

/// Solves A·X = B for a general N×N matrix by LU with partial pivoting.
/// INFO > 0: U(INFO, INFO) is exactly zero, A is singular.
void dgesv_(const int *n, const int *nrhs, double *a, const int *lda,
            int *ipiv, double *b, const int *ldb, int *info);

/// LU factorisation with partial pivoting, A = P·L·U, of an M×N matrix.
/// INFO > 0: U(INFO, INFO) is exactly zero.
void dgetrf_(const int *m, const int *n, double *a, const int *lda,
             int *ipiv, int *info);

/// Solves A·X = B or Aᵀ·X = B (TRANS = 'N' or 'T') with the factors of dgetrf.
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a,
             const int *lda, const int *ipiv, double *b, const int *ldb, int *info,
             size_t trans_len);

/// Cholesky factorisation A = Uᵀ·U (UPLO = 'U') or L·Lᵀ (UPLO = 'L') of a symmetric
/// positive-definite matrix. INFO > 0: the leading minor of order INFO is not
/// positive, A is not positive definite.
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info,
             size_t uplo_len);

/// Solves A·X = B with the Cholesky factor of dpotrf.
void dpotrs_(const char *uplo, const int *n, const int *nrhs, const double *a,
             const int *lda, double *b, const int *ldb, int *info, size_t uplo_len);

/// Least squares min ‖B − op(A)·X‖ (or the minimum-norm solution of an
/// under-determined system) by QR or LQ of a full-rank A. LWORK = −1 queries the
/// optimal workspace size into WORK[0]. INFO > 0: the triangular factor has a zero
/// on its diagonal, A does not have full rank.
void dgels_(const char *trans, const int *m, const int *n, const int *nrhs,
            double *a, const int *lda, double *b, const int *ldb,
            double *work, const int *lwork, int *info, size_t trans_len);

/// OpenBLAS is built with gfortran, whose callees take the hidden lengths.
#define HOOKE_CHARACTER_LENGTH , 1
#include "hooke_linear_algebra.h"

#endif
