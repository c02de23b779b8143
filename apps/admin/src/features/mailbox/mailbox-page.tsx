import { useQuery } from '@tanstack/react-query';
import { Alert, AlertDescription, AlertTitle, Button, cn, Spinner } from '@tieline/ui';
import type { TOutboxMessage } from '@tieline/validation';
import { Inbox, ShieldExclamationPoint } from 'lucide-react';
import { useState } from 'react';
import { HomeLink } from '../../components/home-link';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useConfig } from '../../lib/use-config';
import { useDocumentTitle } from '../../lib/use-document-title';

import { MessageView } from './message-view';

/** /mailbox: the embedded outbox, for installations without an SMTP server (config.mailbox). */
export function MailboxPage() {
  useDocumentTitle('Mailbox');
  const config = useConfig();

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3 sm:px-6">
          <HomeLink />
          <span className="text-muted-foreground" aria-hidden="true">
            /
          </span>
          <span className="font-medium">Mailbox</span>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-5 px-4 py-6 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight">Mailbox</h1>
        {config === undefined ? <Spinner label="Loading" showLabel /> : null}
        {config && !config.mailbox ? (
          <Alert variant="info">
            <AlertDescription>
              This server sends mail by email, so there is no mailbox to show. Check your email inbox instead.
            </AlertDescription>
          </Alert>
        ) : null}
        {config?.mailbox ? <Outbox /> : null}
      </main>
    </div>
  );
}

function Outbox() {
  const trpc = useTRPC();
  const messages = useQuery(trpc.outbox.list.queryOptions(undefined, { refetchInterval: 5000, staleTime: 0 }));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = messages.data ?? [];
  const selected = list.find((m) => m._id === selectedId) ?? list[0];

  return (
    <>
      <Alert variant="warning">
        <ShieldExclamationPoint aria-hidden="true" />
        <div>
          <AlertTitle>Mail is kept here because no SMTP server is configured</AlertTitle>
          <AlertDescription>
            Every email Tieline sends (verification links, password resets, invitations) appears on this page instead of
            being delivered. Anyone who can open this page can read it, so configure an SMTP server before real people
            use this installation.
          </AlertDescription>
        </div>
      </Alert>
      {messages.isPending ? <Spinner label="Loading messages" showLabel /> : null}
      {messages.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {errorMessage(messages.error)}{' '}
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void messages.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {messages.isSuccess && list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-card p-10 text-center">
          <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">No messages yet</p>
          <p className="text-sm text-muted-foreground">New mail appears here within a few seconds.</p>
        </div>
      ) : null}
      {list.length > 0 ? (
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
          <MessageList messages={list} selectedId={selected?._id} onSelect={setSelectedId} />
          {selected ? <MessageView key={selected._id} message={selected} /> : null}
        </div>
      ) : null}
    </>
  );
}

type MessageListProps = { messages: TOutboxMessage[]; selectedId: string | undefined; onSelect: (id: string) => void };

function MessageList({ messages, selectedId, onSelect }: MessageListProps) {
  return (
    <nav aria-label="Messages" className="rounded-lg border border-border bg-card lg:self-start">
      <p className="border-b border-border px-4 py-2 text-sm text-muted-foreground" aria-live="polite">
        {messages.length === 1 ? '1 message' : `${messages.length} messages`}, newest first
      </p>
      <ul className="max-h-[70vh] divide-y divide-border overflow-y-auto">
        {messages.map((m) => (
          <li key={m._id}>
            <button
              type="button"
              aria-current={m._id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(m._id)}
              className={cn(
                'flex w-full flex-col gap-0.5 px-4 py-3 text-left hover:bg-muted',
                m._id === selectedId && 'bg-accent hover:bg-accent',
              )}
            >
              <span className="truncate text-sm font-medium" title={m.subject}>
                {m.subject || '(no subject)'}
              </span>
              <span className="truncate text-xs text-muted-foreground" title={m.to}>
                To {m.to}
              </span>
              <span className="text-xs text-muted-foreground">{formatDateTime(m.createdAt)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
