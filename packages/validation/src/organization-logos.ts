import { z } from 'zod';

// Organization logos (organization/settings/logos, spec platform §2, §3, §7): the owner uploads a
// whitelabel logo and a favicon; the organization's `logos` are keyed by logo type plus 'UUID'
// (`whiteLogoUUID`, `whiteFaviconUUID`), and a logo's address is the logo base address plus its UUID.

export const ORGANIZATION_LOGO_MSG = {
  fileRequired: 'Choose an image to upload',
  fileType: 'Logos must be JPEG or PNG images',
  tooLarge: 'Logos must be at most 2 MB',
  dimensions: 'Logos must be at most 4096 pixels wide and high',
  logoType: 'Logo type must be whiteLogo or whiteFavicon',
  declaredType: 'File type must be image/jpeg or image/png',
  notOwner: 'Only the owner of the organization can change its logos',
  organizationNotFound: 'Organization not found',
  logoNotFound: 'Logo not found',
} as const;

export const ORGANIZATION_LOGO_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  /** Decoded width and height; larger images are refused before anyone's browser has to decode them. */
  maxDimension: 4096,
} as const;

/** The logo types (spec §3 Configuration): the whitelabel logo of the top bar and the favicon. */
export const LOGO_TYPES = ['whiteLogo', 'whiteFavicon'] as const;
export const ZLogoType = z.enum(LOGO_TYPES, { error: ORGANIZATION_LOGO_MSG.logoType });
export type TLogoType = z.infer<typeof ZLogoType>;

/** What the client may declare; the server goes by the bytes, this is only checked for shape (spec §7). */
export const LOGO_FILE_TYPES = ['image/jpeg', 'image/png'] as const;
export const ZLogoFileType = z.enum(LOGO_FILE_TYPES, { error: ORGANIZATION_LOGO_MSG.declaredType });

/** The text fields of POST organizations/logos/{orgId} (multipart, beside `file`). */
export const ZUploadLogoFields = z.object({ logoType: ZLogoType, fileType: ZLogoFileType });
export type TUploadLogoFields = z.infer<typeof ZUploadLogoFields>;

/** An organization's logos: logo type plus 'UUID' -> the stored file's UUID; absent when not uploaded. */
export const ZOrganizationLogos = z.object({
  whiteLogoUUID: z.uuid().optional(),
  whiteFaviconUUID: z.uuid().optional(),
});
export type TOrganizationLogos = z.infer<typeof ZOrganizationLogos>;

/** The answer of the upload: the organization's logos after it. */
export const ZUploadLogoResult = z.object({ logos: ZOrganizationLogos });

export const logoKey = (type: TLogoType) => `${type}UUID` as const;

/** Where logos are served (GET /api/base/logos/{uuid}); an address is this plus the UUID. */
export const LOGO_BASE_PATH = '/api/base/logos/';

export const logoUrl = (uuid: string | undefined): string | null => (uuid ? `${LOGO_BASE_PATH}${uuid}` : null);

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

/** An organization is whitelabelled once it has a whitelabel logo (the favicon alone does not make it so). */
export const isWhitelabelled = (logos: TOrganizationLogos | null | undefined): boolean => Boolean(logos?.whiteLogoUUID);
