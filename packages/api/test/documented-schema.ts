import { z } from 'zod';

// A body checked against the schema the OpenAPI document gives its status (zod's JSON Schema reader,
// $refs resolved against the document's components): what the REST contract tests hold every error
// body to.

type Json = Record<string, unknown>;
interface Doc {
  components?: { schemas?: Record<string, unknown> };
}
type Responses = Record<string, unknown>;

const validators = new WeakMap<object, z.ZodType>();

function resolved(schema: unknown, doc: Doc): unknown {
  if (Array.isArray(schema)) return schema.map((s) => resolved(s, doc));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as Json).$ref;
  if (typeof ref === 'string') {
    const target = doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`unresolved ${ref}`);
    return resolved(target, doc);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolved(v, doc)]));
}

/** The JSON schema documented for `status`, or undefined when none is. */
export function documentedSchema(responses: Responses, status: number): object | undefined {
  const response = responses[String(status)] as { content?: Record<string, { schema?: object }> } | undefined;
  return response?.content?.['application/json']?.schema;
}

/** Why `body` does not match the schema documented for `status`; null when it does. */
export function bodyProblem(doc: Doc, responses: Responses, status: number, body: unknown): string | null {
  const schema = documentedSchema(responses, status);
  if (!schema) return `no application/json schema is documented for ${status}`;
  let validator = validators.get(schema);
  if (!validator) {
    validator = z.fromJSONSchema(resolved(schema, doc) as never);
    validators.set(schema, validator);
  }
  const result = validator.safeParse(body);
  return result.success ? null : `${JSON.stringify(body)}: ${z.prettifyError(result.error)}`;
}
