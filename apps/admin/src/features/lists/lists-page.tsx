import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, buttonVariants } from '@tieline/ui';
import { Download, Plus, Upload } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { FullPageSpinner } from '../../components/page-states';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ListRow, listDownloadUrl } from './list-row';
import { RespondentCredits } from './respondent-credits';
import { TEMPLATE_URL, TemplateLink } from './template-link';
import { UploadDialog } from './upload-dialog';

/** The Lists tab (spec §2): the respondent list and the survey's supplementary lists. */
export function ListsPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useDocumentTitle('Lists');
  const lists = useQuery(trpc.lists.all.queryOptions({ surveyId: id }));
  const [upload, setUpload] = useState<'respondent' | 'supplementary' | null>(null);

  // An upload or delete changes the lists, and the survey's respondentList with them.
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.lists.all.queryFilter({ surveyId: id }));
    void queryClient.invalidateQueries(trpc.surveys.get.queryFilter({ id }));
    void queryClient.invalidateQueries(trpc.lists.respondentCredits.queryFilter({ surveyId: id }));
  };

  if (lists.isPending) return <FullPageSpinner label="Loading lists" />;
  const all = lists.data ?? [];
  const respondentList = all.find((l) => l.type === 'Respondent List');
  const supplementary = all.filter((l) => l.type === 'Supplementary List');

  return (
    // A step of the survey editor: the layout shows the survey and the way back; this is the step's own title.
    <section className="flex flex-col gap-6" aria-labelledby="step-title">
      <h2 id="step-title" className="text-xl font-semibold tracking-tight">
        Lists
      </h2>
      {lists.isError ? (
        <p role="alert" className="text-destructive">
          The lists could not be loaded.{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void lists.refetch()}>
            Try again
          </Button>
        </p>
      ) : null}

      <Section
        title="Respondent List"
        actions={
          <>
            {respondentList ? (
              <a href={listDownloadUrl(respondentList._id)} download className={buttonVariants({ variant: 'outline' })}>
                <Download aria-hidden="true" /> Download List
              </a>
            ) : null}
            <Button onClick={() => setUpload('respondent')}>
              <Upload aria-hidden="true" /> Update List
            </Button>
            <TemplateLink href={TEMPLATE_URL.respondent} />
          </>
        }
      >
        <RespondentCredits surveyId={id} withBillingLink />
        {respondentList ? (
          <ul aria-label="Respondent List">
            <ListRow surveyId={id} list={respondentList} onChanged={refresh} />
          </ul>
        ) : (
          <p className="text-muted-foreground">No respondent list yet. Upload one with Update List.</p>
        )}
      </Section>

      <Section
        title="Supplementary Lists"
        actions={
          <>
            <Button onClick={() => setUpload('supplementary')}>
              <Plus aria-hidden="true" /> New List
            </Button>
            <TemplateLink href={TEMPLATE_URL.supplementary} />
          </>
        }
      >
        {supplementary.length > 0 ? (
          <ul aria-label="Supplementary Lists" className="flex flex-col gap-2">
            {supplementary.map((list) => (
              <ListRow key={list._id} surveyId={id} list={list} onChanged={refresh} />
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No supplementary lists yet.</p>
        )}
      </Section>

      <UploadDialog
        open={upload === 'respondent'}
        onOpenChange={(open) => setUpload(open ? 'respondent' : null)}
        surveyId={id}
        type="Respondent List"
        heading="Update Respondent List"
        onUploaded={refresh}
      />
      <UploadDialog
        open={upload === 'supplementary'}
        onOpenChange={(open) => setUpload(open ? 'supplementary' : null)}
        surveyId={id}
        type="Supplementary List"
        heading="New Supplementary List"
        askTitle
        successMessage="List successfully uploaded"
        onUploaded={refresh}
      />
    </section>
  );
}

function Section({ title, actions, children }: { title: string; actions: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${title}-heading`.replace(/\s+/g, '-')} className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h3 id={`${title}-heading`.replace(/\s+/g, '-')} className="text-lg font-semibold">
          {title}
        </h3>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      {children}
    </section>
  );
}
