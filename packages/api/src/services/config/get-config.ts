import type { TConfig } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { canReadMailbox } from '../../mail/mailbox';

// Logo UUIDs of the product's own white logo and favicon, served from the asset base address.
const PRODUCT_LOGOS = { whiteFaviconUUID: 'tieline-favicon-white.svg', whiteLogoUUID: 'tieline-logo-white.svg' };

/** GET getConfig: the public configuration both apps load at start. */
export function getConfig(deps: Deps, caller: Caller): TConfig {
  return {
    logos: PRODUCT_LOGOS,
    assetBaseUrl: deps.env.ASSET_BASE_URL,
    paymentPublicKey: deps.env.PAYMENT_PUBLIC_KEY,
    analyticsKey: deps.env.ANALYTICS_KEY,
    publicUrl: deps.publicUrl,
    mailbox: canReadMailbox(deps, caller),
    supportEmail: deps.env.SUPPORT_EMAIL,
  };
}
