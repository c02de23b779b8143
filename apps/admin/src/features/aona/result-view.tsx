import { Button, Card, CardContent, CardHeader, CardTitle } from '@tieline/ui';
import {
  AONA_LABELS,
  type TAonaResult,
  type TCfiAnswer,
  type TInformalAlignmentAnswer,
  type TInformalDistanceAnswer,
  type TReadinessAnswer,
} from '@tieline/validation';
import { Download, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format-date';
import { BarChart } from './bar-chart';
import { count, Figures, ResultTable, ratio } from './result-tables';

function Alignment({ r }: { r: TInformalAlignmentAnswer }) {
  return (
    <>
      <Figures
        items={[
          ['People in both', count(r.commonPeople)],
          ['Shared ties', count(r.sharedTies)],
          ['Jaccard', ratio(r.jaccard)],
          ['Formal coverage', ratio(r.formalCoverage)],
          ['Informal confinement', ratio(r.informalConfinement)],
          ['QAP r', ratio(r.qap.r)],
          ['QAP p', ratio(r.qap.p)],
          ['Permutations', count(r.qap.permutations)],
        ]}
      />
      <BarChart
        testId="alignment-chart"
        xLabel="Ties among the people in both networks"
        series={['Ties']}
        summary={`${count(r.sharedTies)} of ${count(r.informalTies)} informal ties follow one of ${count(r.formalTies)} formal ties.`}
        bars={[
          { label: 'Formal only', values: [r.formalTies - r.sharedTies] },
          { label: 'Both', values: [r.sharedTies] },
          { label: 'Informal only', values: [r.informalTies - r.sharedTies] },
        ]}
      />
      <ResultTable
        caption="People"
        rows={r.people}
        columns={[
          { id: 'name', header: 'Name', kind: 'text' },
          { id: 'informalTies', header: 'Informal ties', kind: 'count' },
          { id: 'sharedTies', header: 'Also formal', kind: 'count' },
          { id: 'alignment', header: 'Alignment', kind: 'ratio' },
        ]}
      />
    </>
  );
}

function Distance({ r }: { r: TInformalDistanceAnswer }) {
  const bars = r.histogram.map((h) => ({ label: String(h.distance), values: [h.ties] }));
  if (r.unreachable > 0) bars.push({ label: 'Unreachable', values: [r.unreachable] });
  return (
    <>
      <Figures
        items={[
          ['Reachable ties', count(r.reachable)],
          ['Unreachable ties', count(r.unreachable)],
          ['Mean distance', ratio(r.meanDistance)],
          ['Median distance', ratio(r.medianDistance)],
        ]}
      />
      <BarChart
        testId="distance-histogram"
        xLabel="Formal steps between the two ends of an informal tie"
        series={['Informal ties']}
        summary={`Histogram of ${count(r.reachable + r.unreachable)} informal ties by their distance in the formal network.`}
        bars={bars}
      />
      <ResultTable
        caption="People"
        rows={r.people}
        columns={[
          { id: 'name', header: 'Name', kind: 'text' },
          { id: 'ties', header: 'Informal ties', kind: 'count' },
          { id: 'meanDistance', header: 'Mean distance', kind: 'ratio' },
        ]}
      />
      <ResultTable
        caption="Ties"
        rows={r.ties}
        columns={[
          { id: 'source', header: 'From', kind: 'text' },
          { id: 'target', header: 'To', kind: 'text' },
          { id: 'distance', header: 'Distance', kind: 'count' },
        ]}
      />
    </>
  );
}

function Cfi({ r }: { r: TCfiAnswer }) {
  return (
    <>
      <Figures
        items={[
          ['External ties', count(r.external)],
          ['Internal ties', count(r.internal)],
          ['CFI', ratio(r.cfi)],
          ['E-I index', ratio(r.ei)],
        ]}
      />
      {r.attributeWritten ? null : (
        <p className="text-sm text-muted-foreground">
          You may view this network but not change it, so its people do not get the “CFI” attribute.
        </p>
      )}
      <BarChart
        testId="cfi-groups-chart"
        xLabel="Group"
        series={['External ties', 'Internal ties']}
        summary={`Ties of each of ${r.groups.length} groups: external (to another group) and internal.`}
        bars={r.groups.map((g) => ({ label: g.value, values: [g.external, g.internal] }))}
      />
      <ResultTable
        caption="Groups"
        rows={r.groups}
        columns={[
          { id: 'value', header: 'Group', kind: 'text' },
          { id: 'people', header: 'People', kind: 'count' },
          { id: 'external', header: 'External', kind: 'count' },
          { id: 'internal', header: 'Internal', kind: 'count' },
          { id: 'cfi', header: 'CFI', kind: 'ratio' },
          { id: 'ei', header: 'E-I', kind: 'ratio' },
        ]}
      />
      <ResultTable
        caption="People"
        rows={r.people}
        columns={[
          { id: 'name', header: 'Name', kind: 'text' },
          { id: 'value', header: 'Group', kind: 'text' },
          { id: 'cfi', header: 'CFI', kind: 'ratio' },
        ]}
      />
    </>
  );
}

function Readiness({ r }: { r: TReadinessAnswer }) {
  const roles = [
    { label: 'Brokers', values: [r.brokers] },
    { label: 'Connectors', values: [r.connectors] },
    ...(r.energizers === null ? [] : [{ label: 'Energizers', values: [r.energizers] }]),
  ];
  return (
    <>
      <Figures
        items={[
          ['People', count(r.people)],
          ['Ties', count(r.ties)],
          ['Brokers', count(r.brokers)],
          ['Connectors', count(r.connectors)],
          ['Energizers', r.energizers === null ? 'No energy layer' : count(r.energizers)],
        ]}
      />
      <BarChart
        testId="readiness-roles"
        xLabel="Role"
        series={['People']}
        summary="People flagged in each role."
        bars={roles}
      />
      <ResultTable
        caption="Scores"
        rows={r.scores}
        columns={[
          { id: 'name', header: 'Name', kind: 'text' },
          { id: 'readiness', header: 'Readiness', kind: 'ratio' },
          { id: 'connector', header: 'Connector', kind: 'ratio' },
          { id: 'broker', header: 'Broker', kind: 'ratio' },
          { id: 'energizer', header: 'Energizer', kind: 'ratio' },
          { id: 'role', header: 'Role', kind: 'text' },
        ]}
      />
    </>
  );
}

/** One saved result: what was asked, its numbers, pictures and tables, its download. */
export function ResultView({ saved, onClose }: { saved: TAonaResult; onClose: () => void }) {
  const r = saved.result;
  const top = useRef<HTMLDivElement>(null);
  // Opened from the list below or from a form above: brought into view.
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
  }, []);
  const networkId =
    saved.analysis === 'adaptableReadiness'
      ? (r as TReadinessAnswer).networkId
      : saved.analysis === 'CFI'
        ? saved.inputs.networks[0]?.id
        : undefined;
  return (
    <div ref={top} className="scroll-mt-4">
      <Card aria-labelledby="aona-result-title">
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col gap-1">
            <CardTitle id="aona-result-title">{AONA_LABELS[saved.analysis]}</CardTitle>
            <p className="text-sm text-muted-foreground">
              {saved.inputs.networks.map((n) => `${n.role}: ${n.name}`).join(' · ')}
              {saved.inputs.attribute ? ` · attribute: ${saved.inputs.attribute}` : ''} ·{' '}
              {formatDateTime(saved.createdAt)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {networkId ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`/networks/explore/${networkId}`}>Open the network</Link>
              </Button>
            ) : null}
            <Button asChild variant="outline" size="sm">
              <a href={`/api/base/aona/results/${saved._id}/xlsx`} download>
                <Download aria-hidden="true" /> Download xlsx
              </a>
            </Button>
            <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the result">
              <X aria-hidden="true" />
            </Button>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {saved.analysis === 'informalAlignment' ? <Alignment r={r as TInformalAlignmentAnswer} /> : null}
          {saved.analysis === 'informalDistance' ? <Distance r={r as TInformalDistanceAnswer} /> : null}
          {saved.analysis === 'CFI' ? <Cfi r={r as TCfiAnswer} /> : null}
          {saved.analysis === 'adaptableReadiness' ? <Readiness r={r as TReadinessAnswer} /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
