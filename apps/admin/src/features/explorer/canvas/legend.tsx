import { Progress } from '@tieline/ui';
import { type ReactNode, type Ref, useMemo } from 'react';
import { metricsProgressText } from '../analysis/use-explorer-metrics';
import { shownCounts, type TLegend } from '../style/encoding';

const num = (x: number) => (Math.abs(x) >= 100 || Number.isInteger(x) ? x.toLocaleString('en-US') : x.toPrecision(3));

/** Always says what is on screen: how many people, what color and size mean, which layers are drawn. */
export function Legend({
  ref,
  legend,
  shown,
  total,
  visible,
  selected,
  metricsProgress,
  metricsPosition,
  ties = null,
  layers,
  children,
}: {
  ref?: Ref<HTMLElement>;
  legend: TLegend;
  shown: number;
  total: number;
  /** 1 for each person on screen: while a filter hides some, categories count both. */
  visible: Uint8Array;
  selected: number;
  metricsProgress: number | null;
  metricsPosition: number | null;
  /** A large network's ties still being added to the drawing: how many are in, of how many. */
  ties?: readonly [added: number, total: number] | null;
  layers: number[];
  /** More to say (a series' changes view). */
  children?: ReactNode;
}) {
  const onLayers = legend.layers.filter((l) => layers.includes(l.index));
  const color = legend.color;
  const onScreen = useMemo(
    () => (color?.kind === 'category' && shown < total ? shownCounts(color, visible) : null),
    [color, visible, shown, total],
  );
  return (
    <section
      ref={ref}
      aria-label="Legend"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a long legend scrolls, so a keyboard must reach it.
      tabIndex={0}
      className="absolute bottom-2 left-2 z-10 max-h-[45%] max-w-64 overflow-y-auto rounded-md border bg-card/95 p-2 text-xs shadow-sm"
    >
      <p className="font-medium tabular-nums" aria-live="polite">
        {shown === total
          ? `${total.toLocaleString('en-US')} people`
          : `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} people`}
        {selected > 0 ? `, ${selected.toLocaleString('en-US')} selected` : ''}
      </p>
      {ties ? (
        <div className="mt-0.5 text-muted-foreground" data-testid="ties-drawing">
          <p aria-live="polite" className="tabular-nums">
            Drawing ties: {ties[0].toLocaleString('en-US')} of {ties[1].toLocaleString('en-US')}
          </p>
          <Progress className="mt-0.5 h-1" value={(ties[0] / ties[1]) * 100} aria-label="Ties drawn" />
        </div>
      ) : null}
      {metricsProgress !== null ? (
        <p className="text-muted-foreground" aria-live="polite">
          {metricsProgressText(metricsProgress, metricsPosition)}
        </p>
      ) : null}
      {legend.color?.kind === 'category' ? (
        <div className="mt-1.5">
          <p className="font-medium">Color: {legend.color.title}</p>
          <ul className="mt-0.5 flex flex-col gap-0.5">
            {legend.color.items.map((item, i) => (
              <li key={item.label} className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ background: item.color }}
                />
                <span className="truncate">{item.label}</span>
                <span className="ml-auto shrink-0 pl-2 text-muted-foreground tabular-nums">
                  {onScreen ? `${(onScreen[i] ?? 0).toLocaleString('en-US')} of ` : ''}
                  {item.count.toLocaleString('en-US')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : legend.color?.kind === 'scale' ? (
        <div className="mt-1.5">
          <p className="font-medium">Color: {legend.color.title}</p>
          <div
            aria-hidden="true"
            className="mt-0.5 h-2 w-40 rounded-sm"
            style={{ background: `linear-gradient(to right, ${legend.color.colors.join(',')})` }}
          />
          <p className="flex w-40 justify-between tabular-nums text-muted-foreground">
            <span>{num(legend.color.min)}</span>
            <span>{num(legend.color.max)}</span>
          </p>
        </div>
      ) : null}
      {legend.size ? (
        <div className="mt-1.5">
          <p className="font-medium">Size: {legend.size.title}</p>
          <p className="flex items-center gap-1.5 text-muted-foreground tabular-nums">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-foreground/60" /> {num(legend.size.min)}
            <span aria-hidden="true" className="ml-2 size-3.5 rounded-full bg-foreground/60" /> {num(legend.size.max)}
          </p>
        </div>
      ) : null}
      {onLayers.length > 0 ? (
        <div className="mt-1.5">
          <p className="font-medium">Ties by layer</p>
          <ul className="mt-0.5 flex flex-col gap-0.5">
            {onLayers.map((l) => (
              <li key={l.index} className="flex items-center gap-1.5">
                <span aria-hidden="true" className="h-0.5 w-4 shrink-0" style={{ background: l.color }} />
                {l.label}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {children}
    </section>
  );
}
