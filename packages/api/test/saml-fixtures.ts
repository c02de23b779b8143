// A test identity provider: an RSA key and self-signed X.509 certificate made here, and real SAML 2.0
// Responses signed with xml-crypto (node-saml's own XML signature library), whole or tampered with.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

export interface TestIdp {
  /** The IdP's entity ID (Issuer). */
  issuer: string;
  privateKeyPem: string;
  /** PEM with its BEGIN and END lines, as an owner pastes it. */
  certPem: string;
}

/** A fresh IdP: 2048-bit RSA key (node:crypto, fast) and a self-signed certificate (node-forge). */
export function makeIdp(issuer = `https://idp.example.test/${randomUUID()}`): TestIdp {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const name = [{ name: 'commonName', value: 'Test IdP' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { issuer, privateKeyPem, certPem: forge.pki.certificateToPem(cert) };
}

/** The ID of the AuthnRequest carried by our redirect to the IdP (HTTP-Redirect binding: deflated, base64). */
export function requestIdOf(location: string): string {
  const request = new URL(location).searchParams.get('SAMLRequest');
  if (!request) throw new Error(`No SAMLRequest in ${location}`);
  const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
  const id = /\bID="([^"]+)"/.exec(xml)?.[1];
  if (!id) throw new Error('AuthnRequest without an ID');
  return id;
}

export interface ResponseOptions {
  /** The key that signs (defaults to the IdP's own). */
  signingKeyPem?: string;
  issuer: string;
  /** The Response's Issuer when it differs from the assertion's. */
  responseIssuer?: string;
  destination: string;
  recipient?: string;
  audience: string;
  inResponseTo: string;
  email: string;
  assertionId?: string;
  /** Both the conditions' and the subject confirmation's end (defaults to five minutes from now). */
  notOnOrAfter?: Date;
  signAssertion?: boolean;
  signResponse?: boolean;
}

const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const iso = (d: Date) => d.toISOString();

function sign(xml: string, keyPem: string, element: 'Assertion' | 'Response'): string {
  const sig = new SignedXml({
    privateKey: keyPem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  const self = `/*[local-name(.)='${element}']`;
  sig.addReference({
    xpath: self,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  // Schema order: the signature follows the element's own Issuer.
  sig.computeSignature(xml, { location: { reference: `${self}/*[local-name(.)='Issuer']`, action: 'after' } });
  return sig.getSignedXml();
}

/** An Assertion (signed unless told otherwise), standalone, with its namespace declared on itself. */
export function buildAssertion(idp: TestIdp, o: ResponseOptions): string {
  const now = new Date();
  const end = o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const id = o.assertionId ?? `_a${randomUUID()}`;
  const xml =
    `<saml:Assertion xmlns:saml="${SAML}" ID="${id}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${o.issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${o.inResponseTo}" NotOnOrAfter="${iso(end)}" Recipient="${o.recipient ?? o.destination}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(new Date(now.getTime() - 60_000))}" NotOnOrAfter="${iso(end)}"><saml:AudienceRestriction><saml:Audience>${o.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `</saml:Assertion>`;
  return o.signAssertion === false ? xml : sign(xml, o.signingKeyPem ?? idp.privateKeyPem, 'Assertion');
}

/** A Response around `assertions` (XML strings), signed unless told otherwise. */
export function wrapResponse(idp: TestIdp, o: ResponseOptions, assertions: string[]): string {
  const xml =
    `<samlp:Response xmlns:samlp="${SAMLP}" xmlns:saml="${SAML}" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(new Date())}" Destination="${o.destination}" InResponseTo="${o.inResponseTo}">` +
    `<saml:Issuer>${o.responseIssuer ?? o.issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertions.join('') +
    `</samlp:Response>`;
  return o.signResponse === false ? xml : sign(xml, o.signingKeyPem ?? idp.privateKeyPem, 'Response');
}

/** A whole response as an IdP sends it: the assertion and the response both signed. */
export function buildResponse(idp: TestIdp, o: ResponseOptions): string {
  return wrapResponse(idp, o, [buildAssertion(idp, o)]);
}

export const encode = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
