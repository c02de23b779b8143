// Bounded heavy runs per server (issue 36): AONA analyses, network metrics and Discover summaries each
// take a core or more for seconds to minutes, so a server runs at most `perServer` of them at once and
// at most `perAccount` for any one account; the rest wait in line. The line is first come, first
// served within an account and round-robin across accounts: an account that queues ten runs gets one
// turn while every other waiting account also gets one. The slots live in the server's memory: with
// several servers, each keeps its own limits (docs/analysis.md).

export interface SlotLimits {
  /** Runs at once on this server. */
  perServer: number;
  /** Runs at once for one account on this server. */
  perAccount: number;
}

/** Two runs at once per server (its two cores), one per account (ANALYSIS_SLOTS, ANALYSIS_SLOTS_PER_ACCOUNT). */
export const DEFAULT_SLOT_LIMITS: SlotLimits = { perServer: 2, perAccount: 1 };

/**
 * Workers requests start (workers/request-work.ts: uploads read, whole networks changed or exported):
 * seconds each and mostly one core, so four at once per server, two per account (WORK_SLOTS,
 * WORK_SLOTS_PER_ACCOUNT).
 */
export const DEFAULT_WORK_LIMITS: SlotLimits = { perServer: 4, perAccount: 2 };

/** Who waits: the account whose turn it is, and the user and run it shows them (the AONA page's line). */
export interface SlotTicket {
  account: string;
  user: string;
  label: string;
  /** What the run is, for a caller asking its place in line (a network's metrics: metricsSlotRef). */
  ref?: string;
}

/** The account a user's runs count against: their organization, else themselves. */
export const slotAccount = (user: { userId: string; organizationId: string | null }): string =>
  user.organizationId ? `organization:${user.organizationId}` : `user:${user.userId}`;

/** A run that waited its whole allowance: its place in line then, and how many runs held the slots. */
export class SlotWaitExpired extends Error {
  constructor(
    readonly position: number,
    readonly running: number,
  ) {
    super(`Waited for a slot in vain: ${running} running, number ${position} in line`);
    this.name = 'SlotWaitExpired';
  }
}

interface Waiter {
  ticket: SlotTicket;
  grant: () => void;
}

export interface WaitingRun {
  ticket: SlotTicket;
  /** Place in line, 1 = next. */
  position: number;
}

export class FairSlots {
  private running = 0;
  private readonly byAccount = new Map<string, number>();
  /** Each waiting account's line; the map's order is the rotation (served accounts go to the back). */
  private readonly lines = new Map<string, Waiter[]>();

  constructor(readonly limits: SlotLimits) {}

  /** Runs holding a slot now. */
  get busy(): number {
    return this.running;
  }

  /**
   * Resolves with the slot's release (idempotent) once it is this ticket's turn; rejects with
   * SlotWaitExpired after `waitMs` in line.
   */
  acquire(ticket: SlotTicket, waitMs = Number.POSITIVE_INFINITY): Promise<() => void> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        ticket,
        grant: () => {
          clearTimeout(timer);
          resolve(this.holder(ticket.account));
        },
      };
      const line = this.lines.get(ticket.account);
      if (line) line.push(waiter);
      else this.lines.set(ticket.account, [waiter]);
      this.serve();
      if (this.lines.get(ticket.account)?.includes(waiter) && Number.isFinite(waitMs)) {
        timer = setTimeout(() => {
          const position = this.positionOf(waiter);
          this.leave(waiter);
          reject(new SlotWaitExpired(position, this.running));
        }, waitMs);
      }
    });
  }

  /** fn in a slot: waits its turn (at most waitMs), and frees the slot however fn ends. */
  async run<T>(ticket: SlotTicket, fn: () => Promise<T>, waitMs?: number): Promise<T> {
    const release = await this.acquire(ticket, waitMs);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** Everyone waiting, in the order the line would serve them if every account could run now. */
  waiting(): WaitingRun[] {
    return this.order().map((w, i) => ({ ticket: w.ticket, position: i + 1 }));
  }

  /** Round-robin: each account's oldest, in rotation; then each one's second; and so on. */
  private order(): Waiter[] {
    const lines = [...this.lines.values()];
    const order: Waiter[] = [];
    for (let round = 0; lines.some((line) => line.length > round); round++) {
      for (const line of lines) if (line[round]) order.push(line[round]!);
    }
    return order;
  }

  private positionOf(waiter: Waiter): number {
    return this.order().indexOf(waiter) + 1;
  }

  private holder(account: string): () => void {
    this.running++;
    this.byAccount.set(account, (this.byAccount.get(account) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.running--;
      const left = this.byAccount.get(account)! - 1;
      if (left === 0) this.byAccount.delete(account);
      else this.byAccount.set(account, left);
      this.serve();
    };
  }

  /** Grants free slots: the first account in rotation under its own limit, its oldest waiter. */
  private serve(): void {
    while (this.running < this.limits.perServer) {
      const next = [...this.lines].find(([account]) => (this.byAccount.get(account) ?? 0) < this.limits.perAccount);
      if (!next) return;
      const [account, line] = next;
      const waiter = line.shift()!;
      this.lines.delete(account);
      if (line.length > 0) this.lines.set(account, line);
      waiter.grant();
    }
  }

  private leave(waiter: Waiter): void {
    const line = this.lines.get(waiter.ticket.account);
    if (!line) return;
    const at = line.indexOf(waiter);
    if (at >= 0) line.splice(at, 1);
    if (line.length === 0) this.lines.delete(waiter.ticket.account);
  }
}
