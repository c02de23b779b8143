import { describe, expect, it } from 'vitest';
import { effectiveModules, MODULES, moduleOffMessage } from '../src';

const on = { enabled: true };
const off = { enabled: false };

describe('effectiveModules', () => {
  it("is the user's own flags for an individual account", () => {
    const got = effectiveModules({ networks: on, surveys: off, discover: on }, null);
    expect(MODULES.filter((m) => got[m].enabled)).toEqual(['networks', 'discover']);
  });

  it("stays within the organization's modules", () => {
    const all = Object.fromEntries(MODULES.map((m) => [m, on]));
    const got = effectiveModules(all, { ...all, surveys: off, AONA: off });
    expect(MODULES.filter((m) => !got[m].enabled)).toEqual(['surveys', 'AONA']);
  });

  it('treats a missing or malformed flag as off', () => {
    const got = effectiveModules({ networks: undefined }, { networks: on });
    expect(MODULES.every((m) => !got[m].enabled)).toBe(true);
  });
});

describe('moduleOffMessage', () => {
  it('names the module as people see it', () => {
    expect(moduleOffMessage('passiveData')).toMatch(/^Passive Data is not enabled for your account\./);
  });
});
