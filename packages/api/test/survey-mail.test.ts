import { DEFAULT_SURVEY_EMAIL } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { surveyMailTemplate } from '../src/mail/survey-mail';

// The survey email's {url}: an href becomes the link, a bare {url} a link of its own, and {url} typed in
// a link's own text (the default body's "Start the survey" link, say) the address as text: no link is
// ever put inside another, which mail readers show broken.

const LINK = 'https://tieline.example/responses/0f8c2f6e-6a7b-4f3e-9a7e-1d2c3b4a5e6f';
const mail = (body: string) =>
  surveyMailTemplate({ fromName: '', surveyName: 'Pulse', subject: 'Hi {firstName}', body, kind: 'test' })({
    to: 'ann@example.com',
    respondent: { name: 'Ann Lee', firstName: 'Ann' },
    link: LINK,
  });
const bodyOf = (html: string) => html.slice(html.indexOf('<body'), html.indexOf('<hr'));

describe('the survey email body', () => {
  it('never nests a link in a link', () => {
    const html = bodyOf(mail('<p><a href="{url}" target="_blank">Start {url} now</a></p><p>Or: {url}</p>').html);
    expect(html).toContain(`<a href="${LINK}" target="_blank">Start ${LINK} now</a>`);
    expect(html).toContain(`<p>Or: <a href="${LINK}">${LINK}</a></p>`);
    expect(html).not.toMatch(/<a\b[^>]*>[^<]*<a\b/);
    expect(html).not.toContain('{url}');
  });

  it('makes the default email a personal one', () => {
    const m = mail(DEFAULT_SURVEY_EMAIL.body);
    expect(m.subject).toBe('Hi Ann');
    expect(m.html).toContain('Hello Ann,');
    expect(m.html).toContain(`href="${LINK}"`);
    expect(m.text).toContain(LINK);
  });
});
