import COpenBLAS

/// OpenBLAS's practical peak on this machine and thread count: C = A·B for square
/// row-major matrices of order n with one `cblas_dgemm`, 2n³ flops, each repetition one
/// product. At n = 2048 packing and call overhead are below 1% of the work, so the rate
/// is what the GEMM kernel sustains — the ceiling the `gemm` engine is measured against.
final class DGEMMPeak {
    let order: Int
    private let a: AlignedColumn
    private let b: AlignedColumn
    private let c: AlignedColumn

    /// Operands filled with uniform values in [−1, 1] from a fixed seed (no zeros or
    /// subnormals that could take a fast or a slow path).
    init(order: Int) {
        self.order = order
        var random = SeededGenerator(seed: 0x5065_616B)
        a = AlignedColumn((0..<(order * order)).map { _ in random.uniform(-1...1) })
        b = AlignedColumn((0..<(order * order)).map { _ in random.uniform(-1...1) })
        c = AlignedColumn(zeros: order * order)
    }

    /// 2n³.
    var flopsPerProduct: Double { 2 * Double(order) * Double(order) * Double(order) }

    /// One product C = A·B.
    func multiply() {
        let n = blasint(order)
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n,
                    1, a.base, n, b.base, n, 0, c.base, n)
    }

    /// Σ of C's diagonal, compensated: shows the product was computed.
    func checksum() -> Double {
        var sum = CompensatedSum()
        for i in 0..<order { sum.add(c[i * order + i]) }
        return sum.value
    }
}
