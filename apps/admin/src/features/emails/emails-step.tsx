import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banner, Button, FieldError, FormField, Input, Textarea, toast } from '@tieline/ui';
import {
  chosenStatuses,
  EMAIL_MSG,
  EMAILABLE_STATUSES,
  type TEmailStatuses,
  type TResponseCounts,
  type TSurvey,
} from '@tieline/validation';
import { MailWarning, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RichTextField } from '../../components/rich-text-field';
import { SaveIndicator, useSaveOnLeave } from '../../components/save-indicator';
import { StepHeading } from '../../components/step-heading';
import { trackEvent } from '../../lib/analytics';
import { useCurrentUser } from '../../lib/current-user';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TYPING_PAUSE_MS, useSurvey, useSurveySave } from '../../lib/use-survey';
import { ConfirmSendDialog } from './confirm-send-dialog';
import { RecipientsCard } from './recipients-card';
import { SendProgress } from './send-progress';
import { TestEmailDialog } from './test-email-dialog';

export function EmailsStep() {
  const { id, query } = useSurvey();
  useDocumentTitle('Emails');
  return query.data ? <EmailsForm id={id} survey={query.data} /> : null;
}

type TDraft = { from: string; subject: string; body: string; plainHTML: boolean };
const draftOf = (s: TSurvey): TDraft => ({ from: s.from, ...s.email });
const same = (a: TDraft, b: TDraft) =>
  a.from === b.from && a.subject === b.subject && a.body === b.body && a.plainHTML === b.plainHTML;

/** Statuses from the address (?status=Bounced, the dashboard's resend), else Not Sent. */
function initialStatuses(params: URLSearchParams): TEmailStatuses {
  const asked = params.getAll('status').filter((s) => (EMAILABLE_STATUSES as readonly string[]).includes(s));
  return Object.fromEntries((asked.length ? asked : ['Not Sent']).map((s) => [s, true]));
}

/**
 * The Emails tab (spec §2, §5): who gets the survey by status, the message (From, Subject, Body with the
 * Rich Text/HTML toggle), a test send and the send itself, whose progress shows until it is done. The
 * message saves after a pause in typing, on leaving the tab and before any send (the update-email event).
 */
