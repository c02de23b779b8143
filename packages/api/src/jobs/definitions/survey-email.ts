import { deliverSend } from '../../services/emails/deliver';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/** One lane of a survey send (services/emails/deliver.ts): delivers for a while, then queues its continuation. */
export const surveyEmailJob = defineJob({
  kind: 'survey-email',
  schema: JOB_PAYLOADS['survey-email'],
  run: (deps, { sendId }) => deliverSend(deps, sendId),
});
