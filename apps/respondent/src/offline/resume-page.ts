import type { TPending, TPosition } from './pending-store';
import type { TServerResponse } from './queue-types';

/**
 * The question page reopening a link resumes at (null: the welcome page). This device's own position
 * wins while it holds unconfirmed changes, or when nobody saved since it was there (the revision it knew
 * is still the server's); otherwise the page of the server's last save, made on another device.
 */
export function resumePage(
  server: TServerResponse,
  position: TPosition | undefined,
  kept: TPending | undefined,
): number | null {
  const here = position ?? (kept ? { page: kept.page, revision: kept.revision } : undefined);
  if (here && (kept || here.revision === server.revision)) return here.page;
  return server.page;
}
