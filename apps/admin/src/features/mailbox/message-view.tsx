import { Card } from '@tieline/ui';
import type { TOutboxMessage } from '@tieline/validation';
import { formatDateTime } from '../../lib/format-date';

// A long link in a mail would otherwise run out of the frame on a phone; mail clients wrap it too.
const FRAME_STYLE =
  '<style>a { overflow-wrap: anywhere } pre { white-space: pre-wrap; overflow-wrap: anywhere }</style>';

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** Links found in the plain-text body, so they can be followed without entering the frame. */
function linksIn(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}

/**
 * One message. The HTML body is shown in a sandboxed frame without scripts or same-origin access;
 * `<base target="_top">` makes its links open in this tab after a click.
 */
export function MessageView({ message }: { message: TOutboxMessage }) {
  const links = linksIn(message.text);
  return (
    <Card className="flex min-w-0 flex-col">
      <article aria-labelledby="message-subject" className="flex flex-1 flex-col">
        <header className="flex flex-col gap-1 border-b border-border p-5">
          <h2 id="message-subject" className="text-lg font-semibold leading-snug">
            {message.subject || '(no subject)'}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-muted-foreground">To</dt>
            <dd className="wrap-anywhere">{message.to}</dd>
            <dt className="text-muted-foreground">Sent</dt>
            <dd>{formatDateTime(message.createdAt)}</dd>
          </dl>
        </header>
        <iframe
          title={`Email body: ${message.subject}`}
          srcDoc={`<!doctype html><base target="_top">${FRAME_STYLE}${message.html || `<pre>${escapeHtml(message.text)}</pre>`}`}
          sandbox="allow-top-navigation-by-user-activation allow-popups"
          referrerPolicy="no-referrer"
          className="min-h-[28rem] w-full flex-1 bg-white"
        />
        {links.length > 0 ? (
          <footer className="border-t border-border p-5">
            <h3 className="mb-2 text-sm font-semibold">Links in this message</h3>
            <ul className="flex flex-col gap-1 text-sm">
              {links.map((href) => (
                <li key={href}>
                  <a
                    href={href}
                    className="wrap-anywhere text-primary underline underline-offset-2 hover:text-primary-hover"
                  >
                    {href}
                  </a>
                </li>
              ))}
            </ul>
          </footer>
        ) : null}
      </article>
    </Card>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
