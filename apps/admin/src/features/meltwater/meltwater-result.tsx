import { buttonVariants, Card, CardContent, CardHeader, CardTitle } from '@tieline/ui';
import type { TMeltwaterResult } from '@tieline/validation';
import { Network } from 'lucide-react';
import { Link } from 'react-router';

const count = (n: number) => n.toLocaleString('en-US');

/** What an export made: documents read and skipped (with why), people, ties per layer, and the network. */
export function MeltwaterResult({ result }: { result: TMeltwaterResult }) {
  const { skipped } = result;
  return (
    <Card role="region" aria-labelledby="meltwater-result-title">
      <CardHeader>
        <CardTitle id="meltwater-result-title">Network “{result.name}” made</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <Figure label="Documents read" value={count(result.documents)} />
          <Figure label="Documents used" value={count(result.used)} />
          <Figure label="People" value={count(result.people)} />
          <Figure label="Ties" value={count(result.ties)} />
        </dl>
        <div className="text-sm">
          <h3 className="font-medium">Skipped documents</h3>
          {skipped.noAuthor + skipped.unreadable === 0 ? (
            <p className="text-muted-foreground">None: every document was used.</p>
          ) : (
            <ul className="list-disc pl-5 text-muted-foreground">
              <li>{count(skipped.noAuthor)} without an author (no author handle or name)</li>
              <li>{count(skipped.unreadable)} unreadable (not a JSON object)</li>
            </ul>
          )}
        </div>
        <table className="w-full max-w-md text-sm">
          <caption className="mb-1 text-left font-medium">Ties per layer</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-1 font-normal">
                Layer
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Ties
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Interactions
              </th>
            </tr>
          </thead>
          <tbody>
            {result.layers.map((l) => (
              <tr key={l.layer} className="border-b border-border last:border-0">
                <th scope="row" className="py-1 text-left font-normal">
                  {l.layer}
                </th>
                <td className="py-1 text-right tabular-nums">{count(l.ties)}</td>
                <td className="py-1 text-right tabular-nums">{count(l.weight)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          <Link to={`/networks/explore/${encodeURIComponent(result.networkId)}`} className={buttonVariants()}>
            <Network aria-hidden="true" /> Open the network
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
