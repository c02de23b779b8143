import { ZOutboxMessage } from '@tieline/validation';
import { z } from 'zod';
import { listOutbox } from '../../services/outbox/list-outbox';
import { publicProcedure, router } from '../../trpc';

/** The embedded outbox: readable only while no SMTP server is configured, on a local install or by opt-in. */
export const outboxRouter = router({
  list: publicProcedure.output(z.array(ZOutboxMessage)).query(({ ctx }) => listOutbox(ctx.deps, ctx.caller)),
});
