// The leading eigenvector of a symmetric operator by thick-restart Lanczos (Wu and Simon) with full
// reorthogonalization. Power iteration needs ~1/gap steps and stalls on graphs with a small spectral
// gap (long chains). Restarting from the single best Ritz vector loses what the basis learned about
// the next eigenvectors, so on a 2,000-node chain it never converged; keeping the best half of the
// Ritz vectors at each restart (as ARPACK's implicit restarts do) converges like unrestarted Lanczos.

const BASIS = 40;
const KEEP = 16;
// Bounds the time on pathological graphs; a 2,000-node chain converges in well under this.
const MAX_OPERATOR_CALLS = 20_000;

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** All eigenpairs of a small dense symmetric matrix (cyclic Jacobi), largest eigenvalue first. */
export function symmetricEigen(matrix: Float64Array[], k: number): { values: number[]; vectors: Float64Array[] } {
  const a = matrix.slice(0, k).map((row) => Float64Array.from(row.subarray(0, k)));
  // v[r][c]: row r of the eigenvector matrix; column c is the c-th eigenvector.
  const v = Array.from({ length: k }, (_, i) => {
    const row = new Float64Array(k);
    row[i] = 1;
    return row;
  });
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    let diag = 0;
    for (let p = 0; p < k; p++) {
      diag += a[p]![p]! ** 2;
      for (let q = p + 1; q < k; q++) off += a[p]![q]! ** 2;
    }
    if (off <= 1e-32 * diag) break;
    for (let p = 0; p < k; p++) {
      for (let q = p + 1; q < k; q++) {
        const apq = a[p]![q]!;
        if (apq === 0) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const tan = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(tan * tan + 1);
        const s = tan * c;
        for (let r = 0; r < k; r++) {
          const arp = a[r]![p]!;
          const arq = a[r]![q]!;
          a[r]![p] = c * arp - s * arq;
          a[r]![q] = s * arp + c * arq;
        }
        for (let r = 0; r < k; r++) {
          const apr = a[p]![r]!;
          const aqr = a[q]![r]!;
          a[p]![r] = c * apr - s * aqr;
          a[q]![r] = s * apr + c * aqr;
        }
        for (let r = 0; r < k; r++) {
          const vrp = v[r]![p]!;
          const vrq = v[r]![q]!;
          v[r]![p] = c * vrp - s * vrq;
          v[r]![q] = s * vrp + c * vrq;
        }
      }
    }
  }
  const order = Array.from({ length: k }, (_, i) => i).sort((x, y) => a[y]![y]! - a[x]![x]!);
  return {
    values: order.map((i) => a[i]![i]!),
    vectors: order.map((i) => Float64Array.from(v, (row) => row[i]!)),
  };
}

/**
 * Unit-norm leading eigenvector of the symmetric operator `apply` (y = B x), signed so its entries sum
 * to a non-negative value; stops when |B x - theta x| <= tol * |theta|.
 */
export function leadingEigenvector(
  n: number,
  apply: (x: Float64Array, y: Float64Array) => void,
  start: Float64Array,
  tol = 1e-14,
): Float64Array {
  const m = Math.min(n, BASIS);
  const keep = Math.min(KEEP, m - 1);
  let basis = Array.from({ length: m + 1 }, () => new Float64Array(n));
  let spare = Array.from({ length: keep + 1 }, () => new Float64Array(n));
  // h = V^T B V, the operator projected on the basis (only the upper triangle is written).
  const h = Array.from({ length: m }, () => new Float64Array(m));
  const norm0 = Math.sqrt(dot(start, start));
  if (norm0 === 0) return Float64Array.from(start);
  for (let i = 0; i < n; i++) basis[0]![i] = start[i]! / norm0;
  let from = 0;
  let calls = 0;
  let best = Number.POSITIVE_INFINITY;
  let bestCalls = 0;
  const x = new Float64Array(n);
  for (;;) {
    let size = m;
    let beta = 0;
    for (let j = from; j < m; j++) {
      const w = basis[j + 1]!;
      apply(basis[j]!, w);
      calls++;
      for (let i = 0; i <= j; i++) h[i]![j] = 0;
      // Twice is enough (Kahan's rule) to keep the basis orthogonal to working precision.
      for (let pass = 0; pass < 2; pass++) {
        for (let i = 0; i <= j; i++) {
          const bi = basis[i]!;
          const c = dot(w, bi);
          h[i]![j]! += c;
          for (let r = 0; r < n; r++) w[r]! -= c * bi[r]!;
        }
      }
      beta = Math.sqrt(dot(w, w));
      if (beta <= 1e-13 * Math.abs(h[j]![j]!)) {
        // The basis spans an invariant subspace: its Ritz vectors are exact.
        size = j + 1;
        beta = 0;
        break;
      }
      for (let r = 0; r < n; r++) w[r] = w[r]! / beta;
    }
    for (let i = 0; i < size; i++) for (let j = i + 1; j < size; j++) h[j]![i] = h[i]![j]!;
    const { values, vectors } = symmetricEigen(h, size);
    // The residual of Ritz pair i is beta times the last entry of its vector.
    const residual = Math.abs(beta * vectors[0]![size - 1]!);
    const done = beta === 0 || residual <= tol * Math.abs(values[0]!) || calls >= MAX_OPERATOR_CALLS;
    // Rounding puts a floor under the residual: stop once 2,000 more calls no longer lower it tenfold.
    if (residual < 0.1 * best) {
      best = residual;
      bestCalls = calls;
    }
    if (done || calls - bestCalls > 2_000) {
      const y = vectors[0]!;
      x.fill(0);
      for (let l = 0; l < size; l++) {
        const yl = y[l]!;
        const bl = basis[l]!;
        for (let r = 0; r < n; r++) x[r]! += yl * bl[r]!;
      }
      break;
    }
    // Thick restart: the best `keep` Ritz vectors, then the residual direction, start the next basis.
    const kept = Math.min(keep, size - 1);
    for (let i = 0; i < kept; i++) {
      const target = spare[i]!;
      target.fill(0);
      const y = vectors[i]!;
      for (let l = 0; l < size; l++) {
        const yl = y[l]!;
        const bl = basis[l]!;
        for (let r = 0; r < n; r++) target[r]! += yl * bl[r]!;
      }
    }
    spare[kept]!.set(basis[size]!);
    [basis, spare] = [
      [...spare.slice(0, kept + 1), ...basis.slice(kept + 1)],
      [...basis.slice(0, kept + 1), ...spare.slice(kept + 1)],
    ];
    for (const row of h) row.fill(0);
    for (let i = 0; i < kept; i++) h[i]![i] = values[i]!;
    from = kept;
  }
  let sum = 0;
  for (const value of x) sum += value;
  if (sum < 0) for (let r = 0; r < n; r++) x[r] = -x[r]!;
  const norm = Math.sqrt(dot(x, x));
  for (let r = 0; r < n; r++) x[r] = x[r]! / norm;
  return x;
}
