import { Button, Card, CardContent, CardHeader, CardTitle } from '@tieline/ui';
import { AONA_LABELS, type TAonaResult, type TReadinessAnswer } from '@tieline/validation';
import { Download, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { BarChart } from '../../components/bar-chart';
import { formatDateTime } from '../../lib/format-date';
import { resultParts, type TResultParts } from './result-parts';
import { Figures, ResultTable } from './result-tables';

/** An answer's parts: its figures, a note, its chart and its tables. */
function Parts({ figures, note, chart, tables }: TResultParts) {
  return (
    <>
      <Figures items={figures} />
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      <BarChart {...chart} />
      {tables.map((t) => (
        <ResultTable key={t.caption} {...t} />
      ))}
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
          <Parts {...resultParts(saved)} />
        </CardContent>
      </Card>
    </div>
  );
}
