import { X509Certificate } from 'node:crypto';
import { eq, organizations } from '@tieline/db';
import {
  MODULES,
  normalizeCertificate,
  ORGANIZATION_MSG,
  type TModules,
  type TOrganization,
  type ZSaveOrganizationInput,
} from '@tieline/validation';
import type { z } from 'zod';
import { logosOf } from '../../access/organization-logos';
import type { SignedInCaller } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { serviceProvider } from './saml-service-provider';

// An organization's own record: read by its members, changed by its owner. A user belongs to at most
// one organization (users.organizationId), so "member" means the caller's own organization; any other
// id answers 404 as an unknown one does.

type OrgRow = typeof organizations.$inferSelect;

async function ownOrganization(deps: Deps, caller: SignedInCaller, id: string): Promise<OrgRow> {
  if (caller.actor.organizationId !== id) throw new AppError('NOT_FOUND', ORGANIZATION_MSG.notFound);
  const [org] = await deps.db.select().from(organizations).where(eq(organizations.id, id));
  if (!org) throw new AppError('NOT_FOUND', ORGANIZATION_MSG.notFound);
  return org;
}

function toWire(deps: Deps, org: OrgRow, owner: boolean): TOrganization {
  const modules = Object.fromEntries(MODULES.map((m) => [m, { enabled: !!org.modules[m]?.enabled }])) as TModules;
  return {
    _id: org.id,
    name: org.name,
    type: org.type,
    logos: logosOf(org.logos),
    communityUrl: org.communityUrl,
    billing: { modules },
    SAML: owner
      ? {
          enabled: org.samlEnabled,
          entryPoint: org.samlEntryPoint,
          issuer: org.samlIssuer,
          cert: org.samlCert,
          serviceProvider: serviceProvider(deps, org.id),
        }
      : { enabled: org.samlEnabled },
  };
}

export async function getOrganization(deps: Deps, caller: SignedInCaller, input: { id: string }) {
  const org = await ownOrganization(deps, caller, input.id);
  return toWire(deps, org, caller.actor.permission === 'Owner');
}

/** The body of a certificate node:crypto can read, or a clear refusal. */
function readableCertificate(pem: string): string {
  const body = normalizeCertificate(pem);
  if (!/^[A-Za-z0-9+/=\s]+$/.test(body)) throw new AppError('BAD_REQUEST', ORGANIZATION_MSG.certInvalid);
  try {
    new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    throw new AppError('BAD_REQUEST', ORGANIZATION_MSG.certInvalid);
  }
  return body;
}

/**
 * Saves the name and community site, or the SAML settings, by the owner only (the router admits
 * owners; this checks the organization is theirs). SAML follows spec §4: saving while enabled
 * disables it (keeping what was typed, so the owner can correct it and save again); saving with a
 * certificate enables it, once the IdP's sign-in URL and issuer are known too.
 */
export async function saveOrganization(
  deps: Deps,
  caller: SignedInCaller,
  input: z.output<typeof ZSaveOrganizationInput>,
): Promise<TOrganization> {
  const org = await ownOrganization(deps, caller, input.id);
  const changes: Partial<OrgRow> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.communityUrl !== undefined) changes.communityUrl = input.communityUrl === '' ? null : input.communityUrl;
  const saml = input.SAML;
  if (saml) {
    if (saml.entryPoint !== undefined) changes.samlEntryPoint = saml.entryPoint;
    if (saml.issuer !== undefined) changes.samlIssuer = saml.issuer;
    const cert = saml.cert?.trim() ? readableCertificate(saml.cert) : undefined;
    if (cert !== undefined) changes.samlCert = cert;
    if (org.samlEnabled) {
      changes.samlEnabled = false;
    } else if (cert !== undefined) {
      if (!(changes.samlEntryPoint ?? org.samlEntryPoint) || !(changes.samlIssuer ?? org.samlIssuer)) {
        throw new AppError('BAD_REQUEST', ORGANIZATION_MSG.samlIncomplete);
      }
      changes.samlEnabled = true;
    }
  }
  if (Object.keys(changes).length === 0) throw new AppError('BAD_REQUEST', ORGANIZATION_MSG.nothingToSave);
  const [saved] = await deps.db.update(organizations).set(changes).where(eq(organizations.id, org.id)).returning();
  return toWire(deps, saved!, true);
}
