import { eq, organizations } from '@tieline/db';
import { logoKey, ORGANIZATION_LOGO_MSG, type TOrganizationLogos, type TRemoveLogoInput } from '@tieline/validation';
import { logosOf } from '../../access/organization-logos';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { logoStorageKey, requireOwnOrganization } from './upload-logo';

/**
 * DELETE organizations/logos/{orgId}/{logoType}: the organization shows the product's own logo (or
 * favicon) again; without a whitelabel logo it is no longer whitelabelled. Removing what is not there
 * answers the logos as they are. The file goes once the row no longer points at it.
 */
export async function removeLogo(
  deps: Deps,
  caller: SignedInCaller,
  input: TRemoveLogoInput,
): Promise<{ logos: TOrganizationLogos }> {
  requireOwnOrganization(caller, input.orgId);
  const key = logoKey(input.logoType);
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ logos: organizations.logos })
      .from(organizations)
      .where(eq(organizations.id, input.orgId))
      .for('update');
    if (!row) return null;
    const { [key]: removed, ...logos } = row.logos;
    if (removed) await tx.update(organizations).set({ logos }).where(eq(organizations.id, input.orgId));
    return { logos, removed };
  });
  if (!result) throw new AppError('NOT_FOUND', ORGANIZATION_LOGO_MSG.organizationNotFound);
  if (result.removed) await deps.storage.delete(logoStorageKey(result.removed));
  return { logos: logosOf(result.logos) };
}
