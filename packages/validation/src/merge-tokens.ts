// Zod-free: the respondent app, the server's painted welcome page and mail all use these.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML, as element content or inside a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Fills {fullName} and {firstName} in server-sanitized HTML; the names are escaped so they stay text. */
export function mergeRespondentTokens(html: string, respondent: { name: string; firstName: string }): string {
  return html
    .replaceAll('{fullName}', escapeHtml(respondent.name))
    .replaceAll('{firstName}', escapeHtml(respondent.firstName));
}
