const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Fills {fullName} and {firstName} in server-sanitized HTML; the names are escaped so they stay text. */
export function mergeRespondentTokens(html: string, respondent: { name: string; firstName: string }): string {
  return html
    .replaceAll('{fullName}', escapeHtml(respondent.name))
    .replaceAll('{firstName}', escapeHtml(respondent.firstName));
}
