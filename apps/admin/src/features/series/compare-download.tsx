import { Button, toast } from '@tieline/ui';
import { NETWORK_MSG } from '@tieline/validation';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { UNREACHABLE } from '../../lib/errors';
import { attachmentName, saveBlob } from '../../lib/save-blob';
import type { TAsked } from './compare-data';

// The comparison shown, as a workbook (POST /api/base/networks/compare/xlsx with the same body): Summary,
// Persons, Ties (all of them) and, with an attribute, Groups. The server computes it again, so it can
// take as long as the comparison did.

export function CompareDownload({ asked }: { asked: TAsked }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch('/api/base/networks/compare/xlsx', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(asked.input),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        toast.error(body?.message ?? NETWORK_MSG.failed);
        return;
      }
      saveBlob(await res.blob(), attachmentName(res, `Comparison - ${asked.before} vs ${asked.after}.xlsx`));
    } catch {
      toast.error(UNREACHABLE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void download()} disabled={busy} className="w-full sm:w-auto">
      <Download aria-hidden="true" /> {busy ? 'Preparing xlsx…' : 'Download xlsx'}
    </Button>
  );
}
