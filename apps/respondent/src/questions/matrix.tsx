import { RESPONDENT_MSG, type TDataInput, type TQuestion } from '@tieline/validation';
import { ChoiceLabel } from './choice-group';
import { type TPeople, toggled } from './people';
import { Hint, type TFieldIds } from './question-frame';

type Row = { id: string; label: string };

type MatrixProps = {
  q: TQuestion;
  entries: TDataInput[];
  ids: TFieldIds;
  people: TPeople | null;
  onChange: (dataInput: TDataInput[] | null) => void;
};

/**
 * Matrix selection, one group per row (readable at 360 px): rows are the question's options (regular)
 * or people (relationship); columns its headings, or the same people (ego network). In an undirected
 * ego network a tie chosen in one row is mirrored in the other person's row. Each row is a group named
 * by the row, and each choice is named 'row: column'.
 */
export function Matrix({ q, entries, ids, people, onChange }: MatrixProps) {
  const relationship = q.isRelationshipQuestion;
  const rows: Row[] = relationship
    ? (people?.people ?? []).map((p) => ({ id: p._id, label: p.name }))
    : q.selectionOptions.map((o) => ({ id: o._id, label: o.title }));
  const ego = relationship && q.egoNetworkMapping;
  const columns: Row[] = ego ? rows : q.columnHeadings.map((c) => ({ id: c._id, label: c.title }));
  // An ego network needs two people before any tie can be chosen.
  if (rows.length === 0 || columns.length === 0 || (ego && rows.length < 2))
    return <Hint>{RESPONDENT_MSG.noOptions}</Hint>;

  const rowKey = relationship ? 'nodeId' : 'optionId';
  const byRow = new Map(entries.map((e) => [e[rowKey] ?? '', e.selectedIds ?? []]));

  function toggle(rowId: string, columnId: string) {
    const next = new Map(byRow);
    const before = next.get(rowId) ?? [];
    const after = toggled(before, columnId, q.allowMultipleSelections);
    next.set(rowId, after);
    if (ego && q.egoNetworkMappingSymmetric) {
      const on = after.includes(columnId);
      const mirror = next.get(columnId) ?? [];
      if (on && !mirror.includes(rowId)) next.set(columnId, q.allowMultipleSelections ? [...mirror, rowId] : [rowId]);
      if (!on && mirror.includes(rowId))
        next.set(
          columnId,
          mirror.filter((id) => id !== rowId),
        );
      // A single-choice row that switched away from a person drops the mirrored tie too.
      for (const old of before) {
        if (old === columnId || after.includes(old)) continue;
        const theirs = next.get(old) ?? [];
        if (theirs.includes(rowId))
          next.set(
            old,
            theirs.filter((id) => id !== rowId),
          );
      }
    }
    const dataInput = [...next].map(([id, selectedIds]) => ({ [rowKey]: id, selectedIds }) as TDataInput);
    onChange(dataInput);
  }

  return (
    <div className="flex flex-col gap-3">
      {rows.map((row) => {
        const chosen = byRow.get(row.id) ?? [];
        const cols = ego ? columns.filter((c) => c.id !== row.id) : columns;
        return (
          <fieldset key={row.id} className="min-w-0 rounded-md bg-muted/60 p-3" aria-describedby={ids.describedBy}>
            <legend className="sr-only">{row.label}</legend>
            <p aria-hidden="true" className="mb-2 text-sm font-semibold">
              {row.label}
            </p>
            <div className="flex flex-wrap gap-2 *:min-w-[8rem] *:flex-1">
              {cols.map((col) => (
                <ChoiceLabel key={col.id} checked={chosen.includes(col.id)}>
                  <input
                    type={q.allowMultipleSelections ? 'checkbox' : 'radio'}
                    name={`${q._id}-${row.id}`}
                    checked={chosen.includes(col.id)}
                    onChange={() => toggle(row.id, col.id)}
                    // Named with its row as well: not every screen reader announces the row's group (VoiceOver on a phone).
                    aria-label={`${row.label}: ${col.label}`}
                    className="size-5 shrink-0 accent-primary"
                  />
                  <span className="min-w-0 break-words">{col.label}</span>
                </ChoiceLabel>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
