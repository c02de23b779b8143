import { ORGANIZATION_LOGO_MSG } from '@tieline/validation';
import type { Caller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { logoStorageKey } from './upload-logo';

/**
 * GET logos/{uuid}: a stored logo. Public, like the survey pages it brands (respondents have no
 * account); its UUID is random and changes with every upload.
 */
export async function readLogo(deps: Deps, _caller: Caller, input: { uuid: string }) {
  const file = await deps.storage.get(logoStorageKey(input.uuid));
  if (!file) throw new AppError('NOT_FOUND', ORGANIZATION_LOGO_MSG.logoNotFound);
  return file;
}
