import { type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { and, type Db, eq, lt, organizations, samlAssertions, sql, userLogins, users } from '@tieline/db';
import { ADMIN_MSG, SAML_MSG } from '@tieline/validation';
import { SaxesParser } from 'saxes';
import { createSession } from '../../auth/session';
import type { Deps } from '../../deps';
import { SAML_REQUEST_TTL_MS, samlRequestCache } from './saml-request-cache';
import { serviceProvider } from './saml-service-provider';

type OrgRow = typeof organizations.$inferSelect;

/** Clocks of IdP and server may differ this much, no more (node-saml's default is none at all). */
const CLOCK_SKEW_MS = 30_000;
/** An assertion without an expiry is remembered this long against replay. */
const ASSERTION_MEMORY_MS = 24 * 60 * 60_000;

/**
 * Why single sign-on was refused: `message` is for the person (one of SAML_MSG), `reason` says what
 * check failed, for the server and for tests, and never reaches the browser.
 */
export class SamlRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404,
    readonly userMessage: string,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'SamlRefusal';
  }
}

async function samlOrganization(db: Db, organizationId: string): Promise<OrgRow> {
  const [org] = /^[0-9a-f-]{36}$/i.test(organizationId)
    ? await db.select().from(organizations).where(eq(organizations.id, organizationId))
    : [];
  if (!org?.samlEnabled || !org.samlCert || !org.samlEntryPoint || !org.samlIssuer) {
    throw new SamlRefusal(404, SAML_MSG.notEnabled, 'single sign-on is off for this organization');
  }
  return org;
}

/**
 * node-saml for one organization, with every check the architecture asks for: both the response and
 * its assertion signed by the IdP's certificate, our audience, InResponseTo of a request we sent
 * (database-backed, so any server may receive the answer), and a small clock skew.
 */
function samlFor(deps: Deps, org: OrgRow): SAML {
  const sp = serviceProvider(deps, org.id);
  return new SAML({
    entryPoint: org.samlEntryPoint!,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    idpCert: org.samlCert!,
    idpIssuer: org.samlIssuer!,
    audience: sp.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: samlRequestCache(deps.db, org.id),
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    // Which way the person authenticates at the IdP (password, MFA, ...) is the IdP's business.
    disableRequestedAuthnContext: true,
  });
}

/** GET /api/base/saml/login/:orgId: the IdP address carrying a new AuthnRequest (redirect binding). */
export async function samlLoginUrl(deps: Deps, organizationId: string): Promise<string> {
  const org = await samlOrganization(deps.db, organizationId);
  return samlFor(deps, org).getAuthorizeUrlAsync('', undefined, {});
}

/** GET /api/base/saml/metadata/:orgId: our SP metadata for the IdP (entity ID, ACS, signing wanted). */
export async function samlMetadata(deps: Deps, organizationId: string): Promise<string> {
  const org = await samlOrganization(deps.db, organizationId);
  return samlFor(deps, org).generateServiceProviderMetadata(null, null);
}

type XmlJs = { $?: Record<string, string>; [child: string]: unknown };
const children = (node: XmlJs | undefined, name: string) => (node?.[name] as XmlJs[] | undefined) ?? [];

/**
 * The root element's Destination and its own Issuer child, read with saxes (no DTD, no entities):
 * the response node-saml verified (wantAuthnResponseSigned: the signature covers the root).
 */
function responseAddressing(xml: string): { destination: string | undefined; issuer: string | undefined } {
  const parser = new SaxesParser({ xmlns: false });
  let depth = 0;
  let destination: string | undefined;
  let issuer: string | undefined;
  let inIssuer = false;
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth === 1) destination = tag.attributes.Destination as string | undefined;
    inIssuer = depth === 2 && tag.name.slice(tag.name.indexOf(':') + 1) === 'Issuer' && issuer === undefined;
    if (inIssuer) issuer = '';
  });
  parser.on('text', (text) => {
    if (inIssuer) issuer += text;
  });
  parser.on('closetag', () => {
    depth -= 1;
    inIssuer = false;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    throw new SamlRefusal(401, SAML_MSG.failed, `the response does not read as XML: ${String(error)}`);
  }
  return { destination, issuer: issuer?.trim() };
}

/**
 * What node-saml leaves to us, on the response and assertion it has verified: the message was sent
 * to this organization's ACS (Destination, and Recipient where the IdP states one) by this
 * organization's IdP (Issuer: node-saml checks it on logout messages only).
 */
