import { escapeHtml, mergeRespondentTokens } from '@tieline/validation';
import { convert } from 'html-to-text';
import type { Mail } from './mailer';

/** What one send's messages share; the template is made once per send (the text part costs ~2 ms). */
export interface SurveyMailTemplateInput {
  /** The survey's From (a display name; the address is MAIL_FROM's). */
  fromName: string;
  surveyName: string;
  subject: string;
  /** Sanitized HTML with merge tokens {firstName}, {fullName} and {url}. */
  body: string;
  /** Respondents get an opt-out footer and List-Unsubscribe; test emails a line saying it is a test. */
  kind: 'respondent' | 'test';
}

export interface SurveyMailRecipient {
  to: string;
  respondent: { name: string; firstName: string };
  /** The personal link ({url}); a test email's test link. */
  link: string;
  /** Where the respondent stops these emails (respondent mail only). */
  optOutUrl?: string;
  /** Kept in a header so an inbound bounce report names the delivery. */
  deliveryId?: string;
}

const URL_TOKEN = '{url}';
// Stand-ins while the shared parts are built; the owner's text cannot contain NUL, so they never collide.
const LINK = '\u0000link\u0000';
const OPT_OUT = '\u0000optout\u0000';
const FULL = '\u0000full\u0000';
const FIRST = '\u0000first\u0000';

const TEXT_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/**
 * The survey email of one send, made once: the body's tokens (names escaped, the link as a link), a
 * personal link even when the body forgot {url}, the footer, and the text part; `mailFor` then fills in
 * each recipient by plain replacement.
 */
export function surveyMailTemplate(input: SurveyMailTemplateInput): (recipient: SurveyMailRecipient) => Mail {
  const anchor = `<a href="${LINK}">${LINK}</a>`;
  let body = mergeRespondentTokens(input.body, { name: FULL, firstName: FIRST })
    .replaceAll(`href="${URL_TOKEN}"`, `href="${LINK}"`)
    // {url} in a link's own text is the address as text: a link inside a link is no HTML a mail reader
    // shows (the sanitized body never nests them, so a non-greedy match finds each link's text).
    .replace(
      /(<a\b[^>]*>)([\s\S]*?)(<\/a>)/g,
      (_, open: string, inner: string, close: string) => `${open}${inner.replaceAll(URL_TOKEN, LINK)}${close}`,
    )
    .replaceAll(URL_TOKEN, anchor);
  if (!input.body.includes(URL_TOKEN)) body += `<p>Open the survey: ${anchor}</p>`;
  const footer =
    input.kind === 'respondent'
      ? `You received this email because you are invited to the survey ${escapeHtml(input.surveyName)}. <a href="${OPT_OUT}">Unsubscribe</a> from emails about this survey.`
      : `This is a test email of the survey ${escapeHtml(input.surveyName)}: its link shows the survey and saves nothing.`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:640px;margin:0 auto;padding:24px">${body}<hr style="border:none;border-top:1px solid #ddd;margin:24px 0"><p style="font-size:12px;color:#666">${footer}</p></body></html>`;
  const text = convert(html, TEXT_OPTIONS);
  const fill = (template: string, values: [string, string][]) =>
    values.reduce((out, [token, value]) => out.replaceAll(token, value), template);

  return (r) => {
    const link = r.link;
    const optOut = r.optOutUrl ?? '';
    const headers: Record<string, string> = {};
    if (r.optOutUrl) {
      headers['List-Unsubscribe'] = `<${r.optOutUrl}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    if (r.deliveryId) headers['X-Tieline-Delivery'] = r.deliveryId;
    return {
      to: r.to,
      subject: input.subject
        .replaceAll('{fullName}', r.respondent.name)
        .replaceAll('{firstName}', r.respondent.firstName)
        .replaceAll(URL_TOKEN, link)
        .replace(/[\r\n]+/g, ' '),
      html: fill(html, [
        [FULL, escapeHtml(r.respondent.name)],
        [FIRST, escapeHtml(r.respondent.firstName)],
        [LINK, escapeHtml(link)],
        [OPT_OUT, escapeHtml(optOut)],
      ]),
      text: fill(text, [
        [FULL, r.respondent.name],
        [FIRST, r.respondent.firstName],
        [LINK, link],
        [OPT_OUT, optOut],
      ]),
      ...(input.fromName.trim() ? { fromName: input.fromName } : {}),
      headers,
    };
  };
}
