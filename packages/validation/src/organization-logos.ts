import { z } from 'zod';
import { ZId } from './common';
import { LOGO_FILE_TYPES, LOGO_TYPES, logoUrl, ORGANIZATION_LOGO_MSG } from './organization-logos-rules';

// Organization logos: the schemas of the upload and of the `logos` the server answers. Messages, limits
// and the zod-free rules are in organization-logos-rules.ts.

export const ZLogoType = z.enum(LOGO_TYPES, { error: ORGANIZATION_LOGO_MSG.logoType });
export const ZLogoFileType = z.enum(LOGO_FILE_TYPES, { error: ORGANIZATION_LOGO_MSG.declaredType });

/** The text fields of POST organizations/logos/{orgId} (multipart, beside `file`). */
export const ZUploadLogoFields = z.object({ logoType: ZLogoType, fileType: ZLogoFileType });
export type TUploadLogoFields = z.infer<typeof ZUploadLogoFields>;

/** DELETE organizations/logos/{orgId}/{logoType}: back to the product's own logo (undoes whitelabelling). */
export const ZRemoveLogoInput = z.object({ orgId: ZId, logoType: ZLogoType });
export type TRemoveLogoInput = z.infer<typeof ZRemoveLogoInput>;

/** An organization's logos: logo type plus 'UUID' -> the stored file's UUID; absent when not uploaded. */
export const ZOrganizationLogos = z.object({
  whiteLogoUUID: z.uuid().optional(),
  whiteFaviconUUID: z.uuid().optional(),
});
export type TOrganizationLogos = z.infer<typeof ZOrganizationLogos>;

/**
 * What respondent pages carry of the survey's organization: its whitelabel logo's and favicon's
 * addresses, null where it has none (the product's own is shown).
 */
export const ZOrganizationBranding = z.object({
  organizationLogoURL: z.string().nullable(),
  organizationFaviconURL: z.string().nullable(),
});
export type TOrganizationBranding = z.infer<typeof ZOrganizationBranding>;

export const brandingOf = (logos: TOrganizationLogos): TOrganizationBranding => ({
  organizationLogoURL: logoUrl(logos.whiteLogoUUID),
  organizationFaviconURL: logoUrl(logos.whiteFaviconUUID),
});
