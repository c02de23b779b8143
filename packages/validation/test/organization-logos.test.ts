import { describe, expect, it } from 'vitest';
import {
  isWhitelabelled,
  LOGO_BASE_PATH,
  logoKey,
  logoUrl,
  ORGANIZATION_LOGO_MSG,
  ZOrganizationLogos,
  ZUploadLogoFields,
} from '../src/index';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;
const UUID = '0b7c6c1e-5f43-4e0a-9a51-3d1b1b6f7a10';

describe('ZUploadLogoFields', () => {
  it('takes the two logo types and the two declared image types', () => {
    expect(ZUploadLogoFields.parse({ logoType: 'whiteLogo', fileType: 'image/jpeg' })).toEqual({
      logoType: 'whiteLogo',
      fileType: 'image/jpeg',
    });
    expect(ZUploadLogoFields.safeParse({ logoType: 'whiteFavicon', fileType: 'image/png' }).success).toBe(true);
  });

  it.each([
    [{ logoType: 'blackLogo', fileType: 'image/png' }, ORGANIZATION_LOGO_MSG.logoType],
    [{ fileType: 'image/png' }, ORGANIZATION_LOGO_MSG.logoType],
    [{ logoType: 7, fileType: 'image/png' }, ORGANIZATION_LOGO_MSG.logoType],
    [{ logoType: 'whiteLogo', fileType: 'image/svg+xml' }, ORGANIZATION_LOGO_MSG.declaredType],
    [{ logoType: 'whiteLogo', fileType: 'IMAGE/PNG' }, ORGANIZATION_LOGO_MSG.declaredType],
    [{ logoType: 'whiteLogo' }, ORGANIZATION_LOGO_MSG.declaredType],
  ])('refuses %j with its message', (input, message) => {
    expect(firstMessage(ZUploadLogoFields.safeParse(input))).toBe(message);
  });
});

describe('organization logos', () => {
  it('keys a logo by its type plus UUID and addresses it by the base path plus the UUID', () => {
    expect(logoKey('whiteLogo')).toBe('whiteLogoUUID');
    expect(logoKey('whiteFavicon')).toBe('whiteFaviconUUID');
    expect(logoUrl(UUID)).toBe(`${LOGO_BASE_PATH}${UUID}`);
    expect(logoUrl(undefined)).toBeNull();
  });

  it('is whitelabelled by the whitelabel logo only', () => {
    expect(isWhitelabelled({ whiteLogoUUID: UUID })).toBe(true);
    expect(isWhitelabelled({ whiteLogoUUID: undefined })).toBe(false);
    expect(isWhitelabelled({})).toBe(false);
    expect(isWhitelabelled(null)).toBe(false);
  });

  it('accepts only UUIDs as stored logo ids', () => {
    expect(ZOrganizationLogos.safeParse({ whiteLogoUUID: UUID }).success).toBe(true);
    expect(ZOrganizationLogos.safeParse({ whiteLogoUUID: '../secrets' }).success).toBe(false);
  });
});
