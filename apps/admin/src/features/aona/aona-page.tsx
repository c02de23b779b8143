import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  actionsColumn,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  toast,
} from '@tieline/ui';
import { AONA_ANALYSES, AONA_LABELS, type TAonaAnalysis, type TAonaResultSummary } from '@tieline/validation';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { queryStates } from '../../components/list-states';
import { TypedDeleteDialog } from '../../components/typed-delete-dialog';
import { formatDateTime } from '../../lib/format-date';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CfiForm, InformalForm, ReadinessForm } from './aona-forms';
import { ResultView } from './result-view';

// /aona (platform spec §2): one form per analysis, the saved results, and the one opened
// (`?result=<id>`, so a result has an address to come back to).

const ABOUT: Record<TAonaAnalysis, string> = {
  informalAlignment:
    'How far the informal ties follow the reporting lines: shared ties, Jaccard, coverage and a QAP test.',
  informalDistance: 'How many formal steps apart the two people of each informal tie are.',
  CFI: 'How much a network’s ties cross the groups of an attribute (cross-functional index and E-I index).',
  adaptableReadiness: 'A new network uniting the chosen ones, scoring each person as connector, broker and energizer.',
};

// The formulas in brief (docs/analysis.md has them in full, with worked examples).
const HOW: Record<TAonaAnalysis, string> = {
  informalAlignment:
    'People are matched by name (case and accents ignored); both networks are read as undirected simple graphs. Among the people in both, F and I are the formal and informal ties: Jaccard = |F∩I| / |F∪I|, formal coverage = |F∩I| / |F|, informal confinement = |F∩I| / |I|. QAP: r is the correlation of the two adjacency matrices; p is the share of 1,000 seeded relabellings of the informal network with r at least as high.',
  informalDistance:
    'For each informal tie between two people of the formal network, the number of steps between them in the whole formal network (undirected), or unreachable. Means and medians are over the reachable ties.',
  CFI: 'A tie is external when its two people have different values of the attribute (blank values are left out). CFI = external / all ties; E-I = (external − internal) / all ties, for the network, each group, and each person (the share of their neighbors in another group).',
  adaptableReadiness:
    'On the union of the networks (undirected, simple) with n people: connector = degree / (n − 1); broker = 1 − Burt’s constraint; energizer = people with a tie towards them in an energy layer, / (n − 1). The energy layers are the ones ticked below; at first, those whose own layer name contains “energ” (a network without layers: its name). The top 10% by each score are flagged; readiness is the mean percentile rank of the scores.',
};

/** A saved result, opened; `onAnalysis` hears its analysis once loaded, so the form above shows the same one. */
function OpenResult({
  id,
  onClose,
  onAnalysis,
}: {
  id: string;
  onClose: () => void;
  onAnalysis: (analysis: TAonaAnalysis) => void;
}) {
  const trpc = useTRPC();
  const saved = useQuery(trpc.aona.results.get.queryOptions({ id }));
  const analysis = saved.data?.analysis;
  useEffect(() => {
    if (analysis) onAnalysis(analysis);
  }, [analysis, onAnalysis]);
  if (saved.isPending) return <p className="text-muted-foreground">Loading the result…</p>;
  if (saved.isError) return <p role="alert">This result could not be loaded (it may have been deleted).</p>;
  return <ResultView saved={saved.data} onClose={onClose} />;
}

