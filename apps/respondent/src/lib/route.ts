/** What the respondent app shows, decided from the address alone (no router: the app has a few cases). */
export type RespondentRoute =
  | { kind: 'personal'; id: string }
  | { kind: 'test'; id: string }
  | { kind: 'replay'; responseId: string }
  | { kind: 'start'; surveyId: string }
  | { kind: 'preview'; surveyId: string; open: TOpenAt }
  | { kind: 'invalid' };

/** Where preview opens: the welcome page, a question page, or the completion page. */
export type TOpenAt = { step: 'welcome' } | { step: 'page'; page: number } | { step: 'completion' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseRoute(pathname: string, search = '', base = import.meta.env.BASE_URL): RespondentRoute {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const parts = rest.split('/').filter(Boolean).map(safeDecode);
  const [first, second] = parts;
  if (parts.length === 1 && first && UUID.test(first)) return { kind: 'personal', id: first };
  if (parts.length === 2 && first === 'test' && second) return { kind: 'test', id: second };
  if (parts.length === 2 && first === 'replay' && second) return { kind: 'replay', responseId: second };
  if (parts.length === 2 && first === 'start' && second) return { kind: 'start', surveyId: second };
  if (parts.length === 2 && first === 'preview' && second) {
    return { kind: 'preview', surveyId: second, open: openAt(new URLSearchParams(search)) };
  }
  return { kind: 'invalid' };
}

function openAt(params: URLSearchParams): TOpenAt {
  if (params.get('step') === 'completion') return { step: 'completion' };
  const page = params.get('page');
  if (page !== null && /^\d{1,4}$/.test(page)) return { step: 'page', page: Number(page) };
  return { step: 'welcome' };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
}
