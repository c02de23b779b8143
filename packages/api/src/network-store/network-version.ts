import { and, type Db, eq, networkVersions, type Tx } from '@tieline/db';
import { CHANGE_MSG } from '@tieline/validation';
import type { NetworkRow } from '../access/networks';
import { AppError } from '../errors';

/**
 * One kept data version of a network as stored (JSON text): `version`, or the current one when absent.
 * A version never made, or no longer kept (NETWORK_MANAGE_LIMITS.versionsKept), is 404.
 */
export async function versionText(
  db: Db | Tx,
  row: NetworkRow,
  version?: number,
): Promise<{ version: number; json: string }> {
  const wanted = version ?? row.dataVersion;
  const [found] = await db
    .select({ data: networkVersions.data })
    .from(networkVersions)
    .where(and(eq(networkVersions.networkId, row.id), eq(networkVersions.version, wanted)));
  if (!found) throw new AppError('NOT_FOUND', CHANGE_MSG.versionNotFound);
  return { version: wanted, json: found.data };
}
