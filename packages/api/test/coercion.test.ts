import { describe, expect, it } from 'vitest';
import { appRouter } from '../src/root';

// trpc-to-openapi sets `coerce` on every boolean, number, bigint and date schema it finds in a REST
// input object (through optional, nullable, default, arrays and nested objects; not through pipes),
// and the schema objects are shared with tRPC: `"false"` would then parse as true, `null` as 0, on
// both transports. Inputs must use the strict helpers (zFlag, strictNumber in packages/validation
// strict.ts); numbers read from a query string (GET, DELETE) may coerce on purpose (z.coerce.number).

type Schema = { _zod: { def: Record<string, unknown> & { type: string } } };
type Procedure = {
  _def: { inputs: Schema[]; meta?: { openapi?: { method: string; path: string } } };
};

const unwrap = (s: Schema): Schema => {
  const def = s._zod.def;
  if (def.type === 'array') return unwrap(def.element as Schema);
  if (['nullable', 'optional', 'default', 'prefault'].includes(def.type)) return unwrap(def.innerType as Schema);
  if (def.type === 'lazy') return unwrap((def.getter as () => Schema)());
  return s;
};

/** The paths of schemas trpc-to-openapi would coerce, as its coerceSchema walks an input object. */
function coercible(schema: Schema, path: string, queryNumbersAllowed: boolean, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const shape = schema._zod.def.shape as Record<string, Schema> | undefined;
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, value]) => {
    const inner = unwrap(value);
    const type = inner._zod.def.type;
    const intended = queryNumbersAllowed && type === 'number' && inner._zod.def.coerce === true;
    if (['boolean', 'number', 'bigint', 'date'].includes(type) && !intended) return [`${path}.${key} (${type})`];
    if (type === 'object') return coercible(inner, `${path}.${key}`, queryNumbersAllowed, seen);
    return [];
  });
}

describe('REST bridge input coercion', () => {
  it('no REST input has a boolean, number, bigint or date that trpc-to-openapi would coerce', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;
    let examined = 0;
    const found = Object.entries(procedures).flatMap(([name, proc]) => {
      const meta = proc._def.meta?.openapi;
      const input = proc._def.inputs[0];
      if (!meta || !input || unwrap(input)._zod.def.type !== 'object') return [];
      examined += 1;
      const query = meta.method === 'GET' || meta.method === 'DELETE';
      return coercible(unwrap(input), name, query);
    });
    expect(found).toEqual([]);
    expect(examined).toBeGreaterThan(20);
  });

  it('sees a bare boolean (the check can fail)', () => {
    const probe = { _zod: { def: { type: 'object', shape: { flag: { _zod: { def: { type: 'boolean' } } } } } } };
    expect(coercible(probe as unknown as Schema, 'probe', false)).toEqual(['probe.flag (boolean)']);
  });
});
