import type { TDrawStyle } from '@tieline/sigma-engine';
import { useMemo } from 'react';
import { useStableCallback } from '../../../lib/use-stable-callback';
import type { TExplorerState } from '../explorer-state';
import type { TTieChanges } from '../time/tie-changes';
import type { encode } from './encoding';

/**
 * How the renderer draws people and ties now (`drawStyle`, for SigmaView.apply), and a stable getter of it
 * (`styleNow`) for the renderer's constructor: built with it, its first drawing is its only one (apply
 * then has nothing to change).
 */
export function useDrawStyle(
  state: TExplorerState,
  encoded: ReturnType<typeof encode>,
  visible: Uint8Array,
  changes: TTieChanges | null | undefined,
) {
  const drawStyle = useMemo<TDrawStyle>(
    () => ({
      color: encoded.color,
      size: encoded.size,
      visible,
      layers: state.layers,
      edgeColorByLayer: state.encoding.edgeColorByLayer,
      edgeWidthByWeight: state.encoding.edgeWidthByWeight,
      labels: state.encoding.labels,
      born: changes?.born ?? null,
    }),
    [encoded, visible, state.layers, state.encoding, changes],
  );
  const styleNow = useStableCallback(() => drawStyle);
  return { drawStyle, styleNow };
}
