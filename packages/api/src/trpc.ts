import { inputProblem, MSG } from '@tieline/validation';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { enforce, type Limit } from './auth/rate-limit';
import type { Context } from './context';
import { AppError, errorDetails, publicMessage, toTRPCError } from './errors';
import { isCrossSite } from './http/origin';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter: ({ shape, error }) => ({
      ...errorDetails(error),
      message: publicMessage(error.code, shape.message),
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus },
    }),
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Runs around input parsing too, so zod and AppError messages reach the client as `{ message }`. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(result.error);
  return result;
});

/**
 * What every call passes before its own schema sees the input: a state-changing call (whatever its HTTP
 * method: verifyEmail is a GET) comes from our own pages, and no string anywhere in the input is broken
 * text (NUL, lone surrogates) or nested past any real input's depth. The shared place for these
 * classes of fault, so no procedure can forget them.
 */
const gate = t.middleware(async ({ ctx, type, getRawInput, next }) => {
  if (type === 'mutation' && isCrossSite(ctx.req, ctx.deps.publicOrigin)) {
    throw new AppError('FORBIDDEN', MSG.crossSite);
  }
  // Procedures without input get no body; a body that does not parse fails in the procedure's own parse.
  const problem = inputProblem(await getRawInput().catch(() => undefined));
  if (problem) throw new AppError('BAD_REQUEST', problem === 'tooDeep' ? MSG.tooDeep : MSG.badCharacters);
  return next();
});

export const publicProcedure = t.procedure.use(mapErrors).use(gate);

/** A public procedure limited per client address: every call counts, valid or not. */
export const rateLimitedProcedure = (name: string, limit: Limit) =>
  publicProcedure.use(async ({ ctx, next }) => {
    await enforce(ctx.deps.db, `${name}:ip:${ctx.caller.ip}`, limit);
    return next();
  });

export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.session) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  const { actor } = ctx.session;
  return next({ ctx: { ...ctx, session: ctx.session, actor, caller: { ...ctx.caller, actor } } });
});

export const orgAdminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.permission !== 'Owner' && ctx.actor.permission !== 'Admin') {
    throw new AppError('FORBIDDEN', MSG.forbidden);
  }
  return next({ ctx: { ...ctx, organizationId: ctx.actor.organizationId! } });
});

export const superAdminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== 'Admin') throw new AppError('FORBIDDEN', MSG.forbidden);
  return next();
});
