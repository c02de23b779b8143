import {
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@tieline/ui';
import { ArrowLeft, ArrowRight, FileQuestion, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { EmptyState, FullPageSpinner } from '../../components/page-states';
import { errorCode } from '../../lib/errors';
import { useSurvey } from '../../lib/use-survey';
import { SURVEY_STEPS, shortName, stepIndexOf } from './steps';

/** /surveys/:id (spec §2): the survey's name, its eight steps and the current step with previous/next links. */
export function EditorLayout() {
  const { id, query } = useSurvey();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  if (query.isPending) return <FullPageSpinner label="Loading the survey" />;
  if (query.isError) {
    // Another owner's survey answers 404 like a missing one; a malformed id is just as missing.
    const code = errorCode(query.error);
    const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
    return (
      <EmptyState
        title={missing ? 'Survey not found' : 'We could not load this survey'}
        icon={<FileQuestion aria-hidden="true" />}
        action={
          <div className="flex gap-2">
            {missing ? null : (
              <Button variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            )}
            <Button asChild>
              <Link to="/surveys">Back to surveys</Link>
            </Button>
          </div>
        }
      >
        {missing
          ? 'This survey does not exist or is not yours.'
          : 'The server did not answer. Please check your connection and try again.'}
      </EmptyState>
    );
  }

  const index = stepIndexOf(pathname, id);
  const previous = SURVEY_STEPS[index - 1];
  const next = SURVEY_STEPS[index + 1];
  const steps = <StepLinks id={id} onNavigate={() => setDrawerOpen(false)} />;

  return (
    <div className="flex flex-col gap-4">
      <header className="flex items-center gap-2">
        <Button asChild variant="ghost" size="icon" className="shrink-0">
          <Link to="/surveys" aria-label="Back to surveys">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <h1
          className="min-w-0 flex-1 break-words text-xl font-semibold tracking-tight sm:text-2xl"
          title={query.data.name}
        >
          {shortName(query.data.name)}
        </h1>
        <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DialogTrigger asChild>
            <Button variant="outline" className="lg:hidden">
              <Menu aria-hidden="true" /> Steps
            </Button>
          </DialogTrigger>
          <DialogContent className="top-0 left-0 h-dvh max-h-dvh w-[352px] max-w-[calc(100vw-2rem)] translate-x-0 translate-y-0 rounded-none">
            <DialogHeader>
              <DialogTitle>Survey steps</DialogTitle>
              <DialogDescription>Go to a step of {shortName(query.data.name, 40)}.</DialogDescription>
            </DialogHeader>
            {steps}
          </DialogContent>
        </Dialog>
      </header>
      <div className="flex gap-6">
        <aside className="hidden w-[352px] shrink-0 lg:block">
          <div className="sticky top-4 rounded-lg border border-border bg-card p-3">{steps}</div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col gap-8 rounded-lg border border-border bg-card p-4 sm:p-6">
          <Outlet />
          <nav
            aria-label="Previous and next step"
            className="flex flex-wrap justify-between gap-2 border-t border-border pt-4"
          >
            {previous ? (
              <Button asChild variant="outline">
                <Link to={`/surveys/${id}/${previous.path}`}>
                  <ArrowLeft aria-hidden="true" /> Previous: {previous.label}
                </Link>
              </Button>
            ) : (
              <span />
            )}
            {next ? (
              <Button asChild>
                <Link to={`/surveys/${id}/${next.path}`}>
                  Next: {next.label} <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            ) : null}
          </nav>
        </div>
      </div>
    </div>
  );
}

function StepLinks({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  return (
    <nav aria-label="Survey steps">
      <ol className="flex flex-col gap-1">
        {SURVEY_STEPS.map((step, i) => (
          <li key={step.path}>
            <NavLink
              to={`/surveys/${id}/${step.path}`}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                  isActive && 'bg-accent text-accent-foreground hover:bg-accent',
                )
              }
            >
              <span
                aria-hidden="true"
                className="flex size-6 items-center justify-center rounded-full border border-current text-xs"
              >
                {i + 1}
              </span>
              {step.label}
            </NavLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
