import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '@tieline/ui';
import type { TAuditEntry, TAuditTarget } from '@tieline/validation';
import { useState } from 'react';
import { formatDateTime } from '../lib/format-date';
import { useTRPC } from '../lib/trpc';
import { queryStates } from './list-states';

const PER_PAGE = 10;

/** What changed, as a short line: "from → to" when the row carries both, else its details. */
function describe(entry: TAuditEntry): string {
  const d = entry.details;
  if ('from' in d && 'to' in d && typeof d.to !== 'object') return `${String(d.from)} → ${String(d.to)}`;
  if ('change' in d)
    return `${Number(d.change) > 0 ? '+' : ''}${String(d.change)} credits${d.note ? `: ${String(d.note)}` : ''}`;
  if ('credits' in d) return `${String(d.credits)} credits requested`;
  if ('name' in d) return String(d.name);
  if ('email' in d) return `${String(d.email)} made a super admin`;
  return '';
}

const AUDIT_COLUMNS: DataTableColumn<TAuditEntry>[] = [
  { id: 'when', header: 'When', className: 'whitespace-nowrap', cell: (e) => formatDateTime(e.at) },
  {
    id: 'who',
    header: 'Who',
    className: 'break-all',
    cell: (e) => e.actorEmail ?? (e.ip === 'command line' ? 'Command line' : 'Unknown'),
  },
  { id: 'action', header: 'Action', cell: (e) => <code>{e.action}</code> },
  {
    id: 'target',
    header: 'Target',
    className: 'break-all',
    cell: (e) => (
      <>
        {e.targetType} <span className="text-muted-foreground">{e.targetId.slice(0, 8)}</span>
      </>
    ),
  },
  { id: 'change', header: 'Change', className: 'break-words', cell: describe },
];

/** The audit log, newest first: all of it, or one target's (the super admin's details panels). */
export function AuditTrail({ target, caption }: { target?: { type?: TAuditTarget; id?: string }; caption: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const log = useQuery(
    trpc.admin.audit.list.queryOptions({ targetType: target?.type, targetId: target?.id, page, perPage: PER_PAGE }),
  );
  return (
    <DataTable
      caption={caption}
      density="compact"
      columns={AUDIT_COLUMNS}
      data={log.data?.rows ?? []}
      getRowId={(e) => e._id}
      {...queryStates(log, 'the audit log')}
      empty="Nothing recorded yet."
      pagination={{ label: 'Audit log pages', page, perPage: PER_PAGE, total: log.data?.total ?? 0, onPage: setPage }}
    />
  );
}
