import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import { and, type Db, eq, gt, lt, samlRequests } from '@tieline/db';

/** How long a sign-in at the IdP may take: an AuthnRequest older than this is no longer answered. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

/**
 * node-saml's CacheProvider over the saml_requests table, scoped to one organization: a response
 * answers a request only of the organization whose ACS received it, whichever server sent it.
 */
export function samlRequestCache(db: Db, organizationId: string, now = () => new Date()): CacheProvider {
  const row = (key: string) => and(eq(samlRequests.organizationId, organizationId), eq(samlRequests.requestId, key));
  return {
    async saveAsync(key: string, value: string): Promise<CacheItem | null> {
      // Expired requests go as new ones come, so the table stays as small as the sign-ins under way.
      await db.delete(samlRequests).where(lt(samlRequests.createdAt, new Date(now().getTime() - SAML_REQUEST_TTL_MS)));
      const [saved] = await db
        .insert(samlRequests)
        .values({ organizationId, requestId: key })
        .onConflictDoNothing()
        .returning();
      return saved ? { value, createdAt: saved.createdAt.getTime() } : null;
    },
    async getAsync(key: string): Promise<string | null> {
      const [found] = await db
        .select({ createdAt: samlRequests.createdAt })
        .from(samlRequests)
        .where(and(row(key), gt(samlRequests.createdAt, new Date(now().getTime() - SAML_REQUEST_TTL_MS))));
      // node-saml reads the value as the request's issue instant.
      return found ? found.createdAt.toISOString() : null;
    },
    async removeAsync(key: string | null): Promise<string | null> {
      if (key === null) return null;
      const [gone] = await db.delete(samlRequests).where(row(key)).returning();
      return gone ? key : null;
    },
  };
}