function checkAddressing(org: OrgRow, acsUrl: string, profile: Profile): void {
  const { destination, issuer } = responseAddressing(profile.getSamlResponseXml?.() ?? '');
  if (destination !== acsUrl) throw new SamlRefusal(401, SAML_MSG.failed, 'the response names another Destination');
  if (issuer !== undefined && issuer !== org.samlIssuer) {
    throw new SamlRefusal(401, SAML_MSG.failed, 'the response has another Issuer');
  }
  if (profile.issuer !== org.samlIssuer) {
    throw new SamlRefusal(401, SAML_MSG.failed, 'the assertion has another Issuer');
  }
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlJs } | undefined)?.Assertion;
  for (const subject of children(assertion, 'Subject')) {
    for (const confirmation of children(subject, 'SubjectConfirmation')) {
      for (const data of children(confirmation, 'SubjectConfirmationData')) {
        const recipient = data.$?.Recipient;
        if (recipient !== undefined && recipient !== acsUrl) {
          throw new SamlRefusal(401, SAML_MSG.failed, 'the assertion names another Recipient');
        }
      }
    }
  }
}

/** Remembers the assertion until it expires; false when it was used before (a replay). */
async function firstUse(db: Db, org: OrgRow, profile: Profile, now: Date): Promise<boolean> {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlJs } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (!assertionId) throw new SamlRefusal(401, SAML_MSG.failed, 'the assertion has no ID');
  const notOnOrAfter = children(assertion, 'Conditions')[0]?.$?.NotOnOrAfter;
  const expiry = notOnOrAfter ? Date.parse(notOnOrAfter) + CLOCK_SKEW_MS : Number.NaN;
  const expiresAt = new Date(Number.isFinite(expiry) ? expiry : now.getTime() + ASSERTION_MEMORY_MS);
  await db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, now));
  const saved = await db
    .insert(samlAssertions)
    .values({ organizationId: org.id, assertionId, expiresAt })
    .onConflictDoNothing()
    .returning();
  return saved.length === 1;
}

function emailOf(profile: Profile): string | null {
  const candidates = [profile.email, profile.mail, profile.nameID];
  const email = candidates.find((c): c is string => typeof c === 'string' && c.includes('@'));
  return email ? email.trim().toLowerCase() : null;
}

/**
 * POST /api/base/saml/acs/:orgId: verifies the IdP's SAMLResponse and opens a session for the member
 * of THAT organization whose login email the IdP vouched for. Anything else is a SamlRefusal.
 */
export async function samlSignIn(
  deps: Deps,
  organizationId: string,
  body: { SAMLResponse?: unknown },
  now = new Date(),
): Promise<{ sessionToken: string; userId: string }> {
  const org = await samlOrganization(deps.db, organizationId);
  if (typeof body.SAMLResponse !== 'string' || body.SAMLResponse.length === 0) {
    throw new SamlRefusal(400, SAML_MSG.failed, 'no SAMLResponse was posted');
  }
  const { acsUrl } = serviceProvider(deps, org.id);
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(deps, org).validatePostResponseAsync({ SAMLResponse: body.SAMLResponse }));
  } catch (error) {
    throw new SamlRefusal(401, SAML_MSG.failed, error instanceof Error ? error.message : String(error));
  }
  if (!profile) throw new SamlRefusal(401, SAML_MSG.failed, 'the response carries no sign-in');
  checkAddressing(org, acsUrl, profile);
  if (!(await firstUse(deps.db, org, profile, now))) {
    throw new SamlRefusal(401, SAML_MSG.failed, 'the assertion was used before (replay)');
  }
  const email = emailOf(profile);
  if (!email) throw new SamlRefusal(403, SAML_MSG.noEmail, 'the assertion carries no email address');
  const [member] = await deps.db
    .select({ userId: users.id, loginId: userLogins.id, disabledAt: userLogins.disabledAt })
    .from(users)
    .innerJoin(userLogins, eq(users.userLoginId, userLogins.id))
    .where(and(eq(users.organizationId, org.id), eq(sql`lower(${userLogins.email})`, email)));
  if (!member) throw new SamlRefusal(403, SAML_MSG.notMember, 'no member of this organization has that email');
  // As at password sign-in: the IdP vouching for a person does not reopen a login a super admin closed.
  if (member.disabledAt) throw new SamlRefusal(403, ADMIN_MSG.disabledLogin, 'the login is disabled');
  const { token } = await createSession(deps.db, member.loginId, member.userId);
  return { sessionToken: token, userId: member.userId };
}
