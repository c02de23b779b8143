import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, DataTable, type DataTableColumn, SelectField, Spinner, toast } from '@tieline/ui';
import type { TPassiveReport, TPassiveReportInput, TReportGroup } from '@tieline/validation';
import { Download, Play, Waypoints } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/page-states';
import { errorMessage } from '../../lib/errors';
import { saveBlob } from '../../lib/save-blob';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatCount, LoadError, PassiveNav } from './passive-nav';
import { ReportHeatmap } from './report-heatmap';

/**
 * /passivedata/reports: a group report of a query (docs/passive-data.md "Group reports"), for every
 * member with the module: how groups of people (by an attribute) collaborate, never a person, never a
 * group below the account's minimum group size.
 */
export function ReportsPage() {
  useDocumentTitle('Group reports');
  const trpc = useTRPC();
  const queries = useQuery(trpc.passiveData.queries.list.queryOptions());
  const attributes = useQuery(trpc.passiveData.reports.attributes.queryOptions());
  const [queryId, setQueryId] = useState<string | null>(null);
  const [attribute, setAttribute] = useState<string | null>(null);
  const run = useMutation(trpc.passiveData.reports.run.mutationOptions({ meta: { silentError: true } }));
  const chosenQuery = queries.data?.find((q) => q._id === queryId) ?? queries.data?.[0];
  const keys = attributes.data ?? [];
  const chosenAttribute = attribute ?? (keys.includes('Department') ? 'Department' : keys[0]);
  const input: TPassiveReportInput | null =
    chosenQuery && chosenAttribute ? { queryId: chosenQuery._id, attribute: chosenAttribute } : null;
  // The report shown is the one run; its query's direction decides how the matrix reads.
  const [ran, setRan] = useState<{ input: TPassiveReportInput; name: string; directed: boolean } | null>(null);
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col sm:p-6">
      <PassiveNav />
      <h1 className="mb-2 text-2xl font-semibold">Group reports</h1>
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">
        How groups of people work together, from a query's window, interaction types and people: ties (pairs of people
        the query keeps) and interactions between and within groups. Groups of fewer people than the minimum group size
        are merged into Other, and no person is ever named.
      </p>
      {queries.isError ? <LoadError what="the queries" onRetry={() => void queries.refetch()} /> : null}
      {attributes.isError ? <LoadError what="the attributes" onRetry={() => void attributes.refetch()} /> : null}
      {queries.isPending || attributes.isPending ? <Spinner label="Loading queries" showLabel /> : null}
      {queries.data?.length === 0 ? (
        <EmptyState title="No queries yet" icon={<Waypoints aria-hidden="true" />}>
          A report reads a query's window, types and people. <Link to="/passivedata/queries/add">Make a query</Link>{' '}
          first.
        </EmptyState>
      ) : null}
      {queries.data?.length && attributes.data ? (
        <form
          className="mb-6 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!input || !chosenQuery) return;
            run.mutate(input, {
              onSuccess: () =>
                setRan({ input, name: chosenQuery.name, directed: chosenQuery.direction === 'directed' }),
            });
          }}
        >
          <SelectField
            label="Query"
            value={chosenQuery?._id ?? ''}
            options={queries.data.map((q) => ({ value: q._id, label: q.name }))}
            onChange={setQueryId}
            className="w-full sm:w-72"
          />
          <SelectField
            label="Group by"
            value={chosenAttribute ?? ''}
            options={keys.map((k) => ({ value: k, label: k === 'title' ? 'Title' : k }))}
            onChange={setAttribute}
            className="w-full sm:w-56"
          />
          <Button type="submit" disabled={!input || run.isPending}>
            <Play aria-hidden="true" /> {run.isPending ? 'Running…' : 'Run report'}
          </Button>
        </form>
      ) : null}
      {run.isError ? (
        <p role="alert" className="mb-4 max-w-3xl text-sm text-destructive">
          {errorMessage(run.error)}
        </p>
      ) : null}
      {run.data && ran && !run.isError ? <ReportView report={run.data} ran={ran} /> : null}
    </div>
  );
}

function ReportView({
  report,
  ran,
}: {
  report: TPassiveReport;
  ran: { input: TPassiveReportInput; name: string; directed: boolean };
}) {
  const shown = report.groups.reduce((n, g) => n + g.people, 0);
  return (
    <section aria-labelledby="report-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="report-heading" className="text-lg font-semibold">
          {ran.name} by {report.attribute}
        </h2>
        <DownloadButton input={ran.input} fileName={`${ran.name} - ${report.attribute}.xlsx`} />
      </div>
      <p className="text-sm text-muted-foreground">
        {formatCount(shown)} people in {formatCount(report.groups.length)} groups; minimum group size{' '}
        {formatCount(report.minimumGroupSize)}.
      </p>
      {report.hiddenPeople > 0 ? (
        <p className="max-w-3xl rounded-md border border-border bg-muted p-3 text-sm" data-testid="report-hidden">
          {formatCount(report.hiddenPeople)} {report.hiddenPeople === 1 ? 'person is' : 'people are'} not shown: their
          groups, even merged into Other, have fewer than {formatCount(report.minimumGroupSize)} people. Their ties are
          left out of every number.
        </p>
      ) : null}
      {report.groups.length === 0 ? (
        <p className="text-sm text-muted-foreground">No group is large enough to show.</p>
      ) : (
        <>
          <ReportHeatmap report={report} directed={ran.directed} />
          <DataTable
            caption={`Groups by ${report.attribute}`}
            captionVisible
            cards
            density="compact"
            columns={GROUP_COLUMNS}
            data={report.groups}
            getRowId={(g) => g.name}
          />
          <p className="max-w-3xl text-xs text-muted-foreground">
            Internal ties have both people in the group, external ties one person in another group shown. The E-I index
            is (external - internal) / (external + internal): -1 when a group keeps to itself, 1 when all its ties reach
            out.
          </p>
        </>
      )}
    </section>
  );
}

const GROUP_COLUMNS: DataTableColumn<TReportGroup>[] = [
  { id: 'name', header: 'Group', cell: (g) => <span className="font-medium">{g.name}</span>, card: 'title' },
  { id: 'people', header: 'People', cell: (g) => formatCount(g.people), align: 'right', card: 'field' },
  { id: 'internal', header: 'Internal ties', cell: (g) => formatCount(g.internal), align: 'right', card: 'field' },
  { id: 'external', header: 'External ties', cell: (g) => formatCount(g.external), align: 'right', card: 'field' },
  {
    id: 'ei',
    header: 'E-I index',
    cell: (g) => (g.ei === null ? '—' : g.ei.toFixed(2)),
    align: 'right',
    card: 'field',
  },
];

/** The report as a workbook: a POST (a run keeps its people for the differencing check), saved as a file. */
function DownloadButton({ input, fileName }: { input: TPassiveReportInput; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch('/api/base/passiveData/reports/xlsx', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        toast.error(body?.message ?? 'The workbook could not be made');
        return;
      }
      saveBlob(await res.blob(), fileName);
    } catch {
      toast.error('The workbook could not be downloaded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void download()} disabled={busy}>
      <Download aria-hidden="true" /> Download xlsx
    </Button>
  );
}
