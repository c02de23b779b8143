import { API_KEY_MSG, inputProblem, MSG, type TModuleName } from '@tieline/validation';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { readBearer } from './auth/api-keys';
import { requireModule } from './auth/modules';
import { enforce, type Limit } from './auth/rate-limit';
import type { Context } from './context';
import { AppError, errorDetails, publicMessage, toTRPCError } from './errors';
import { isCrossSite } from './http/origin';
import { isRestCall } from './http/rest-call';

/**
 * What a procedure declares besides its REST path. `module`: the module that guards it (spec platform
 * §6, a user's modules are enabled per user within their organization's); absent, the procedure belongs
 * to no module (accounts, organizations, respondents). `byShare`: a network shared with the caller stays
 * reachable without the module; access/networks.ts then asks it of the caller's own networks.
 * `writesNetworks`: the procedure makes or changes networks (Meltwater, passive queries, AONA, Discover
 * copies), so it needs the networks module too, whatever its own module (`writesNetworks()` below).
 * router-access-modules.test.ts holds every procedure to a table of these.
 */
export type Meta = OpenApiMeta & { module?: TModuleName; byShare?: true; writesNetworks?: true };

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // tRPC clients read `data` (TRPCClientError.data: the admin app's errorCode; tRPC's HTTP status);
    // the REST bridges answer `{ message, code }` and the error's documented details (http/guards.ts).
    errorFormatter: ({ shape, error }) => ({
      ...errorDetails(error),
      message: publicMessage(error.code, shape.message),
      code: shape.code,
      ...(isRestCall() ? {} : { data: { code: shape.data.code, httpStatus: shape.data.httpStatus } }),
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
  // A Bearer call carries no cookie authority (context.ts), so another site gains nothing by sending it.
  if (type === 'mutation' && readBearer(ctx.req) === null && isCrossSite(ctx.req, ctx.deps.publicOrigin)) {
    throw new AppError('FORBIDDEN', MSG.crossSite);
  }
  // Procedures without input get no body; a body that does not parse fails in the procedure's own parse.
  const problem = inputProblem(await getRawInput().catch(() => undefined));
  if (problem) throw new AppError('BAD_REQUEST', problem === 'tooDeep' ? MSG.tooDeep : MSG.badCharacters);
  return next();
});

/**
 * The one place a module is enforced for tRPC and its REST bridge alike: a procedure of a module is
 * refused, with the module named, to a caller who does not have it (not only hidden in the UI).
 */
const moduleGate = t.middleware(({ ctx, meta, next }) => {
  if (meta?.module && !meta.byShare) requireModule(ctx.caller.actor, meta.module);
  if (meta?.writesNetworks) requireModule(ctx.caller.actor, 'networks');
  return next();
});

/**
 * The meta of a procedure that writes networks: with the networks module off nothing may make one
 * (issue 35), so the module gate asks for it after the procedure's own module. Spread into `.meta()`.
 */
export const writesNetworks = { writesNetworks: true } as const satisfies Meta;

export const publicProcedure = t.procedure.use(mapErrors).use(gate).use(moduleGate);

/** A public procedure limited per client address: every call counts, valid or not. */
export const rateLimitedProcedure = (name: string, limit: Limit) =>
  publicProcedure.use(async ({ ctx, next }) => {
    await enforce(ctx.deps.db, `${name}:ip:${ctx.caller.ip}`, limit);
    return next();
  });

/** A signed-in caller: by session cookie, or by API key on a Bearer call. */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { actor } = ctx.caller;
  if (!actor) throw new AppError('UNAUTHORIZED', MSG.notSignedIn);
  return next({ ctx: { ...ctx, actor, caller: { ...ctx.caller, actor } } });
});

/**
 * Signed in by session only: what would let a leaked API key outlive its revocation (making keys) or
 * reach the login's other users (switching user) is refused to a key.
 */
export const sessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.apiKey) throw new AppError('FORBIDDEN', API_KEY_MSG.notWithKey);
  return next();
});

export const orgAdminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.permission !== 'Owner' && ctx.actor.permission !== 'Admin') {
    throw new AppError('FORBIDDEN', MSG.forbidden);
  }
  return next({ ctx: { ...ctx, organizationId: ctx.actor.organizationId! } });
});

/** The owner of the caller's organization (spec §6: organization settings, credit requests). */
export const orgOwnerProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.permission !== 'Owner' || !ctx.actor.organizationId) throw new AppError('FORBIDDEN', MSG.forbidden);
  return next({ ctx: { ...ctx, organizationId: ctx.actor.organizationId } });
});

/**
 * Whoever holds an account's purse: the owner of the caller's organization, or a user of no organization
 * (an individual account). Buying credits; the service then checks the account named is the caller's.
 */
export const accountOwnerProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.organizationId && ctx.actor.permission !== 'Owner') throw new AppError('FORBIDDEN', MSG.forbidden);
  return next();
});

/** Procedures of the surveys module (the builder, lists, sends, the dashboard: the owner's side of a survey). */
export const surveysProcedure = protectedProcedure.meta({ module: 'surveys' });
/** Procedures of the networks module. */
export const networksProcedure = protectedProcedure.meta({ module: 'networks' });
/** Procedures of the passiveData module (connections, lists, queries, settings: access/passive-data.ts). */
export const passiveDataProcedure = protectedProcedure.meta({ module: 'passiveData' });
/** Procedures of the AONA module (the four analyses and their saved results). */
export const aonaProcedure = protectedProcedure.meta({ module: 'AONA' });
/** Procedures on one network by id that its shares may use without the module (access/networks.ts). */
export const networkByShareProcedure = protectedProcedure.meta({ module: 'networks', byShare: true });

export const superAdminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== 'Admin') throw new AppError('FORBIDDEN', MSG.forbidden);
  return next();
});
