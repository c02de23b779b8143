import { useQuery } from '@tanstack/react-query';
import type { TMetricsResult } from '@tieline/graph';
import { Button, Card, CardContent, CardHeader, CardTitle, Progress } from '@tieline/ui';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

// The network's measures: computed on the server by a job (GET .../metrics answers 202 with progress
// until done), so a large network never blocks the page. Started by the person, since it costs a
// few seconds of server time on a large network; cached per version once computed.

const POLL_MS = 1_000;
const TOP = 10;

const fixed = (x: number, digits = 3) => (Number.isFinite(x) ? x.toFixed(digits) : '–');

export function MetricsPanel({ networkId, nodeCount }: { networkId: string; nodeCount: number }) {
  const trpc = useTRPC();
  const [asked, setAsked] = useState(false);
  const metrics = useQuery({
    ...trpc.networks.metrics.queryOptions({ id: networkId }),
    enabled: asked,
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'done' ? POLL_MS : false),
  });
  const state = metrics.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Metrics</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!asked ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => setAsked(true)}>Compute metrics</Button>
            <span className="text-sm text-muted-foreground">
              Degree, betweenness, closeness, PageRank, communities and more for {nodeCount.toLocaleString('en-US')}{' '}
              people. Large networks take a few seconds.
            </span>
          </div>
        ) : metrics.isError ? (
          <p role="alert" className="text-destructive">
            {errorMessage(metrics.error)}
          </p>
        ) : state?.state === 'done' ? (
          <MetricsResult metrics={state.metrics} />
        ) : (
          <div className="flex flex-col gap-2" aria-live="polite">
            <span className="text-sm">Computing metrics… {Math.round((state?.progress ?? 0) * 100)}%</span>
            <Progress value={(state?.progress ?? 0) * 100} aria-label="Metrics progress" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function MetricsResult({ metrics }: { metrics: TMetricsResult }) {
  const n = metrics.network;
  const facts: [string, string][] = [
    ['Density', fixed(n.density)],
    ['Reciprocity', fixed(n.reciprocity)],
    ['Transitivity', fixed(n.transitivity)],
    ['Diameter', String(n.diameter)],
    ['Average path length', fixed(n.averagePathLength, 2)],
    ['Components', `${n.components} (largest ${n.largestComponent.toLocaleString('en-US')})`],
    ['Communities', `${n.communities} (modularity ${fixed(n.modularity)})`],
  ];
  const top = [...metrics.nodes].sort((a, b) => b.betweenness - a.betweenness).slice(0, TOP);
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-medium">
            Brokers: the {top.length} people with the highest betweenness
          </caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-1 pr-4 font-normal">
                Name
              </th>
              <th scope="col" className="py-1 pr-4 text-right font-normal">
                Degree
              </th>
              <th scope="col" className="py-1 pr-4 text-right font-normal">
                Betweenness (normalized)
              </th>
              <th scope="col" className="py-1 pr-4 text-right font-normal">
                Closeness
              </th>
              <th scope="col" className="py-1 pr-4 text-right font-normal">
                PageRank
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Community
              </th>
            </tr>
          </thead>
          <tbody>
            {top.map((m) => (
              <tr key={m.name} className="border-b last:border-0">
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {m.name}
                </th>
                <td className="py-1 pr-4 text-right tabular-nums">{m.degree}</td>
                <td className="py-1 pr-4 text-right tabular-nums">{fixed(m.betweennessNormalized)}</td>
                <td className="py-1 pr-4 text-right tabular-nums">{fixed(m.closeness)}</td>
                <td className="py-1 pr-4 text-right tabular-nums">{fixed(m.pagerank, 4)}</td>
                <td className="py-1 text-right tabular-nums">{m.community + 1}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
