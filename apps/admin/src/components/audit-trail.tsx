import { useQuery } from '@tanstack/react-query';
import { Pager } from '@tieline/ui';
import type { TAuditEntry, TAuditTarget } from '@tieline/validation';
import { useState } from 'react';
import { formatDateTime } from '../lib/format-date';
import { useTRPC } from '../lib/trpc';

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

/** The audit log, newest first: all of it, or one target's (the super admin's details panels). */
export function AuditTrail({ target, caption }: { target?: { type?: TAuditTarget; id?: string }; caption: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const log = useQuery(
    trpc.admin.audit.list.queryOptions({ targetType: target?.type, targetId: target?.id, page, perPage: PER_PAGE }),
  );
  if (log.isPending) return <p className="p-3 text-muted-foreground">Loading the audit log…</p>;
  if (log.isError)
    return (
      <p role="alert" className="p-3">
        The audit log could not be loaded.
      </p>
    );
  if (log.data.rows.length === 0) return <p className="p-3 text-muted-foreground">Nothing recorded yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-left text-muted-foreground">
          <tr>
            <th className="p-2 font-medium">When</th>
            <th className="p-2 font-medium">Who</th>
            <th className="p-2 font-medium">Action</th>
            <th className="p-2 font-medium">Target</th>
            <th className="p-2 font-medium">Change</th>
          </tr>
        </thead>
        <tbody>
          {log.data.rows.map((e) => (
            <tr key={e._id} className="border-b border-border last:border-0">
              <td className="p-2 whitespace-nowrap">{formatDateTime(e.at)}</td>
              <td className="p-2 break-all">
                {e.actorEmail ?? (e.ip === 'command line' ? 'Command line' : 'Unknown')}
              </td>
              <td className="p-2">
                <code>{e.action}</code>
              </td>
              <td className="p-2 break-all">
                {e.targetType} <span className="text-muted-foreground">{e.targetId.slice(0, 8)}</span>
              </td>
              <td className="p-2 break-words">{describe(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager label="Audit log pages" page={page} perPage={PER_PAGE} total={log.data.total} onPage={setPage} />
    </div>
  );
}
