import { Button, Dialog, DialogContent, DialogDescription, DialogTitle } from '@tieline/ui';
import { Eye } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useMatch, useNavigate } from 'react-router';

/** Where a preview opens (spec §2: routes named 'preview'; 'survey-preview' is the welcome page's). */
export type TPreviewTarget = 'welcome' | 'questions' | 'completion';

const QUERY: Record<TPreviewTarget, string> = { welcome: '', questions: '?page=0', completion: '?step=completion' };

/**
 * The respondent flow in preview mode: the respondent app itself in a frame (nothing is saved there),
 * in a dialog as wide as the respondent dialog. The app's own close (button, Escape, outside click)
 * posts 'tieline:preview-close', which closes this dialog too.
 */
export function SurveyPreviewDialog({
  surveyId,
  target,
  onClose,
}: {
  surveyId: string;
  target: TPreviewTarget;
  onClose: () => void;
}) {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown } | null;
      if (data && data.type === 'tieline:preview-close') onClose();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onClose]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-[1400px] gap-2 p-2 pt-3 sm:p-3">
        <DialogTitle className="px-2 pr-10 text-base">Preview</DialogTitle>
        <DialogDescription className="sr-only">
          The survey as respondents see it. Answers given here are not saved.
        </DialogDescription>
        <iframe
          title="Survey preview"
          src={`/responses/preview/${encodeURIComponent(surveyId)}${QUERY[target]}`}
          className="min-h-0 w-full flex-1 rounded-md border border-border bg-background"
        />
      </DialogContent>
    </Dialog>
  );
}

/** The Preview button of a builder page: opens its preview route (a child path of the page). */
export function PreviewButton({ to }: { to: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={to}>
        <Eye aria-hidden="true" />
        Preview
      </Link>
    </Button>
  );
}

/** The preview dialog while the page's preview route is open; closing goes back to the page. */
export function PreviewRoute({ pattern, target, back }: { pattern: string; target: TPreviewTarget; back: string }) {
  const match = useMatch(pattern);
  const navigate = useNavigate();
  const id = match?.params.id;
  if (!id) return null;
  return <SurveyPreviewDialog surveyId={id} target={target} onClose={() => navigate(back.replace(':id', id))} />;
}
