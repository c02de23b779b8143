import { describe, expect, it } from 'vitest';
import { emptyNetwork, nameKey } from '../src/model';

describe('nameKey', () => {
  it('matches names trimmed, case-insensitively and in one Unicode form', () => {
    expect(nameKey('  Ana ')).toBe(nameKey('ana'));
    expect(nameKey('Jose\u0301')).toBe(nameKey('José'));
    expect(nameKey('Ana')).not.toBe(nameKey('Anna'));
  });
  it('starts a network empty', () => {
    expect(emptyNetwork(true)).toMatchObject({ directed: true, nodes: [], edges: [], layers: [] });
  });
});
