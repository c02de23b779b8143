import { readFileSync } from 'node:fs';
import { OFFICE365_PERMISSIONS, SLACK_SCOPES } from '@tieline/validation';
import { describe, expect, it } from 'vitest';
import { HELP_GUIDES, renderGuide } from '../vite-help-guides';

// The setup guides the app serves (/help/...) are docs/ rendered at build time; the connect modals list
// the scopes and permissions beside a link to them, so the two must name the same ones.

const guide = (name: keyof typeof HELP_GUIDES) =>
  readFileSync(new URL(`../${HELP_GUIDES[name]}`, import.meta.url), 'utf8');

describe('the setup guides', () => {
  it('render with their first heading as the title, tables and code in their own scroll boxes', () => {
    const { title, html } = renderGuide(guide('slack-app'));
    expect(title).toBe('Connecting a Slack workspace (Slack API)');
    expect(html).toContain('<h2>1. Create the app</h2>');
    expect(html).toContain('<div class="guide-table" tabindex="0"><table>');
    expect(html).toContain('<pre tabindex="0" data-scroll-ok>');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer" href="https://api.slack.com/apps">');
    expect(renderGuide(guide('microsoft-365-app')).title).toMatch(/^Connecting Microsoft 365/);
  });

  it('point at nothing the app does not serve: no docs/ file named, no link to another Markdown file', () => {
    for (const name of Object.keys(HELP_GUIDES) as (keyof typeof HELP_GUIDES)[]) {
      const { html } = renderGuide(guide(name));
      expect(html, name).not.toMatch(/docs\/|\.md\b/);
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href, name).toMatch(/^(https:\/\/|\/|#)/);
      expect(html, name).toContain('<h2>What counts as an interaction</h2>');
    }
  });

  it('name every scope and permission the connect modals list', () => {
    const slack = guide('slack-app');
    for (const scope of SLACK_SCOPES) expect(slack).toContain(`- ${scope}\n`);
    const microsoft = guide('microsoft-365-app');
    for (const permission of OFFICE365_PERMISSIONS) expect(microsoft).toContain(`| ${permission} `);
  });
});