export function AonaPage() {
  useDocumentTitle('AONA');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TAonaAnalysis>('informalAlignment');
  const [deleting, setDeleting] = useState<TAonaResultSummary | null>(null);
  const networks = useQuery(trpc.networks.list.queryOptions({ sortBy: 'name', sortDirection: 'asc' }));
  const results = useQuery(trpc.aona.results.list.queryOptions({}));
  const openId = params.get('result');
  const open = (id: string | null) => setParams(id ? { result: id } : {}, { replace: false });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.aona.results.list.queryKey() });
  const done = (id: string) => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: trpc.networks.list.queryKey() });
    open(id);
  };
  const remove = useMutation(
    trpc.aona.results.delete.mutationOptions({
      onSuccess: (_r, { id }) => {
        toast.success('Result deleted');
        setDeleting(null);
        if (openId === id) open(null);
        refresh();
      },
    }),
  );
  const list = networks.data ?? [];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">AONA</h1>
        <p className="max-w-prose text-muted-foreground">
          AONA is Tieline’s readiness analysis: organizational network analyses that compare the formal organization
          (who reports to whom) with the informal one (who people ask for advice, work with or get energy from), and
          find the brokers, connectors and energizers who can carry a change. Each analysis says how it is computed;
          every result is saved below, to reopen or download.
        </p>
      </div>
      <Card>
        <CardHeader>
          <div role="tablist" aria-label="Analyses" className="flex flex-wrap gap-2">
            {AONA_ANALYSES.map((a) => (
              <Button
                key={a}
                role="tab"
                id={`aona-tab-${a}`}
                aria-selected={tab === a}
                aria-controls="aona-form"
                variant={tab === a ? 'default' : 'outline'}
                size="sm"
                onClick={() => setTab(a)}
              >
                {AONA_LABELS[a]}
              </Button>
            ))}
          </div>
          <CardTitle className="pt-3">{AONA_LABELS[tab]}</CardTitle>
          <CardDescription>{ABOUT[tab]}</CardDescription>
          <details className="text-sm text-muted-foreground">
            <summary className="cursor-pointer">How it is computed</summary>
            <p className="mt-1 max-w-prose">{HOW[tab]}</p>
          </details>
        </CardHeader>
        <CardContent id="aona-form" role="tabpanel" aria-labelledby={`aona-tab-${tab}`}>
          {networks.isSuccess && list.length === 0 ? (
            <p className="text-muted-foreground">Upload or create a network first: the analyses read your networks.</p>
          ) : tab === 'CFI' ? (
            <CfiForm networks={list} onDone={done} />
          ) : tab === 'adaptableReadiness' ? (
            <ReadinessForm networks={list} onDone={done} />
          ) : (
            <InformalForm key={tab} analysis={tab} networks={list} onDone={done} />
          )}
        </CardContent>
      </Card>
      {openId ? <OpenResult key={openId} id={openId} onClose={() => open(null)} onAnalysis={setTab} /> : null}
      <section aria-labelledby="aona-saved" className="flex flex-col gap-2">
        <h2 id="aona-saved" className="text-lg font-semibold">
          Saved results
        </h2>
        <div className="min-w-0">
          <DataTable
            caption="Saved results"
            framed
            columns={[
              { id: 'analysis', header: 'Analysis', cell: (r) => AONA_LABELS[r.analysis], card: 'title' },
              {
                id: 'networks',
                header: 'Networks',
                className: 'max-w-80 break-words',
                card: 'field',
                cell: (r) =>
                  [r.inputs.networks.map((n) => n.name).join(', '), r.inputs.attribute].filter(Boolean).join(' · '),
              },
              {
                id: 'date',
                header: 'Date',
                className: 'whitespace-nowrap',
                card: 'field',
                cell: (r) => formatDateTime(r.createdAt),
              },
              actionsColumn<TAonaResultSummary>((r) => (
                <div className="flex justify-end gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => open(r._id)}
                    aria-label={`Open ${AONA_LABELS[r.analysis]} of ${formatDateTime(r.createdAt)}`}
                  >
                    Open
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDeleting(r)}
                    aria-label={`Delete ${AONA_LABELS[r.analysis]} of ${formatDateTime(r.createdAt)}`}
                  >
                    Delete
                  </Button>
                </div>
              )),
            ]}
            data={results.data ?? []}
            getRowId={(r) => r._id}
            {...queryStates(results, 'your results')}
            empty="No results yet: run an analysis above."
            cards
          />
        </div>
      </section>
      <TypedDeleteDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? null : setDeleting(null))}
        title="Delete this result?"
        confirmLabel="Delete result"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting._id })}
      >
        The saved {deleting ? AONA_LABELS[deleting.analysis] : ''} result goes; the networks stay as they are.
      </TypedDeleteDialog>
    </div>
  );
}
