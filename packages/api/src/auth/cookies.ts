import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import type { Deps } from '../deps';
import { invalidateSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './session';

/**
 * Over https the cookie carries the `__Host-` prefix: browsers then accept it only with Secure, Path=/
 * and no Domain, so neither a sibling subdomain nor a plain-http page can plant or overwrite it.
 */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export function readSessionToken(req: Request, publicUrl: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  return parse(header)[sessionCookieName(publicUrl)] ?? null;
}

/** What setting the session cookie needs of a request's context (context.ts's Context has it all). */
export interface CookieContext {
  deps: Pick<Deps, 'db' | 'publicUrl'>;
  req: Request;
  res: Response;
  session: { id: string } | null;
}

function secure(ctx: CookieContext) {
  return ctx.req.secure || ctx.deps.publicUrl.startsWith('https://');
}

function setSessionCookie(ctx: CookieContext, token: string) {
  ctx.res.append(
    'Set-Cookie',
    serialize(sessionCookieName(ctx.deps.publicUrl), token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(ctx),
      path: '/',
      maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
    }),
  );
}

export function clearSessionCookie(ctx: CookieContext) {
  ctx.res.append(
    'Set-Cookie',
    serialize(sessionCookieName(ctx.deps.publicUrl), '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(ctx),
      path: '/',
      maxAge: 0,
    }),
  );
}

/** A new session ends the one the browser had, so no orphaned session outlives it. */
export async function replaceSession(ctx: CookieContext, token: string) {
  if (ctx.session) await invalidateSession(ctx.deps.db, ctx.session.id);
  setSessionCookie(ctx, token);
}
