import { Button, ProductIcon } from '@tieline/ui';
import { Link } from 'react-router';

import { useDocumentTitle } from '../lib/use-document-title';

/** /404: every unknown path ends here (spec §2). */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 px-4 text-center">
      <ProductIcon className="size-16" />
      <h1 className="text-3xl font-semibold tracking-tight">Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Go to the home page</Link>
      </Button>
    </main>
  );
}
