// Organization logos (organization/settings/logos, spec platform §2, §3, §7), the zod-free part: the
// messages, limits and rules the admin app's first paint needs (its top bar and tab titles) without
// pulling zod into the initial download. The schemas are in organization-logos.ts.
//
// The owner uploads a whitelabel logo and a favicon; the organization's `logos` are keyed by logo type
// plus 'UUID' (`whiteLogoUUID`, `whiteFaviconUUID`), and a logo's address is the logo base address plus
// its UUID.

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
export type TLogoType = (typeof LOGO_TYPES)[number];

/** What the client may declare; the server goes by the bytes, this is only checked for shape (spec §7). */
export const LOGO_FILE_TYPES = ['image/jpeg', 'image/png'] as const;

export const logoKey = (type: TLogoType) => `${type}UUID` as const;

/** Where logos are served (GET /api/base/logos/{uuid}); an address is this plus the UUID. */
export const LOGO_BASE_PATH = '/api/base/logos/';

export const logoUrl = (uuid: string | undefined): string | null => (uuid ? `${LOGO_BASE_PATH}${uuid}` : null);

/** An organization is whitelabelled once it has a whitelabel logo (the favicon alone does not make it so). */
export const isWhitelabelled = (logos: { whiteLogoUUID?: string | undefined } | null | undefined): boolean =>
  Boolean(logos?.whiteLogoUUID);
