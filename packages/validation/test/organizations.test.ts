import { describe, expect, it } from 'vitest';
import {
  httpsUrlProblem,
  normalizeCertificate,
  ORGANIZATION_MSG,
  ZCommunityUrl,
  ZSaveOrganizationInput,
} from '../src/organizations';

const ID = '5d6f3c2a-1b4e-4c8f-9a7d-2e1f0b3c4d5e';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('normalizeCertificate (spec §4)', () => {
  it('removes the BEGIN and END marker lines and every line break', () => {
    const pem = '-----BEGIN CERTIFICATE-----\r\nMIIB\nabc=\r\n-----END CERTIFICATE-----\n';
    expect(normalizeCertificate(pem)).toBe('MIIBabc=');
  });
  it('leaves a bare body as it is', () => {
    expect(normalizeCertificate('MIIBabc=')).toBe('MIIBabc=');
  });
});

describe('httpsUrlProblem', () => {
  it.each([
    ['https://community.example.com/path?q=1', false, false],
    ['http://community.example.com', false, true],
    ['http://127.0.0.1:8080/sso', true, false],
    ['http://localhost/sso', true, false],
    ['http://127.0.0.1:8080/sso', false, true],
    ['http://idp.example.com/sso', true, true],
    ['javascript:alert(1)', true, true],
    ['https://user:secret@example.com', false, true],
    ['https://exa mple.com', false, true],
    ['//example.com', false, true],
    ['', false, true],
  ])('%s (loopback http allowed: %s) -> problem %s', (url, loopback, problem) => {
    expect(httpsUrlProblem(url, loopback)).toBe(problem);
  });
});

describe('ZCommunityUrl', () => {
  it("takes https and '' (clear), refuses the rest with its message", () => {
    expect(ZCommunityUrl.parse(' https://c.example.com ')).toBe('https://c.example.com');
    expect(ZCommunityUrl.parse('')).toBe('');
    expect(firstMessage(ZCommunityUrl.safeParse('ftp://c.example.com'))).toBe(ORGANIZATION_MSG.communityUrlInvalid);
    expect(firstMessage(ZCommunityUrl.safeParse(null))).toBe(ORGANIZATION_MSG.communityUrlInvalid);
  });
});

describe('ZSaveOrganizationInput', () => {
  it('takes a name, a community site or SAML settings', () => {
    expect(ZSaveOrganizationInput.parse({ id: ID, name: ' Initech ' })).toEqual({ id: ID, name: 'Initech' });
    const saml = { entryPoint: 'https://idp.example.com/sso', issuer: 'urn:idp', cert: 'MIIB' };
    expect(ZSaveOrganizationInput.parse({ id: ID, SAML: saml })).toEqual({ id: ID, SAML: saml });
  });
  it.each([
    [{ id: 'x' }, 'Invalid id'],
    [{ id: ID, name: '' }, ORGANIZATION_MSG.nameRequired],
    [{ id: ID, name: 'n'.repeat(101) }, ORGANIZATION_MSG.nameTooLong],
    [{ id: ID, SAML: { entryPoint: 'http://idp.example.com' } }, ORGANIZATION_MSG.entryPointInvalid],
    [{ id: ID, SAML: { issuer: ' ' } }, ORGANIZATION_MSG.issuerRequired],
    [{ id: ID, SAML: { issuer: 'i'.repeat(1001) } }, ORGANIZATION_MSG.issuerTooLong],
    [{ id: ID, SAML: { cert: 'c'.repeat(20_001) } }, ORGANIZATION_MSG.certTooLong],
    [{ id: ID, SAML: { cert: 5 } }, ORGANIZATION_MSG.certInvalid],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(ZSaveOrganizationInput.safeParse(input))).toBe(message);
  });
});
