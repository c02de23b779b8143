import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import express, { type Express } from 'express';

/**
 * Built SPAs: content-hashed files under assets/ are cached for a year; everything else (index.html,
 * favicon) is revalidated, so a deploy takes effect at once.
 */
function serveSpa(app: Express, mount: string, dir: string, missing: string) {
  const index = join(dir, 'index.html');
  const assets = join(dir, 'assets');
  app.use(
    mount,
    express.static(dir, {
      index: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'Cache-Control',
          path.startsWith(assets + sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );
  app.get(mount === '/' ? '/{*rest}' : [mount, `${mount}/{*rest}`], (_req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text').send(missing);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

export function serveApps(app: Express, dirs: { admin: string; respondent: string }) {
  serveSpa(app, '/responses', dirs.respondent, 'The respondent app is not built. Run: pnpm build');
  serveSpa(app, '/', dirs.admin, 'The admin app is not built. Run: pnpm build');
}
