import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';

/** Built SPAs: hashed assets cached for a year, index.html never cached so deploys take effect. */
function serveSpa(app: Express, mount: string, dir: string, missing: string) {
  const index = join(dir, 'index.html');
  app.use(mount, express.static(dir, { index: false, immutable: true, maxAge: '1y' }));
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
