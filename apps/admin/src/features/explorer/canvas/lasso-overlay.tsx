import { useState } from 'react';

type TPoint = { x: number; y: number };

/** Drawn over the canvas while lasso mode is on: drag round the people to select; Escape cancels. */
export function LassoOverlay({ onDone, onCancel }: { onDone: (polygon: TPoint[]) => void; onCancel: () => void }) {
  const [points, setPoints] = useState<TPoint[]>([]);
  const [drawing, setDrawing] = useState(false);
  const at = (e: React.PointerEvent<SVGSVGElement>): TPoint => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  return (
    <svg
      role="application"
      aria-label="Lasso: drag round the people to select, Escape to cancel"
      data-testid="lasso"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the overlay takes Escape to cancel.
      tabIndex={0}
      className="absolute inset-0 z-20 size-full cursor-crosshair touch-none"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        setDrawing(true);
        setPoints([at(e)]);
      }}
      onPointerMove={(e) => {
        if (!drawing) return;
        // Read now: React clears the event's currentTarget before a state updater runs.
        const point = at(e);
        setPoints((p) => [...p, point]);
      }}
      onPointerUp={() => {
        setDrawing(false);
        if (points.length > 2) onDone(points);
        else onCancel();
      }}
    >
      <polygon
        points={points.map((p) => `${p.x},${p.y}`).join(' ')}
        className="fill-primary/10 stroke-primary"
        strokeWidth={1.5}
        strokeDasharray="4 3"
      />
    </svg>
  );
}
