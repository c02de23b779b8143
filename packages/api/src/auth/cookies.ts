import { parse, serialize } from 'cookie';
import type { Request } from 'express';
import type { Context } from '../context';
import { invalidateSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './session';

export function readSessionToken(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  return parse(header)[SESSION_COOKIE] ?? null;
}

function secure(ctx: Context) {
  return ctx.req.secure || ctx.deps.publicUrl.startsWith('https://');
}

function setSessionCookie(ctx: Context, token: string) {
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

/** A new session ends the one the browser had, so no orphaned session outlives it. */
export async function replaceSession(ctx: Context, token: string) {
  if (ctx.session) await invalidateSession(ctx.deps.db, ctx.session.id);
  setSessionCookie(ctx, token);
}
