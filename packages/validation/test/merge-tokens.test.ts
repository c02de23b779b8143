import { describe, expect, it } from 'vitest';
import { escapeHtml, mergeRespondentTokens } from '../src/index';

describe('merge tokens', () => {
  it('fills both names, escaped, and leaves the rest of the sanitized HTML alone', () => {
    const html = '<p>Hi <b>{firstName}</b>, {fullName}! {fullName}</p>';
    expect(mergeRespondentTokens(html, { name: 'Ada <i>L</i> & "co"', firstName: "O'Neil" })).toBe(
      '<p>Hi <b>O&#39;Neil</b>, Ada &lt;i&gt;L&lt;/i&gt; &amp; &quot;co&quot;! Ada &lt;i&gt;L&lt;/i&gt; &amp; &quot;co&quot;</p>',
    );
    expect(escapeHtml('plain')).toBe('plain');
  });
});
