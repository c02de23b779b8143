import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Outbound HTTP to addresses an owner typed (completion webhooks). Such a URL is fetched from inside our
// network, so by default only public unicast addresses are reached (no SSRF to loopback, the private
// ranges, link-local cloud metadata, CGNAT, multicast, ...). The name is resolved once, by the socket's
// own lookup, and the connection goes to the address that was checked: no gap for DNS rebinding.

export class OutboundRefused extends Error {}

// IPv6 forms whose packets go to the IPv4 address in their last 32 bits: IPv4-compatible (::/96,
// deprecated, but `http://[::127.0.0.1]/` parses to ::7f00:1 and the kernel may still route it),
// IPv4-mapped, IPv4-translated (RFC 6145) and the well-known NAT64 prefix (RFC 6052, what DNS64 hands
// an IPv6-only server for an IPv4-only host). ipaddr.js names the ranges but unwraps only the mapped one.
const CARRIES_IPV4 = [
  ipaddr.parseCIDR('::/96'),
  ipaddr.parseCIDR('::ffff:0:0/96'),
  ipaddr.parseCIDR('::ffff:0:0:0/96'),
  ipaddr.parseCIDR('64:ff9b::/96'),
] as const;

/**
 * The address a connection to `address` really reaches: an IPv6 form carrying an IPv4 address becomes
 * that IPv4 address, so it is judged as one. Other embeddings (local-use NAT64, 6to4 and Teredo relays)
 * are left alone: they are not unicast and are refused whatever they carry.
 */
function normalizeAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed;
  const v6 = parsed as ipaddr.IPv6;
  if (!CARRIES_IPV4.some((range) => v6.match(range))) return v6;
  const bytes = v6.toByteArray();
  return ipaddr.fromByteArray(bytes.slice(12));
}

/**
 * Whether an address is public unicast, judged after normalizeAddress. ipaddr.js classifies the ranges;
 * everything but 'unicast' is refused (private, loopback, link-local, CGNAT, multicast, site-local,
 * 6to4, Teredo, local-use NAT64, documentation, ...).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return normalizeAddress(address).range() === 'unicast';
}

/** How a name is resolved: node's dns.lookup with `all: true` (tests pass a stand-in). */
export type ResolveAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** A socket lookup that resolves as usual and then keeps only public addresses (refusing if none). */
export function publicOnlyLookup(resolve: ResolveAll = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0) {
        return callback(new OutboundRefused(`${hostname} resolves to a private or reserved address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

export interface PostResult {
  status: number;
}

/**
 * POSTs `body` to `url` and answers the status once the headers arrive (the body is discarded).
 * Redirects are not followed. Throws OutboundRefused for an address that is not allowed, and the
 * network error or 'timeout' otherwise.
 */
export function postOutbound(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostResult> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(new OutboundRefused('Only http and https addresses are allowed'));
  }
  // An address literal is connected to without a lookup: check it here.
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
    return Promise.reject(new OutboundRefused(`${host} is a private or reserved address`));
  }
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup() }),
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      },
    );
    req.on('error', (error) => {
      reject(error.name === 'AbortError' || error.name === 'TimeoutError' ? new Error('Timed out') : error);
    });
    req.end(body);
  });
}
