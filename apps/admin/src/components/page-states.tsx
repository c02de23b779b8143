import { Button, Card, CardContent, Spinner } from '@tieline/ui';
import type { ReactNode } from 'react';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-8">
      <Spinner label={label} showLabel />
    </div>
  );
}

/** Plain heading + explanation for a page whose content is not there yet, or has nothing to show. */
export function EmptyState({
  title,
  icon,
  children,
  action,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="mx-auto mt-6 max-w-2xl">
      <CardContent className="flex flex-col items-center gap-3 p-6 text-center sm:p-10">
        {icon ? <div className="rounded-full bg-accent p-3 text-accent-foreground [&_svg]:size-7">{icon}</div> : null}
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="max-w-prose text-muted-foreground">{children}</div>
        {action ? <div className="mt-2">{action}</div> : null}
      </CardContent>
    </Card>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="p-6">
      <EmptyState
        title="We could not load your account"
        action={
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        The server did not answer. Please check your connection and try again.
      </EmptyState>
    </div>
  );
}
