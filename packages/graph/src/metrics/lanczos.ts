// The leading eigenvector of a symmetric operator by restarted Lanczos with full reorthogonalization.
// Power iteration needs ~1/gap steps and stalls on graphs with a small spectral gap (long chains);
// a Krylov basis of 30 vectors, restarted from its best (Ritz) vector, does much better there.

const BASIS = 30;
// Bounds the time on pathological graphs (a 2,000-node chain still misses 1e-14 after this many).
const MAX_RESTARTS = 200;

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** Eigenpairs of a small dense symmetric matrix (cyclic Jacobi); answers the largest. */
function largestEigenpair(t: Float64Array[], k: number): { value: number; vector: Float64Array } {
  const a = t.map((row) => Float64Array.from(row));
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
  let best = 0;
  for (let i = 1; i < k; i++) if (a[i]![i]! > a[best]![best]!) best = i;
  return { value: a[best]![best]!, vector: Float64Array.from(v, (row) => row[best]!) };
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
  const basis = Array.from({ length: m + 1 }, () => new Float64Array(n));
  const x = Float64Array.from(start);
  const check = new Float64Array(n);
  let best = Number.POSITIVE_INFINITY;
  let improved = 0;
  for (let restart = 0; restart < MAX_RESTARTS; restart++) {
    const norm0 = Math.sqrt(dot(x, x));
    if (norm0 === 0) return x;
    for (let i = 0; i < n; i++) basis[0]![i] = x[i]! / norm0;
    const t = Array.from({ length: m }, () => new Float64Array(m));
    let k = 0;
    for (let j = 0; j < m; j++) {
      const w = basis[j + 1]!;
      apply(basis[j]!, w);
      t[j]![j] = dot(w, basis[j]!);
      // Twice is enough (Kahan's rule) to keep the basis orthogonal to working precision.
      for (let pass = 0; pass < 2; pass++) {
        for (let i = 0; i <= j; i++) {
          const c = dot(w, basis[i]!);
          const bi = basis[i]!;
          for (let r = 0; r < n; r++) w[r]! -= c * bi[r]!;
        }
      }
      k = j + 1;
      const beta = Math.sqrt(dot(w, w));
      if (beta <= 1e-13 * Math.abs(t[j]![j]!) || j + 1 === m) break;
      if (j + 1 < m) {
        t[j]![j + 1] = beta;
        t[j + 1]![j] = beta;
      }
      for (let r = 0; r < n; r++) w[r] = w[r]! / beta;
    }
    const { value, vector } = largestEigenpair(
      t.slice(0, k).map((row) => row.slice(0, k)),
      k,
    );
    x.fill(0);
    for (let i = 0; i < k; i++) {
      const yi = vector[i]!;
      const bi = basis[i]!;
      for (let r = 0; r < n; r++) x[r]! += yi * bi[r]!;
    }
    let sum = 0;
    for (const value of x) sum += value;
    if (sum < 0) for (let r = 0; r < n; r++) x[r] = -x[r]!;
    const norm = Math.sqrt(dot(x, x));
    for (let r = 0; r < n; r++) x[r] = x[r]! / norm;
    apply(x, check);
    let residual = 0;
    for (let r = 0; r < n; r++) residual += (check[r]! - value * x[r]!) ** 2;
    residual = Math.sqrt(residual);
    if (residual <= tol * Math.abs(value)) break;
    // Rounding puts a floor under the residual: stop once ten restarts no longer lower it by a tenth.
    if (residual < 0.9 * best) {
      best = residual;
      improved = restart;
    } else if (restart - improved >= 10) break;
  }
  return x;
}
