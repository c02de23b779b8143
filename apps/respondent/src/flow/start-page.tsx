import { FieldError } from '@tieline/ui';
import { RESPONDENT_LIMITS, RESPONDENT_MSG } from '@tieline/validation';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { NameSearchInput } from '../components/name-search-input';
import { Spinner, StatusCard } from '../components/status-card';
import { StepActions, StepHeading } from '../components/step';
import { ApiError, fetchStartPage, searchNodes, startResponse, type TNode, type TStartPage } from '../lib/api';
import { TEXT } from '../lib/messages';
import { byName } from '../questions/people';

type Load = { status: 'loading' } | { status: 'failed'; invalid: boolean } | { status: 'loaded'; page: TStartPage };

/**
 * The single shared link (spec §2, §7): says who is starting, as the survey asks (nothing, a name from
 * the respondent list, or the identifying information), then opens the personal link or says it was
 * emailed.
 */
export function StartPage({ surveyId, onLoaded }: { surveyId: string; onLoaded: (page: TStartPage) => void }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchStartPage(surveyId, controller.signal).then(
      (page) => {
        setLoad({ status: 'loaded', page });
        onLoaded(page);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = error instanceof ApiError ? error.status : 0;
        setLoad({ status: 'failed', invalid: status === 400 || status === 404 });
      },
    );
    return () => controller.abort();
  }, [surveyId, onLoaded]);

  if (load.status === 'loading') return <Spinner label="Loading the survey…" />;
  if (load.status === 'failed') {
    return (
      <StatusCard title={load.invalid ? TEXT.linkInvalidTitle : TEXT.loadFailedTitle} tone="warning">
        {load.invalid ? TEXT.linkInvalidBody : TEXT.loadFailedBody}
      </StatusCard>
    );
  }
  const { page } = load;
  if (!page.hasOpenLink) {
    return (
      <StatusCard title={TEXT.linkInvalidTitle} tone="warning">
        {RESPONDENT_MSG.linkOff}
      </StatusCard>
    );
  }
  if (page.status === 'Completed' || page.status === 'Offline') {
    return (
      <StatusCard title={page.status === 'Offline' ? TEXT.offlineTitle : TEXT.closedTitle} tone="warning">
        {page.status === 'Offline' ? RESPONDENT_MSG.surveyOffline : RESPONDENT_MSG.surveyClosed}
      </StatusCard>
    );
  }
  return <StartForm page={page} />;
}

function StartForm({ page }: { page: TStartPage }) {
  const id = useId();
  const [identifier, setIdentifier] = useState('');
  const [person, setPerson] = useState<TNode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The email-sent state: the address typed, or null when the link went to the address on the list.
  const [emailed, setEmailed] = useState<{ to: string | null } | null>(null);
  const pick = page.requireSignUp && page.nameAutocompletion && page.respondentList;
  const ask = page.requireSignUp && !pick;
  const label = page.identifyingInformation || 'Email';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (ask && !identifier.trim()) return setError(RESPONDENT_MSG.identifierRequired);
    if (pick && !person) return setError(RESPONDENT_MSG.identifierRequired);
    setBusy(true);
    try {
      const result = await startResponse(
        page._id,
        pick ? { nodeId: person!._id } : ask ? { identifier: identifier.trim() } : {},
      );
      if ('randomUUID' in result) window.location.assign(`/responses/${result.randomUUID}`);
      else setEmailed({ to: result.email });
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : TEXT.loadFailedBody);
    } finally {
      setBusy(false);
    }
  }

  if (emailed !== null) {
    return (
      <StatusCard title="Check your email">
        {emailed.to
          ? `We emailed you your personal link at ${emailed.to}. Open it to answer the survey.`
          : RESPONDENT_MSG.linkEmailedToList}
      </StatusCard>
    );
  }
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <StepHeading className="sm:text-3xl">{page.name}</StepHeading>
      {page.logoURL ? <img src={page.logoURL} alt="" className="max-h-16 w-auto self-start" /> : null}
      {ask ? (
        <div className="flex max-w-md flex-col gap-1.5">
          <label htmlFor={`${id}-identifier`} className="text-sm font-medium">
            Your {label.toLocaleLowerCase()}
          </label>
          <input
            id={`${id}-identifier`}
            className="field h-11"
            type={/mail/i.test(label) ? 'email' : 'text'}
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
      ) : null}
      {pick ? (
        <NamePicker
          surveyId={page._id}
          listId={page.respondentList!}
          person={person}
          onPick={(node) => {
            setPerson(node);
            setError(null);
          }}
          describedBy={error ? errorId : undefined}
        />
      ) : null}
      {!page.requireSignUp ? <p className="text-muted-foreground">Press Start to begin the survey.</p> : null}
      <div role="alert" className="empty:hidden">
        <FieldError id={errorId}>{error}</FieldError>
      </div>
      <StepActions align="end">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Starting…' : 'Start'}
        </button>
      </StepActions>
    </form>
  );
}

/** Name autocompletion: only names of the respondent list can be chosen. */
function NamePicker(props: {
  surveyId: string;
  listId: string;
  person: TNode | null;
  onPick: (node: TNode | null) => void;
  describedBy: string | undefined;
}) {
  const { surveyId, listId, person, onPick } = props;
  const id = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<TNode[] | null>(null);
  const term = query.trim();
  // Searches start at two characters (the server refuses fewer to anyone but the survey's owner).
  const tooShort = [...term].length < RESPONDENT_LIMITS.searchMinChars;
  useEffect(() => {
    if (tooShort) return setFound(null);
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchNodes({ listId, surveyId, name: term, page: 1 }, controller.signal).then(
        (r) => !controller.signal.aborted && setFound([...r.nodes].sort(byName)),
        () => undefined,
      );
    }, RESPONDENT_LIMITS.searchDebounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term, tooShort, listId, surveyId]);

  return (
    <div className="flex max-w-md flex-col gap-2">
      <label htmlFor={`${id}-name`} className="text-sm font-medium">
        Your name
      </label>
      <NameSearchInput
        id={`${id}-name`}
        value={query}
        describedBy={props.describedBy}
        onChange={(value) => {
          setQuery(value);
          onPick(null);
        }}
      />
      {term && tooShort ? <p className="text-sm text-muted-foreground">{RESPONDENT_MSG.searchTooShort}</p> : null}
      {found && found.length === 0 ? <p className="text-sm text-muted-foreground">{RESPONDENT_MSG.noMatches}</p> : null}
      {found && found.length > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Choose your name</legend>
          {found.map((node) => (
            <label
              key={node._id}
              className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-3 text-sm ${
                person?._id === node._id ? 'border-primary bg-accent' : 'border-border'
              }`}
            >
              <input
                type="radio"
                name={`${id}-pick`}
                checked={person?._id === node._id}
                onChange={() => onPick(node)}
                className="size-5 accent-primary"
              />
              {node.name}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
