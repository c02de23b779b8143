import type { TServiceProvider } from '@tieline/validation';
import type { Deps } from '../../deps';

/**
 * Our service provider's addresses for one organization. Each organization is its own SP (entity ID =
 * its metadata URL), so an assertion an IdP made for one organization names another audience than
 * any other organization's.
 */
export function serviceProvider(deps: Pick<Deps, 'publicUrl'>, organizationId: string): TServiceProvider {
  const base = `${deps.publicUrl}/api/base/saml`;
  return {
    entityId: `${base}/metadata/${organizationId}`,
    acsUrl: `${base}/acs/${organizationId}`,
    metadataUrl: `${base}/metadata/${organizationId}`,
  };
}
