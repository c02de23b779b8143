import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/** Delivers one mail through the configured mailer (SMTP or the embedded outbox). */
export const emailJob = defineJob({
  kind: 'email',
  schema: JOB_PAYLOADS.email,
  run: (deps, mail) => deps.mailer.send(mail),
});
