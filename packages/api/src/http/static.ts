import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Express, Request } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * Built SPAs. The build writes NAME.br and NAME.gz beside each compressible file
 * (scripts/compress-dist.mjs); express-static-gzip picks one by Accept-Encoding (brotli, then gzip, else
 * the file itself) with Vary: Accept-Encoding, and serve-static sends it with the original file's
 * Content-Type. Content-hashed files under assets/ are cached for a year; everything else (index.html,
 * favicon) is revalidated, so a deploy takes effect at once. The compressed variants are found when the
 * server starts: a build made while it runs is served uncompressed until the next start.
 */
function serveSpa(app: Express, mount: string, dir: string, missing: string) {
  const assets = join(dir, 'assets') + sep;
  const files = expressStaticGzip(dir, {
    index: false,
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    serveStatic: {
      index: false,
      // A folder path (/responses) is a client route, not a redirect to /responses/.
      redirect: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    },
  });
  app.use(mount, (req, res, next) => {
    // express-static-gzip answers a malformed %-escape itself, in plain text; let the router refuse it
    // with the API's JSON 400 instead, as it did before.
    try {
      decodeURIComponent(req.path);
    } catch {
      next();
      return;
    }
    files(req, res, next);
  });
  // Every other path of the app is a client route: its index.html, negotiated like any file.
  app.get(mount === '/' ? '/{*rest}' : [mount, `${mount}/{*rest}`], (req, res, next) => {
    const url = req.url;
    req.url = '/index.html';
    files(req, res, (err: unknown) => {
      req.url = url;
      if (err) next(err);
      else res.status(503).type('text').send(missing);
    });
  });
}

/** A page's first paint written into its HTML by the server (the respondent welcome page). */
export type PageShell = (id: string) => Promise<{ title: string; body: string } | null>;

/**
 * GET /responses/{id}: index.html with the shell's markup painted before the app's script arrives, the
 * app's root hidden until it takes over. Not cached (it names the respondent); any failure or no shell
 * falls through to the plain page. The app's stylesheet comes inside the page, so the first paint waits
 * for nothing but the page (on a slow phone a separate stylesheet shares the line with the app's script
 * and arrives with it); the page is compressed here, as the build compressed the files.
 */
function servePersonalLink(app: Express, dir: string, shell: PageShell) {
  // Read once, on the first personal link (like the compressed files, a new build needs a restart).
  let template: string | undefined;
  app.get('/responses/:id', async (req, res, next) => {
    try {
      const page = await shell(String(req.params.id));
      if (!page) return next();
      template ??= withInlineStyles(readFileSync(join(dir, 'index.html'), 'utf8'), dir);
      const html = template;
      if (!html.includes('<div id="root"></div>')) return next();
      res.setHeader('Cache-Control', 'no-store');
      const body = html
        .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
        .replace('<div id="root"></div>', `<div id="welcome-shell">${page.body}</div><div id="root" hidden></div>`);
      const [encoding, encoded] = compressed(req, body);
      res.setHeader('Vary', 'Accept-Encoding');
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.type('html').send(encoded);
    } catch {
      next();
    }
  });
}

/** index.html with its stylesheets from assets/ written in (a <style> each), as read from `dir`. */
function withInlineStyles(html: string, dir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*? href="\/responses\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file) => {
    const css = readFileSync(join(dir, file), 'utf8');
    return css.includes('</') ? link : `<style>${css}</style>`;
  });
}

/** The body as the request accepts it: brotli (a fast level: it is made per request), gzip, or as is. */
function compressed(req: Request, body: string): [string | null, Buffer] {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const raw = Buffer.from(body);
  if (/\bbr\b/.test(accepted))
    return ['br', brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })];
  if (/\bgzip\b/.test(accepted)) return ['gzip', gzipSync(raw, { level: 6 })];
  return [null, raw];
}

export function serveApps(app: Express, dirs: { admin: string; respondent: string }, shell?: PageShell) {
  if (shell) servePersonalLink(app, dirs.respondent, shell);
  serveSpa(app, '/responses', dirs.respondent, 'The respondent app is not built. Run: pnpm build');
  serveSpa(app, '/', dirs.admin, 'The admin app is not built. Run: pnpm build');
}
