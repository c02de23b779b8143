import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Marked } from 'marked';
import type { Plugin } from 'vite';

// The setup guides of docs/ as pages of the app (/help/<name>): rendered from Markdown to HTML here, at
// build time, so the app ships neither a Markdown parser nor the guides in its first download (the help
// page that imports them is its own chunk). The docs stay the one source: edit them, not a copy.

/** The guides the app serves, by the name in their address. */
export const HELP_GUIDES = {
  'slack-app': '../../docs/slack-app.md',
  'microsoft-365-app': '../../docs/microsoft-365-app.md',
} as const;

const MODULE_ID = 'virtual:help-guides';
const RESOLVED_ID = `\0${MODULE_ID}`;

const marked = new Marked({ gfm: true, async: false });

/** One guide as the page shows it: its first heading as the title, the rest as HTML. */
export function renderGuide(markdown: string): { title: string; html: string } {
  const title = /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? 'Setup guide';
  const html = (marked.parse(markdown) as string)
    // Wide tables and code scroll in their own box rather than widening a phone's page; a keyboard
    // reaches the box to scroll it.
    .replaceAll('<table>', '<div class="guide-table" tabindex="0"><table>')
    .replaceAll('</table>', '</table></div>')
    // A table's dotted and colon'd names (ChannelMessage.Read.All, users.profile:read) may break after
    // their dots and colons, so a phone's narrow table wraps them instead of hiding a column to the side.
    .replace(
      /<t([dh])>([\s\S]*?)<\/t\1>/g,
      (_, cell: string, inner: string) => `<t${cell}>${inner.replace(/([.:])(?=\w)(?![^<]*>)/g, '$1<wbr>')}</t${cell}>`,
    )
    // Code keeps its lines (a command or JSON copied as shown): it scrolls on its own, as designed.
    .replaceAll('<pre>', '<pre tabindex="0" data-scroll-ok>')
    // Outside addresses open beside the app (a connect form half filled in stays as it was).
    .replaceAll('<a href="http', '<a target="_blank" rel="noopener noreferrer" href="http');
  return { title, html };
}

/** `import { GUIDES } from 'virtual:help-guides'`: each guide's title and HTML, by name. */
export function helpGuides(): Plugin {
  const paths = Object.entries(HELP_GUIDES).map(
    ([name, path]) => [name, fileURLToPath(new URL(path, import.meta.url))] as const,
  );
  return {
    name: 'tieline-help-guides',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const guides = Object.fromEntries(
        paths.map(([name, path]) => {
          this.addWatchFile(path);
          return [name, renderGuide(readFileSync(path, 'utf8'))];
        }),
      );
      return `export const GUIDES = ${JSON.stringify(guides)};`;
    },
  };
}
