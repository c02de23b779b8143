import { logoKey, ORGANIZATION_LOGO_MSG, type TOrganizationLogos, type TRemoveLogoInput } from '@tieline/validation';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { changeLogos, requireOwnOrganization } from './upload-logo';

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
  const changed = await changeLogos(deps, input.orgId, ({ [key]: dropped, ...logos }) =>
    dropped ? { logos, dropped } : null,
  );
  if (!changed) throw new AppError('NOT_FOUND', ORGANIZATION_LOGO_MSG.organizationNotFound);
  return changed;
}
