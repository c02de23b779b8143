import { Progress } from '@tieline/ui';
import { formatDateTime, type TEmailSendProgress } from '@tieline/validation';

/** The latest send: a progress bar while it runs, then what happened (spec: long work shows progress). */
export function SendProgress({ send }: { send: TEmailSendProgress }) {
  const settled = send.sent + send.bounced + send.failed + send.skipped;
  const percent = send.recipients === 0 ? 100 : Math.round((settled / send.recipients) * 100);
  const running = send.finishedAt === null;
  const parts = [
    `${send.sent.toLocaleString()} sent`,
    send.bounced ? `${send.bounced.toLocaleString()} bounced` : '',
    send.failed ? `${send.failed.toLocaleString()} failed` : '',
    send.skipped ? `${send.skipped.toLocaleString()} skipped (opted out)` : '',
  ].filter(Boolean);
  return (
    <section aria-labelledby="send-progress-title" className="flex flex-col gap-2 rounded-md border p-4">
      <h2 id="send-progress-title" className="text-sm font-medium">
        {running ? 'Sending the survey…' : 'Last send'}
      </h2>
      <Progress value={percent} aria-label="Emails sent" aria-valuetext={`${settled} of ${send.recipients}`} />
      <p role="status" className="text-sm text-muted-foreground">
        {running
          ? `${settled.toLocaleString()} of ${send.recipients.toLocaleString()} (${parts.join(', ')})`
          : `${parts.join(', ')} of ${send.recipients.toLocaleString()}, ${formatDateTime(send.finishedAt!)}`}
      </p>
    </section>
  );
}
