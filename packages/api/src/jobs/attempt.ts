// What a running job is told and what it ends with: apart from define.ts, so that the queue (which runs
// jobs) and the definitions (which are jobs) share them without importing each other.

/** Which try this is: a job that keeps its own log (webhook deliveries) says whether another follows. */
export interface JobAttempt {
  attempt: number;
  maxAttempts: number;
  /**
   * Records where the job is ("conversation general", "users.json"), kept on the job row: a job whose
   * worker or server dies twice at the same step fails for good naming it (jobs/queue.ts). Rejects when
   * the job's lease was lost (another server took it over), so the work stops. Absent when a job is run
   * directly (tests, scripts).
   */
  step?: (label: string) => Promise<void>;
}

/** How a job ended for good: `died` when its worker process or its server died (the message says where). */
export interface JobEnd {
  died: boolean;
  /** For a death, what users may read ("Stopped: the import ran out of memory twice at ..."); else the error's. */
  message: string;
}
