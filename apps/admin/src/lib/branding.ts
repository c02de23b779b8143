import { isWhitelabelled } from '@tieline/validation';
import { useConfig } from './use-config';

export interface Branding {
  /** The organization has its own logo (spec §2: the tutorial link is hidden then). */
  whitelabelled: boolean;
  logoUrl: string | null;
  faviconUrl: string | null;
}

/**
 * The signed-in user's organization's whitelabelling, from getConfig (which answers the logos of the
 * caller's organization). Nothing is whitelabelled until the configuration has arrived.
 */
export function useBranding(): Branding {
  const config = useConfig();
  const at = (uuid: string | undefined) => (config && uuid ? `${config.logoBaseUrl}${uuid}` : null);
  return {
    whitelabelled: isWhitelabelled(config?.logos),
    logoUrl: at(config?.logos.whiteLogoUUID),
    faviconUrl: at(config?.logos.whiteFaviconUUID),
  };
}
