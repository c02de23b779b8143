import type { ReactNode } from 'react';

/**
 * A side column of the explorer: tabs over one scrolling panel (the settings on the left, the analysis
 * on the right). Tab and panel ids are `tab-<id>` / `panel-<id>`, so ids stay unique across both columns.
 */
export function TabbedAside<T extends string>({
  label,
  tabsLabel,
  tabs,
  active,
  onTab,
  tabListClassName = 'flex gap-1',
  children,
}: {
  label: string;
  tabsLabel: string;
  tabs: readonly { id: T; label: string }[];
  active: T;
  onTab: (id: T) => void;
  tabListClassName?: string;
  children: ReactNode;
}) {
  return (
    <aside
      aria-label={label}
      className="flex min-h-0 flex-col gap-2 rounded-lg border bg-card p-3 lg:h-[calc(100dvh-11rem)]"
    >
      <div role="tablist" aria-label={tabsLabel} className={tabListClassName}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={active === t.id ? `panel-${t.id}` : undefined}
            onClick={() => onTab(t.id)}
            className="rounded-md px-2.5 py-1 text-sm font-medium aria-selected:bg-primary aria-selected:text-primary-foreground hover:bg-muted"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls, so a keyboard must reach it (axe scrollable-region-focusable).
        tabIndex={0}
        id={`panel-${active}`}
        aria-labelledby={`tab-${active}`}
        className="min-h-0 flex-1 overflow-y-auto"
      >
        {children}
      </div>
    </aside>
  );
}
