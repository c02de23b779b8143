// Leases on claimed rows (jobs, survey email deliveries): a short lease that the worker renews while it
// works. A crashed worker's rows are free LEASE_MS after its last renewal, so its work is taken over
// within LEASE_MS plus one poll (worker.ts POLL_MS), well inside 30 s; a live worker keeps its rows however
// long the work takes. A worker that lost a lease (a stall, a partition) finds no row to settle: every
// update that ends a claim checks the claim is still its own.

/** How long a claimed row is held without a renewal. */
export const LEASE_MS = 20_000;
/** How often a working worker renews: four beats to a lease, so one late beat costs nothing. */
export const HEARTBEAT_MS = 5_000;

export interface LeaseTimes {
  leaseMs: number;
  heartbeatMs: number;
}

export const LEASE: LeaseTimes = { leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS };

export interface Heartbeat {
  /** The latest moment (epoch ms) the lease is known to last: the claim's, moved on by each renewal. */
  heldUntil: () => number;
  /** Stops renewing; resolves once a renewal under way has landed. */
  stop: () => Promise<void>;
}

/**
 * Renews a lease claimed just now every `heartbeatMs` until stopped. `renew` extends the rows still
 * claimed by `leaseMs`; a renewal that fails is skipped (the lease then simply runs out sooner), and one
 * still under way when the next is due is not doubled.
 */
export function heartbeat(renew: () => Promise<unknown>, times: LeaseTimes = LEASE): Heartbeat {
  let heldUntil = Date.now() + times.leaseMs;
  let beating: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (beating) return;
    const at = Date.now();
    beating = renew()
      .then(
        () => {
          heldUntil = at + times.leaseMs;
        },
        () => {},
      )
      .finally(() => {
        beating = null;
      });
  }, times.heartbeatMs);
  timer.unref();
  return {
    heldUntil: () => heldUntil,
    stop: async () => {
      clearInterval(timer);
      await beating;
    },
  };
}
