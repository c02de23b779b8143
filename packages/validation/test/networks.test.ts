import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NETWORK_MANAGE_LIMITS, NETWORK_MSG, ZCombineNetworksInput } from '../src';

const message = (input: unknown) => ZCombineNetworksInput.safeParse(input).error?.issues[0]?.message;

describe('combine-network input', () => {
  const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

  it('takes two to ten distinct networks, a name and a direction', () => {
    expect(ZCombineNetworksInput.safeParse({ ids: ids(2), name: 'Both', directed: true }).success).toBe(true);
    expect(ZCombineNetworksInput.safeParse({ ids: ids(10), name: 'All', directed: false }).success).toBe(true);
  });

  it('refuses one network, eleven, repeats, a missing list and a boolean as text', () => {
    expect(message({ ids: ids(1), name: 'x', directed: true })).toBe(NETWORK_MSG.combineTooFew);
    expect(message({ ids: ids(11), name: 'x', directed: true })).toBe(NETWORK_MSG.combineTooMany);
    const [id] = ids(1);
    expect(message({ ids: [id, id], name: 'x', directed: true })).toBe(NETWORK_MSG.combineDuplicate);
    expect(message({ name: 'x', directed: true })).toBe(NETWORK_MSG.combineTooFew);
    expect(ZCombineNetworksInput.safeParse({ ids: ids(2), name: 'x', directed: 'yes' }).success).toBe(false);
  });

  it('words its size limits with the numbers it enforces', () => {
    const { combineMax, combineTiesMax, combinePeopleMax } = NETWORK_MANAGE_LIMITS;
    expect(NETWORK_MSG.combineTooMany).toContain(` ${combineMax} `);
    expect(NETWORK_MSG.combineTooManyTies).toContain(` ${combineTiesMax.toLocaleString('en-US')} ties`);
    expect(NETWORK_MSG.combineTooManyPeople).toContain(` ${combinePeopleMax.toLocaleString('en-US')} people`);
  });
});
