import { z } from 'zod';
import { ZId, zLine } from './common';
import { ZModules } from './modules';
import { ZOrganizationLogos } from './organization-logos';

// An organization's own settings (organization/settings/manage-organizations and its child saml): the
// name and community site any owner edits, and single sign-on (SAML) with the rule of spec §4.

export const ORGANIZATION_MSG = {
  notFound: 'Organization not found',
  nameRequired: 'Organization name cannot be blank',
  nameTooLong: 'Organization name must be at most 100 characters',
  communityUrlInvalid: 'Community site must be an https:// address',
  entryPointInvalid: 'IdP sign-in URL must be an https:// address',
  issuerRequired: 'IdP issuer (entity ID) cannot be blank',
  issuerTooLong: 'IdP issuer (entity ID) must be at most 1,000 characters',
  certRequired: 'Paste the IdP certificate to turn single sign-on on',
  certTooLong: 'The certificate must be at most 20,000 characters',
  certInvalid:
    'The certificate could not be read. Paste the IdP’s X.509 signing certificate (PEM, with or without the BEGIN and END lines).',
  samlIncomplete: 'Enter the IdP sign-in URL, issuer and certificate to turn single sign-on on',
  nothingToSave: 'Nothing to save',
} as const;

/** What the single sign-on pages (served by the API, not the app) tell the person signing in. */
export const SAML_MSG = {
  notEnabled: 'Single sign-on is not turned on for this organization.',
  failed:
    'Single sign-on failed: the answer from your identity provider could not be verified. Please try again, or ask your organization’s owner to check the single sign-on settings.',
  noEmail: 'Your identity provider did not send an email address, so Tieline cannot tell who you are.',
  notMember:
    'Your identity provider signed you in with an email address that is not a user of this organization. Ask the organization’s owner to add you.',
} as const;

export const ORGANIZATION_LIMITS = { nameMax: 100, urlMax: 2_000, issuerMax: 1_000, certMax: 20_000 } as const;

/**
 * True unless `value` is an https address (or, when allowed, http on this machine, where a local or
 * test IdP runs). The one rule for every address the owner types here, shared by form and server.
 */
export function httpsUrlProblem(value: string, allowLoopbackHttp: boolean): boolean {
  if (/\s/.test(value) || value.length > ORGANIZATION_LIMITS.urlMax) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return true;
  }
  if (url.username || url.password) return true;
  if (url.protocol === 'https:') return url.hostname.length === 0;
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  return !(allowLoopbackHttp && url.protocol === 'http:' && loopback);
}

/** An address the owner types: `allowEmpty` lets '' through (it clears the setting). */
const zUrl = (message: string, opts: { allowLoopbackHttp: boolean; allowEmpty?: boolean }) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => (opts.allowEmpty && v === '') || !httpsUrlProblem(v, opts.allowLoopbackHttp), message)
    .meta({ maxLength: ORGANIZATION_LIMITS.urlMax });

/**
 * The community site sign-in sends people to (spec §4 community login). https only: the address is
 * shown to and followed by browsers after sign-in. '' clears it.
 */
export const ZCommunityUrl = zUrl(ORGANIZATION_MSG.communityUrlInvalid, { allowLoopbackHttp: false, allowEmpty: true });

export const ZOrganizationName = zLine({
  required: ORGANIZATION_MSG.nameRequired,
  max: ORGANIZATION_LIMITS.nameMax,
  tooLong: ORGANIZATION_MSG.nameTooLong,
});

/**
 * Spec §4: saving with a certificate enables single sign-on, after the BEGIN and END certificate
 * marker lines and line breaks are removed. What remains is the base64 body the IdP signs with.
 */
export function normalizeCertificate(pem: string): string {
  return pem
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/[\r\n]+/g, '')
    .trim();
}

export const ZSamlSettingsInput = z.object({
  /** The IdP's single sign-on URL (HTTP-Redirect binding) our AuthnRequest goes to. */
  entryPoint: zUrl(ORGANIZATION_MSG.entryPointInvalid, { allowLoopbackHttp: true }).optional(),
  /** The IdP's entity ID, which must be the Issuer of every response and assertion. */
  issuer: zLine({
    required: ORGANIZATION_MSG.issuerRequired,
    max: ORGANIZATION_LIMITS.issuerMax,
    tooLong: ORGANIZATION_MSG.issuerTooLong,
  }).optional(),
  /** The IdP's signing certificate, PEM with or without marker lines; '' or absent leaves SSO off. */
  cert: z
    .string({ error: ORGANIZATION_MSG.certInvalid })
    .max(ORGANIZATION_LIMITS.certMax, ORGANIZATION_MSG.certTooLong)
    .optional(),
});
export type TSamlSettingsInput = z.input<typeof ZSamlSettingsInput>;

/** POST /organizations/{id}: the organization's name and community site, or its SAML settings. */
export const ZSaveOrganizationInput = z.object({
  id: ZId,
  name: ZOrganizationName.optional(),
  communityUrl: ZCommunityUrl.optional(),
  SAML: ZSamlSettingsInput.optional(),
});
export type TSaveOrganizationInput = z.input<typeof ZSaveOrganizationInput>;

export const ZOrganizationIdInput = z.object({ id: ZId });

/** Our service provider's addresses for one organization, to give the IdP. */
export const ZServiceProvider = z.object({ entityId: z.string(), acsUrl: z.string(), metadataUrl: z.string() });
export type TServiceProvider = z.infer<typeof ZServiceProvider>;

/**
 * An organization as its members see it (spec §3). The SAML settings beyond `enabled` (certificate,
 * IdP addresses, our service provider's addresses) are the owner's only.
 */
export const ZOrganization = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  logos: ZOrganizationLogos,
  communityUrl: z.string().nullable(),
  billing: z.object({ modules: ZModules }),
  SAML: z.object({
    enabled: z.boolean(),
    entryPoint: z.string().nullable().optional(),
    issuer: z.string().nullable().optional(),
    cert: z.string().nullable().optional(),
    serviceProvider: ZServiceProvider.optional(),
  }),
});
export type TOrganization = z.infer<typeof ZOrganization>;

/** checkSAML's answer: where to start single sign-on, when the caller's organization uses it. */
export const ZCheckSamlResult = z.object({ samlRedirect: z.string().optional() });
export type TCheckSamlResult = z.infer<typeof ZCheckSamlResult>;
