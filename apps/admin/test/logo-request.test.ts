import { ORGANIZATION_LOGO_LIMITS, ORGANIZATION_LOGO_MSG } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { logoFileProblem } from '../src/features/organization-logos/logo-request';

const file = (size: number, type: string) => new File([new Uint8Array(size)], 'logo', { type });

describe('logo upload, checked before sending', () => {
  it('lets JPEG and PNG within the size limit through to the server (which reads the bytes)', () => {
    expect(logoFileProblem('whiteLogo', file(10, 'image/png'))).toBeNull();
    expect(logoFileProblem('whiteFavicon', file(ORGANIZATION_LOGO_LIMITS.maxBytes, 'image/jpeg'))).toBeNull();
  });

  it('says what is wrong with empty, too large and other kinds of files', () => {
    expect(logoFileProblem('whiteLogo', file(0, 'image/png'))).toBe(ORGANIZATION_LOGO_MSG.fileRequired);
    expect(logoFileProblem('whiteLogo', file(ORGANIZATION_LOGO_LIMITS.maxBytes + 1, 'image/png'))).toBe(
      ORGANIZATION_LOGO_MSG.tooLarge,
    );
    expect(logoFileProblem('whiteLogo', file(10, 'image/svg+xml'))).toBe(ORGANIZATION_LOGO_MSG.fileType);
    expect(logoFileProblem('whiteLogo', file(10, ''))).toBe(ORGANIZATION_LOGO_MSG.fileType);
  });
});
