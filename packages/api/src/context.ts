import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, type Session, validateSessionToken } from './auth/session';
import type { Deps } from './deps';

export interface Context {
  deps: Deps;
  req: Request;
  res: Response;
  ip: string;
  session: Session | null;
  sessionToken: string | null;
}

export function readSessionToken(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  return parse(header)[SESSION_COOKIE] ?? null;
}

export function createContextFactory(deps: Deps) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<Context> => {
    const sessionToken = readSessionToken(req);
    const session = sessionToken ? await validateSessionToken(deps.db, sessionToken) : null;
    return { deps, req, res, ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', session, sessionToken };
  };
}

function secure(ctx: Context) {
  return ctx.req.secure || ctx.deps.publicUrl.startsWith('https://');
}

export function setSessionCookie(ctx: Context, token: string) {
  ctx.res.append(
    'Set-Cookie',
    serialize(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(ctx),
      path: '/',
      maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
    }),
  );
}

export function clearSessionCookie(ctx: Context) {
  ctx.res.append(
    'Set-Cookie',
    serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: secure(ctx), path: '/', maxAge: 0 }),
  );
}
