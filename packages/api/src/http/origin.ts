import type { Request } from 'express';

/** True for an address of this machine (IPv4 127/8, IPv6 ::1, and IPv4-mapped loopback). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a);
}

/** True for a host name that can only mean this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** Whether a URL (PUBLIC_URL) points at this machine only. */
export function isLoopbackUrl(url: string): boolean {
  return isLoopbackHostname(new URL(url).hostname);
}

/**
 * The request came from this machine: its TCP peer is loopback and so is the client address that a
 * trusted proxy reports (req.ip). A same-machine reverse proxy forwarding an outside visitor fails the
 * second test.
 */
export function fromThisMachine(req: Request): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && isLoopbackAddress(req.ip);
}

function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

/**
 * Hosts the server answers to: PUBLIC_URL's host, and loopback names when the request comes over a
 * loopback connection (a local install, or a reverse proxy on this machine that rewrites Host). Any
 * other Host is a DNS-rebinding attempt or a misrouted request.
 */
export function hostAllowed(req: Request, publicHost: string): boolean {
  const host = req.headers.host?.toLowerCase();
  if (!host) return false;
  if (host === publicHost) return true;
  return isLoopbackHostname(hostnameOf(host)) && isLoopbackAddress(req.socket.remoteAddress);
}

/**
 * A browser request from another site. Same-origin means PUBLIC_URL's origin, never an origin built
 * from the request's own Host; on a loopback connection a loopback origin equal to the Host is also
 * ours (http://127.0.0.1:3000 while PUBLIC_URL says localhost). Scripts send neither header.
 */
export function isCrossSite(req: Request, publicOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (!origin || origin === publicOrigin) return false;
  const own = `${req.protocol}://${req.headers.host}`;
  return !(
    origin === own &&
    isLoopbackHostname(new URL(origin).hostname) &&
    isLoopbackAddress(req.socket.remoteAddress)
  );
}
