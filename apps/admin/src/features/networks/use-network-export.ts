import { NETWORK_MSG } from '@tieline/validation';
import { useEffect, useRef, useState } from 'react';
import { UNREACHABLE } from '../../lib/errors';
import { attachmentName, saveBlob } from '../../lib/save-blob';

// GET /api/base/networks/{id}/export/{fileType} answers 202 { state, progress } while the metrics the
// file carries are computed (docs/exports.md): the page asks again until the file comes, showing how far
// the job is, then saves it.

const POLL_MS = 1_000;

export type TExportState =
  | { phase: 'idle' }
  | { phase: 'computing'; progress: number }
  | { phase: 'error'; message: string };

export function useNetworkExport() {
  const [state, setState] = useState<TExportState>({ phase: 'idle' });
  // Each start gets a number; a later start, a cancel or leaving the page makes the earlier one stop.
  const current = useRef(0);
  useEffect(
    () => () => {
      current.current++;
    },
    [],
  );

  async function start(url: string, fallbackName: string) {
    const run = ++current.current;
    setState({ phase: 'computing', progress: 0 });
    try {
      for (;;) {
        const res = await fetch(url, { credentials: 'same-origin' });
        if (run !== current.current) return;
        if (res.status === 202) {
          const body = (await res.json()) as { progress?: number };
          setState({ phase: 'computing', progress: body.progress ?? 0 });
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          if (run !== current.current) return;
          continue;
        }
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          setState({ phase: 'error', message: body?.message ?? NETWORK_MSG.failed });
          return;
        }
        saveBlob(await res.blob(), attachmentName(res, fallbackName));
        setState({ phase: 'idle' });
        return;
      }
    } catch {
      if (run === current.current) setState({ phase: 'error', message: UNREACHABLE });
    }
  }

  const cancel = () => {
    current.current++;
    setState({ phase: 'idle' });
  };
  return { state, start, cancel };
}