function EmailsForm({ id, survey }: { id: string; survey: TSurvey }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const verified = user.userLogin.verified;
  const { save, state } = useSurveySave(id);
  const [params] = useSearchParams();
  const [statuses, setStatuses] = useState<TEmailStatuses>(() => initialStatuses(params));
  const [draft, setDraft] = useState<TDraft>(() => draftOf(survey));
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [testOpen, setTestOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [includeAdded, setIncludeAdded] = useState(false);

  const saved = useRef(draftOf(survey));
  const current = useRef(draft);
  current.current = draft;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flush = async () => {
    clearTimeout(timer.current);
    const next = current.current;
    if (same(next, saved.current)) return;
    saved.current = next;
    await save({ from: next.from, email: { subject: next.subject, body: next.body, plainHTML: next.plainHTML } });
  };
  useSaveOnLeave(() => void flush());
  const edit = (change: Partial<TDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), TYPING_PAUSE_MS);
  };

  const counts = useQuery(trpc.responses.dashboard.counts.queryOptions({ id }));
  const sends = useQuery({
    ...trpc.emails.sends.queryOptions({ surveyId: id }),
    // Poll while the latest send runs.
    refetchInterval: (q) => (q.state.data?.sends[0] && !q.state.data.sends[0].finishedAt ? 1000 : false),
  });
  const latest = sends.data?.sends[0];
  const running = latest !== undefined && latest.finishedAt === null;
  // The send started here: when it is finished, say so and refresh what it changed.
  const [watching, setWatching] = useState<string>();
  const watched = sends.data?.sends.find((x) => x.sendId === watching);
  useEffect(() => {
    if (!watched?.finishedAt) return;
    setWatching(undefined);
    toast.success(EMAIL_MSG.emailsSent);
    // The first email moves the survey Offline -> Collecting and respondents Not Sent -> Not Started.
    void queryClient.invalidateQueries({ queryKey: trpc.surveys.get.queryKey({ id }) });
    void queryClient.invalidateQueries({ queryKey: trpc.responses.dashboard.counts.queryKey({ id }) });
  }, [watched?.finishedAt, queryClient, trpc, id]);

  const send = useMutation(trpc.emails.send.mutationOptions());
  const byStatus: Partial<Record<string, number>> = (counts.data as TResponseCounts | undefined)?.byStatus ?? {};
  const selected = chosenStatuses(statuses).reduce((sum, s) => sum + (byStatus[s] ?? 0), 0);
  const addedByStatus = (counts.data as TResponseCounts | undefined)?.addedByRespondents ?? {};
  const added = chosenStatuses(statuses).reduce((sum, s) => sum + (addedByStatus[s] ?? 0), 0);

  const messageProblems = () => {
    const problems = {
      subject: draft.subject.trim() ? undefined : EMAIL_MSG.subjectRequired,
      body: draft.body.replace(/<[^>]*>/g, '').trim() ? undefined : EMAIL_MSG.bodyRequired,
    };
    setErrors(problems);
    return Boolean(problems.subject || problems.body);
  };
  const startSend = () => {
    if (chosenStatuses(statuses).length === 0 || selected === 0) return toast.error(EMAIL_MSG.noRecipients);
    if (messageProblems()) return;
    setConfirmOpen(true);
  };
  const confirmSend = async () => {
    await flush();
    send.mutate(
      {
        surveyId: id,
        subject: draft.subject,
        body: draft.body,
        plainHTML: draft.plainHTML,
        statuses,
        includeAddedByRespondents: includeAdded,
      },
      {
        onSuccess: ({ sendId, recipients }) => {
          trackEvent('survey sent');
          setConfirmOpen(false);
          setWatching(sendId);
          toast.success(`Sending the survey to ${recipients.toLocaleString()} respondents`);
          void sends.refetch();
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };

  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-title">
      <StepHeading title="Emails">
        <SaveIndicator state={state} />
      </StepHeading>
      {verified ? null : (
        <Banner variant="warning" role="region" aria-label="Unverified email">
          <MailWarning aria-hidden="true" />
          <p>
            Your email address is not verified. Verify <strong className="wrap-anywhere">{user.userLogin.email}</strong>{' '}
            to email this survey to respondents.
          </p>
        </Banner>
      )}
      <RecipientsCard total={counts.data?.Total ?? 0} byStatus={byStatus} statuses={statuses} onChange={setStatuses} />
      {latest ? <SendProgress send={latest} /> : null}
      <div className="flex max-w-3xl flex-col gap-6">
        <FormField label="From" hint="The sender name respondents see.">
          {(field) => (
            <Input
              {...field}
              value={draft.from}
              maxLength={500}
              onChange={(e) => edit({ from: e.target.value })}
              onBlur={() => void flush()}
            />
          )}
        </FormField>
        <FormField label="Email Subject" error={errors.subject}>
          {(field) => (
            <Input
              {...field}
              value={draft.subject}
              maxLength={500}
              onChange={(e) => edit({ subject: e.target.value })}
              onBlur={() => void flush()}
            />
          )}
        </FormField>
        <div className="flex flex-col gap-2">
          <div className="-mb-8 flex justify-end">
            <fieldset aria-label="Message body editor" className="m-0 inline-flex rounded-md border p-0.5">
              {[
                { label: 'Rich Text', plain: false },
                { label: 'HTML', plain: true },
              ].map((mode) => (
                <Button
                  key={mode.label}
                  type="button"
                  size="sm"
                  variant={draft.plainHTML === mode.plain ? 'secondary' : 'ghost'}
                  aria-pressed={draft.plainHTML === mode.plain}
                  onClick={() => edit({ plainHTML: mode.plain })}
                >
                  {mode.label}
                </Button>
              ))}
            </fieldset>
          </div>
          {draft.plainHTML ? (
            <FormField label="Message Body">
              {(field) => (
                <Textarea
                  {...field}
                  className="min-h-64 font-mono text-sm"
                  value={draft.body}
                  onChange={(e) => edit({ body: e.target.value })}
                  onBlur={() => void flush()}
                />
              )}
            </FormField>
          ) : (
            <RichTextField
              label="Message Body"
              value={draft.body}
              onChange={(html) => edit({ body: html })}
              onBlur={() => void flush()}
              hint=""
            />
          )}
          <p className="text-xs text-muted-foreground">
            {'{firstName}'} and {'{fullName}'} become the respondent's name; {'{url}'} their personal link (added at the
            end when the message has none). Every email ends with an unsubscribe link.
          </p>
          <FieldError>{errors.body}</FieldError>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            variant="outline"
            disabled={!verified}
            onClick={() => !messageProblems() && setTestOpen(true)}
          >
            Send Test email
          </Button>
          <Button type="button" disabled={!verified || running || send.isPending} onClick={startSend}>
            <Send aria-hidden="true" /> Email Survey
          </Button>
        </div>
      </div>
      <TestEmailDialog
        open={testOpen}
        onOpenChange={setTestOpen}
        surveyId={id}
        message={{ subject: draft.subject, body: draft.body, plainHTML: draft.plainHTML }}
        defaultTo={user.userLogin.email}
        before={flush}
      />
      <ConfirmSendDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        selected={selected}
        added={added}
        includeAdded={includeAdded}
        onIncludeAdded={setIncludeAdded}
        statuses={chosenStatuses(statuses)}
        pending={send.isPending}
        onConfirm={() => void confirmSend()}
      />
    </section>
  );
}
