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

export function serveApps(app: Express, dirs: { admin: string; respondent: string }) {
  serveSpa(app, '/responses', dirs.respondent, 'The respondent app is not built. Run: pnpm build');
  serveSpa(app, '/', dirs.admin, 'The admin app is not built. Run: pnpm build');
}
