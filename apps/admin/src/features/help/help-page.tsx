import { GUIDES } from 'virtual:help-guides';
import { Navigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

// The rendered guide's elements, styled here: the app has no typography stylesheet of its own.
const PROSE = [
  'mx-auto flex max-w-3xl min-w-0 flex-col gap-4 leading-relaxed',
  '[&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:tracking-tight',
  '[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_ol]:flex [&_ol]:list-decimal [&_ol]:flex-col [&_ol]:gap-2 [&_ol]:pl-6',
  '[&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1 [&_ul]:pl-6',
  '[&_li>p]:mt-2 [&_li>pre]:mt-2 [&_li>.guide-table]:mt-2',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-[0.9em] [&_code]:break-words',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre]:text-sm',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_.guide-table]:overflow-x-auto [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-border [&_th]:p-2 [&_th]:text-left [&_th]:align-bottom',
  '[&_td]:border-b [&_td]:border-border [&_td]:p-2 [&_td]:align-top',
].join(' ');

/** /help/slack-app and /help/microsoft-365-app: the setup guides of docs/, as the app serves them. */
export function HelpPage() {
  const { guide = '' } = useParams();
  const found = Object.hasOwn(GUIDES, guide) ? GUIDES[guide] : undefined;
  useDocumentTitle(found?.title ?? 'Page Not Found');
  if (!found) return <Navigate to="/404" replace />;
  return (
    <article
      className={PROSE}
      // Rendered at build time from the repository's own docs (no user input): trusted HTML.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: build-time HTML of our own docs
      dangerouslySetInnerHTML={{ __html: found.html }}
    />
  );
}
