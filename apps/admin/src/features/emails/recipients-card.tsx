import { Card, CardContent, Checkbox, Label } from '@tieline/ui';
import { EMAILABLE_STATUSES, type TEmailStatuses } from '@tieline/validation';
import { useId } from 'react';

type Status = (typeof EMAILABLE_STATUSES)[number];

/** Spec §9: the selected share to one decimal. */
export const selectedShare = (selected: number, total: number) =>
  total === 0 ? '0.0' : ((selected / total) * 100).toFixed(1);

/** Counts and the Respondent Status multi-select (spec §2: every status but Opted Out). */
export function RecipientsCard({
  total,
  byStatus,
  statuses,
  onChange,
}: {
  total: number;
  byStatus: Partial<Record<string, number>>;
  statuses: TEmailStatuses;
  onChange: (statuses: TEmailStatuses) => void;
}) {
  const id = useId();
  const selected = EMAILABLE_STATUSES.reduce((sum, s) => sum + (statuses[s] ? (byStatus[s] ?? 0) : 0), 0);
  const toggle = (status: Status, on: boolean) => onChange({ ...statuses, [status]: on });
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-6">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Count label="Total Respondents" value={total.toLocaleString()} />
          <Count label="Respondents Selected" value={selected.toLocaleString()} />
          <Count label="Selected" value={`${selectedShare(selected, total)}%`} />
        </dl>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Respondent Status</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            {EMAILABLE_STATUSES.map((status) => (
              <div key={status} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${status}`}
                  checked={statuses[status] === true}
                  onCheckedChange={(on) => toggle(status, on === true)}
                />
                <Label htmlFor={`${id}-${status}`} className="font-normal">
                  {status} <span className="text-muted-foreground">({(byStatus[status] ?? 0).toLocaleString()})</span>
                </Label>
              </div>
            ))}
          </div>
          {(byStatus['Opted Out'] ?? 0) > 0 ? (
            <p className="text-xs text-muted-foreground">
              {byStatus['Opted Out']?.toLocaleString()} opted out: they are never emailed.
            </p>
          ) : null}
        </fieldset>
      </CardContent>
    </Card>
  );
}

function Count({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
