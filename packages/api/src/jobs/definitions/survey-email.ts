import { z } from 'zod';
import { deliverSend } from '../../services/emails/deliver';
import { defineJob } from '../define';

/** One lane of a survey send (services/emails/deliver.ts): delivers for a while, then queues its continuation. */
export const surveyEmailJob = defineJob({
  kind: 'survey-email',
  schema: z.object({ sendId: z.uuid() }),
  run: (deps, { sendId }) => deliverSend(deps, sendId),
});
