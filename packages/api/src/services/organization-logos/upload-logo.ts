import { randomUUID } from 'node:crypto';
import { eq, organizations } from '@tieline/db';
import {
  logoKey,
  ORGANIZATION_LOGO_LIMITS,
  ORGANIZATION_LOGO_MSG,
  type TOrganizationLogos,
  type TUploadLogoFields,
} from '@tieline/validation';
import { logosOf } from '../../access/organization-logos';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { inspectImage } from '../../images/image-type';

export const logoStorageKey = (uuid: string) => `organization-logos/${uuid}`;

/**
 * The caller's own organization, for its owner only. Another organization's id answers 404 like an
 * unknown one (its existence is not the caller's business); a member of this one who is not its owner
 * is told why.
 */
export function requireOwnOrganization(caller: SignedInCaller, orgId: string): void {
  if (caller.actor.organizationId !== orgId) {
    throw new AppError('NOT_FOUND', ORGANIZATION_LOGO_MSG.organizationNotFound);
  }
  if (caller.actor.permission !== 'Owner') throw new AppError('FORBIDDEN', ORGANIZATION_LOGO_MSG.notOwner);
}

/** A JPEG or PNG by its bytes (the declared fileType is never trusted), of sane dimensions. */
function checkedImage(bytes: Uint8Array | null): { bytes: Uint8Array; contentType: string } {
  if (!bytes || bytes.length === 0) throw new AppError('BAD_REQUEST', ORGANIZATION_LOGO_MSG.fileRequired);
  if (bytes.length > ORGANIZATION_LOGO_LIMITS.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', ORGANIZATION_LOGO_MSG.tooLarge);
  }
  const image = inspectImage(bytes);
  if (image?.type !== 'image/png' && image?.type !== 'image/jpeg') {
    throw new AppError('BAD_REQUEST', ORGANIZATION_LOGO_MSG.fileType);
  }
  const max = ORGANIZATION_LOGO_LIMITS.maxDimension;
  if (image.width > max || image.height > max) throw new AppError('BAD_REQUEST', ORGANIZATION_LOGO_MSG.dimensions);
  return { bytes, contentType: image.type };
}

/** Stored logos, by key: the UUID of each file. */
type TStoredLogos = Record<string, string>;

/**
 * The one way an organization's logos change: `change` reads them under the row's lock and answers the
 * new ones with the file they no longer point at, or null to leave them as they are. That file goes
 * once the row no longer points at it. Null when there is no such organization.
 */
export async function changeLogos(
  deps: Deps,
  orgId: string,
  change: (logos: TStoredLogos) => { logos: TStoredLogos; dropped: string | undefined } | null,
): Promise<{ logos: TOrganizationLogos } | null> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ logos: organizations.logos })
      .from(organizations)
      .where(eq(organizations.id, orgId))
      .for('update');
    if (!row) return null;
    const next = change(row.logos);
    if (!next) return { logos: row.logos, dropped: undefined };
    await tx.update(organizations).set({ logos: next.logos }).where(eq(organizations.id, orgId));
    return next;
  });
  if (!result) return null;
  if (result.dropped) await deps.storage.delete(logoStorageKey(result.dropped));
  return { logos: logosOf(result.logos) };
}

/**
 * POST organizations/logos/{orgId}: stores the image under a new UUID, points the organization's
 * `logos` at it, then removes the file it replaced. The row is locked while the old UUID is read and
 * replaced, so of two uploads at once the second removes the first's file and no file is left behind
 * that nothing points at. A new UUID per upload keeps served logos immutable (cached for a year).
 */
export async function uploadLogo(
  deps: Deps,
  caller: SignedInCaller,
  input: TUploadLogoFields & { orgId: string; bytes: Uint8Array | null },
): Promise<{ logos: TOrganizationLogos }> {
  requireOwnOrganization(caller, input.orgId);
  const image = checkedImage(input.bytes);
  const key = logoKey(input.logoType);
  const uuid = randomUUID();
  await deps.storage.put(logoStorageKey(uuid), image.bytes, image.contentType);
  const changed = await changeLogos(deps, input.orgId, (logos) => ({
    logos: { ...logos, [key]: uuid },
    dropped: logos[key],
  }));
  if (!changed) {
    await deps.storage.delete(logoStorageKey(uuid));
    throw new AppError('NOT_FOUND', ORGANIZATION_LOGO_MSG.organizationNotFound);
  }
  return changed;
}
