/** What the respondent app shows, decided from the address alone (no router: the app has four cases). */
export type RespondentRoute =
  | { kind: 'personal'; id: string }
  | { kind: 'test'; id: string }
  | { kind: 'start'; surveyId: string }
  | { kind: 'invalid' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseRoute(pathname: string, base = import.meta.env.BASE_URL): RespondentRoute {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const parts = rest.split('/').filter(Boolean).map(safeDecode);
  const [first, second] = parts;
  if (parts.length === 1 && first && UUID.test(first)) return { kind: 'personal', id: first };
  if (parts.length === 2 && first === 'test' && second) return { kind: 'test', id: second };
  if (parts.length === 2 && first === 'start' && second) return { kind: 'start', surveyId: second };
  return { kind: 'invalid' };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
}
