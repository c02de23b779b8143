import { z } from 'zod';
import { MSG } from './messages';

// Booleans and numbers of every input that a REST bridge reaches. trpc-to-openapi sets `coerce` on the
// boolean and number schemas of REST input objects (meant for query strings, done to JSON bodies too,
// and kept for tRPC calls afterwards, as the schema objects are shared): `"false"` would then parse as
// true and `null` as 0. It leaves a pipe alone. packages/api/test/coercion.test.ts keeps this true.

export const zFlag = () => z.boolean({ error: MSG.notTrueOrFalse }).pipe(z.boolean());

export const strictNumber = (schema: z.ZodNumber) => schema.pipe(z.number());
