import { desc, outboxMessages } from '@tieline/db';
import { MSG, ZConfig, ZOutboxMessage } from '@tieline/validation';
import { z } from 'zod';
import { AppError } from '../errors';
import { publicProcedure, router } from '../trpc';

// Logo UUIDs of the product's own white logo and favicon, served from the asset base address.
const PRODUCT_LOGOS = { whiteFaviconUUID: 'tieline-favicon-white.svg', whiteLogoUUID: 'tieline-logo-white.svg' };

export const configRouter = router({
  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/getConfig', tags: ['config'], summary: 'Public configuration' } })
    .output(ZConfig)
    .query(({ ctx }) => ({
      logos: PRODUCT_LOGOS,
      assetBaseUrl: ctx.deps.env.ASSET_BASE_URL,
      paymentPublicKey: ctx.deps.env.PAYMENT_PUBLIC_KEY,
      analyticsKey: ctx.deps.env.ANALYTICS_KEY,
      publicUrl: ctx.deps.publicUrl,
      mailbox: ctx.deps.mailboxOpen,
      supportEmail: ctx.deps.env.SUPPORT_EMAIL,
    })),
});

/** The embedded outbox: readable only while no SMTP server is configured, on a loopback-only server or by opt-in. */
export const outboxRouter = router({
  list: publicProcedure.output(z.array(ZOutboxMessage)).query(async ({ ctx }) => {
    if (!ctx.deps.mailboxOpen) throw new AppError('NOT_FOUND', MSG.notFound);
    const rows = await ctx.deps.db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(100);
    return rows.map((r) => ({
      _id: r.id,
      to: r.to,
      subject: r.subject,
      html: r.html,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
    }));
  }),
});
