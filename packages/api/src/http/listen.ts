import type { Server as HttpServer } from 'node:http';
import type { Express } from 'express';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than what clients
 * and proxies keep a connection for (a load balancer's 60 s, a browser's minutes): a request sent on a
 * connection the server is closing that instant is reset, and the user sees a failed save. Longer than
 * the usual 60 s of a proxy in front, so the proxy, not Tieline, closes idle connections. The server
 * tells clients (`Keep-Alive: timeout=65`), so Node's fetch lets go of the connection a second earlier.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Applies Tieline's connection settings to a listening (or about to listen) HTTP server. */
export function keepAlive<S extends Pick<HttpServer, 'keepAliveTimeout'>>(server: S): S {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}

/** Resolves once listening; express 5 hands listen errors to the callback, which we must not ignore. */
export function listen(app: Express, port: number, host: string): Promise<HttpServer> {
  return new Promise((resolve, reject) => {
    const listener = keepAlive(
      app.listen(port, host, (error) => {
        if (!error) return resolve(listener);
        const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
        const reasons: Record<string, string> = {
          EADDRINUSE: `Port ${port} is already in use (${where}): another server, perhaps another Tieline, listens there. Stop it or set PORT.`,
          EACCES: `No permission to listen on ${where} (ports below 1024 need privileges). Set PORT to a higher port.`,
          EADDRNOTAVAIL: `Cannot listen on ${where}: this machine has no address ${host}. Check HOST.`,
        };
        const code = (error as NodeJS.ErrnoException).code ?? '';
        reject(new Error(reasons[code] ?? `Cannot listen on ${where}: ${error.message}`, { cause: error }));
      }),
    );
  });
}
