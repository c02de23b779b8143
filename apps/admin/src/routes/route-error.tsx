import { Button, ProductIcon } from '@tieline/ui';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Last-resort page when rendering throws; the details go to the console, not the screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    document.title = 'Something went wrong · Tieline';
  }, [error]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 px-4 text-center">
      <ProductIcon className="size-14" />
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">An unexpected error stopped this page. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </main>
  );
}
