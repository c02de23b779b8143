import { LOGO_BASE_PATH, type TConfig } from '@tieline/validation';
import { organizationLogos } from '../../access/organization-logos';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { canReadMailbox } from '../../mail/mailbox';

/**
 * GET getConfig: the public configuration both apps load at start. Logos are the signed-in user's
 * organization's: whitelabelling belongs to an organization, so an anonymous caller (the sign-in page)
 * gets none and sees the product's own branding, as does an individual account.
 */
export async function getConfig(deps: Deps, caller: Caller): Promise<TConfig> {
  return {
    logos: await organizationLogos(deps.db, caller.actor?.organizationId ?? null),
    logoBaseUrl: LOGO_BASE_PATH,
    assetBaseUrl: deps.env.ASSET_BASE_URL,
    paymentPublicKey: deps.env.PAYMENT_PUBLIC_KEY,
    analyticsKey: deps.env.ANALYTICS_KEY,
    analyticsHost: deps.env.ANALYTICS_HOST,
    tutorialVideos: deps.env.TUTORIAL_VIDEOS,
    publicUrl: deps.publicUrl,
    mailbox: canReadMailbox(deps, caller),
    supportEmail: deps.env.SUPPORT_EMAIL,
  };
}
