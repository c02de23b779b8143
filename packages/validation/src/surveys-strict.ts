import { z } from 'zod';
import { SURVEY_MSG } from './surveys-messages';

// trpc-to-openapi sets `coerce` on the boolean and number schemas of every REST input object (meant for
// query strings, done to JSON bodies too, and kept for tRPC calls afterwards, as the schema objects are
// shared): `"false"` would then save as true and `null` as 0. It leaves a pipe alone, so survey and
// question inputs pipe theirs.

export const zFlag = () => z.boolean({ error: SURVEY_MSG.notTrueOrFalse }).pipe(z.boolean());

export const strictNumber = (schema: z.ZodNumber) => schema.pipe(z.number());
