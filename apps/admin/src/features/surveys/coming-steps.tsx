import { Card, CardContent } from '@tieline/ui';
import { useDocumentTitle } from '../../lib/use-document-title';
import { StepHeading } from './step-heading';

/** A step whose feature is not built yet: what it will do, and that it is not available. */
function NotAvailableStep({ title, children }: { title: string; children: string }) {
  useDocumentTitle(title);
  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-title">
      <StepHeading title={title} />
      <Card>
        <CardContent className="flex flex-col gap-1 p-6">
          <p>{children}</p>
          <p className="text-muted-foreground">This step is not available yet.</p>
        </CardContent>
      </Card>
    </section>
  );
}

export function EmailsStep() {
  return (
    <NotAvailableStep title="Emails">
      Here you will write the survey email and send it to the respondents you select by status.
    </NotAvailableStep>
  );
}
