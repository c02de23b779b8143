import { ZCheckSamlResult, ZSignInInput, ZSignInResult, ZTwoFactorSignInInput } from '@tieline/validation';
import { replaceSession } from '../../auth/cookies';
import type { Context } from '../../context';
import { checkSaml } from '../../services/users/check-saml';
import { communitySignIn } from '../../services/users/community-sign-in';
import type { SignInOutcome } from '../../services/users/sign-in';
import { publicProcedure } from '../../trpc';

const tags = ['userLogins'];

async function withSession(ctx: Context, outcome: Promise<SignInOutcome>) {
  const { result, sessionToken } = await outcome;
  if (sessionToken) await replaceSession(ctx, sessionToken);
  return result;
}

/** The userLogins procedures of single sign-on and community sign-in, spread into that namespace. */
export const ssoSignInProcedures = {
  checkSAML: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/userLogins/checkSAML',
        tags,
        summary: 'Where the signed-in user’s organization wants single sign-on to start, if it does',
      },
    })
    .output(ZCheckSamlResult)
    .mutation(({ ctx }) => checkSaml(ctx.deps, ctx.caller)),

  signInCommunity: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/userLogins/signin/community',
        tags,
        summary: 'Sign in for the organization’s community site (answers its url)',
      },
    })
    .input(ZSignInInput)
    .output(ZSignInResult)
    .mutation(({ ctx, input }) => withSession(ctx, communitySignIn(ctx.deps, ctx.caller, input))),

  twoFactorSignInCommunity: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/userLogins/twoFactorSignIn/community',
        tags,
        summary: 'Community sign-in with a TOTP code',
      },
    })
    .input(ZTwoFactorSignInInput)
    .output(ZSignInResult)
    .mutation(({ ctx, input }) => withSession(ctx, communitySignIn(ctx.deps, ctx.caller, input))),
};
