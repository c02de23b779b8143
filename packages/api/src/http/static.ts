import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Express } from 'express';
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
 * falls through to the plain page.
 */
function servePersonalLink(app: Express, dir: string, shell: PageShell) {
  // Read once, on the first personal link (like the compressed files, a new build needs a restart).
  let template: string | undefined;
  app.get('/responses/:id', async (req, res, next) => {
    try {
      const page = await shell(String(req.params.id));
      if (!page) return next();
      template ??= readFileSync(join(dir, 'index.html'), 'utf8');
      const html = template;
      if (!html.includes('<div id="root"></div>')) return next();
      res.setHeader('Cache-Control', 'no-store');
      res
        .type('html')
        .send(
          html
            .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
            .replace('<div id="root"></div>', `<div id="welcome-shell">${page.body}</div><div id="root" hidden></div>`),
        );
    } catch {
      next();
    }
  });
}

export function serveApps(app: Express, dirs: { admin: string; respondent: string }, shell?: PageShell) {
  if (shell) servePersonalLink(app, dirs.respondent, shell);
  serveSpa(app, '/responses', dirs.respondent, 'The respondent app is not built. Run: pnpm build');
  serveSpa(app, '/', dirs.admin, 'The admin app is not built. Run: pnpm build');
}
