import {
  ORGANIZATION_LOGO_LIMITS,
  ORGANIZATION_LOGO_MSG,
  type TLogoType,
  type TOrganizationLogos,
  ZUploadLogoFields,
} from '@tieline/validation';
import { UNREACHABLE } from '../../lib/errors';
import { postWithProgress, readErrorBody } from '../../lib/upload-with-progress';

/**
 * Instant feedback before sending, by the upload's own schema: the size, and the browser's guess of the
 * type (from the name). The server judges the bytes, so a renamed text file passes here and fails there.
 */
export function logoFileProblem(logoType: TLogoType, file: File): string | null {
  if (file.size === 0) return ORGANIZATION_LOGO_MSG.fileRequired;
  if (file.size > ORGANIZATION_LOGO_LIMITS.maxBytes) return ORGANIZATION_LOGO_MSG.tooLarge;
  const fields = ZUploadLogoFields.safeParse({ logoType, fileType: file.type });
  // The server refuses other types by their bytes with its own message; say the same thing here.
  return fields.success ? null : ORGANIZATION_LOGO_MSG.fileType;
}

export type TLogoUploadOutcome = { ok: true; logos: TOrganizationLogos } | { ok: false; message: string };

/** POST /api/base/organizations/logos/{orgId} (multipart: logoType, fileType, file), with upload progress. */
export async function uploadLogo(
  orgId: string,
  logoType: TLogoType,
  file: File,
  onProgress: (percent: number) => void,
): Promise<TLogoUploadOutcome> {
  const form = new FormData();
  form.append('logoType', logoType);
  form.append('fileType', file.type);
  form.append('file', file);
  const { status, text } = await postWithProgress(
    `/api/base/organizations/logos/${encodeURIComponent(orgId)}`,
    form,
    onProgress,
  );
  if (status === 0) return { ok: false, message: UNREACHABLE };
  if (status >= 200 && status < 300) {
    const body = JSON.parse(text) as { logos: TOrganizationLogos };
    return { ok: true, logos: body.logos };
  }
  return { ok: false, message: readErrorBody(text).message };
}
