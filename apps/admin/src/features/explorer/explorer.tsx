import type { TNetworkData } from '@tieline/graph';
import { freeArea, SigmaView, type TPositions } from '@tieline/sigma-engine';
import type { TNetworkSummary } from '@tieline/validation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useStableCallback } from '../../lib/use-stable-callback';
import { AnalysisPanels, type TRightPanel } from './analysis/analysis-panels';
import { useExplorerMetrics } from './analysis/use-explorer-metrics';
import { drawingOptions, relativeRect } from './canvas/canvas-setup';
import { CanvasToolbar } from './canvas/canvas-toolbar';
import { LassoOverlay } from './canvas/lasso-overlay';
import { discLayout, fixedLayout } from './canvas/layouts';
import { Legend } from './canvas/legend';
import { SearchBox } from './canvas/search-box';
import { DeleteLayerDialog } from './delete-layer-dialog';
import { defaultState, isMetricSource, readState, type TExplorerState } from './explorer-state';
import { ExplorerTopBar } from './explorer-top-bar';
import { adjacency, applyFilters } from './filters/filters';
import { FiltersPanel } from './filters/filters-panel';
import { encode, layerColor } from './style/encoding';
import { StylePanel } from './style/style-panel';
import { useDrawStyle } from './style/use-draw-style';
import { TabbedAside } from './tabbed-aside';
import type { TCarried } from './time/carry-state';
import { ChangesLegend } from './time/changes-legend';
import type { TTieChanges } from './time/tie-changes';
import { useViews } from './views/use-views';
import { ViewsPanel } from './views/views-panel';

type TLeftPanel = 'style' | 'filters' | 'views';
const LEFT: { id: TLeftPanel; label: string }[] = [
  { id: 'style', label: 'Style' },
  { id: 'filters', label: 'Filters' },
  { id: 'views', label: 'Views' },
];

export function Explorer({
  network,
  data,
  start,
  onSigma,
  carried,
  onCarry,
  changes,
}: {
  network: TNetworkSummary;
  data: TNetworkData;
  /** Where the layout starts (a series' step: the last snapshot's places), instead of a fresh disc. */
  start?: TPositions;
  /** The renderer, for a series' time slider to read positions from before it steps. */
  onSigma?: (sigma: SigmaView | null) => void;
  /** A series' step: the styles, filters and panel the snapshot before had (time/carry-state.ts). */
  carried?: TCarried;
  /** Told what a step should carry, as it changes. */
  onCarry?: (c: TCarried) => void;
  /** A series' changes view: ties born and dissolved since the snapshot before; null: off. */
  changes?: TTieChanges | null;
}) {
  const { viewId, layerIndex } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const base = `/networks/explore/${network._id}`;
  const views = useViews(network._id);
  const view = views.list.find((v) => v._id === viewId) ?? null;
  const [state, setState] = useState<TExplorerState>(() => carried?.state ?? defaultState(data.layers.length));
  const [left, setLeft] = useState<TLeftPanel>('style');
  const [right, setRight] = useState<TRightPanel>('node');
  const [focused, setFocused] = useState<number | null>(carried?.focused ?? null);
  const [forceRunning, setForceRunning] = useState(false);
  const [ties, setTies] = useState<readonly [number, number] | null>(null);
  const [lasso, setLasso] = useState(false);
  const [sigma, setSigma] = useState<SigmaView | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const toolsRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLElement>(null);
  const categoryKeys = useMemo(
    () => data.nodeAttributes.filter((a) => a.type === 'category').map((a) => a.key),
    [data],
  );
  const [groupAttribute, setGroupAttribute] = useState<string | null>(
    carried ? carried.state.groupAttribute : (categoryKeys[0] ?? null),
  );
  const carry = useStableCallback((c: TCarried) => onCarry?.(c));
  useEffect(() => carry({ state: { ...state, groupAttribute }, focused }), [carry, state, groupAttribute, focused]);

  const needsMetrics =
    isMetricSource(state.encoding.size) ||
    state.encoding.color === 'community' ||
    isMetricSource(state.encoding.color) ||
    state.filters.ranges.some((r) => isMetricSource(r.source)) ||
    state.layout.kind === 'xy' ||
    right !== 'node';
  const [metricsWanted, setMetricsWanted] = useState(false);
  useEffect(() => {
    if (needsMetrics) setMetricsWanted(true);
  }, [needsMetrics]);
  const metricsState = useExplorerMetrics(
    network._id,
    groupAttribute,
    state.metricsLayer,
    metricsWanted,
    network.dataVersion,
  );
  const [startAt] = useState(() => start ?? null);
  const reportSigma = useStableCallback((v: SigmaView | null) => onSigma?.(v));
  const metrics = metricsState.metrics;

  const adj = useMemo(() => adjacency(data, state.layers), [data, state.layers]);
  const filtered = useMemo(() => applyFilters(state, data, metrics, adj), [state, data, metrics, adj]);
  const encoded = useMemo(() => encode(state, data, metrics), [state, data, metrics]);
  const { drawStyle, styleNow } = useDrawStyle(state, encoded, filtered.visible, changes);

  // The renderer lives as long as the page: created once, fed by the effects below.
  useEffect(() => {
    const container = canvasRef.current;
    if (!container) return;
    const v = new SigmaView(
      container,
      data,
      startAt ?? discLayout(data.nodes.length),
      {
        onClickNode: (node) => {
          setFocused(node);
          setRight('node');
        },
        onClickStage: () => setFocused(null),
        onForceChange: setForceRunning,
        // Said in steps of a twentieth, so the page is not rendered again for every slice of ties.
        onTies: (added, total) => {
          container.dataset.ties = added < total ? 'adding' : 'all';
          setTies((was) => {
            const step = (n: number) => Math.floor((n * 20) / total);
            return added >= total ? null : was && step(was[0]) === step(added) ? was : [added, total];
          });
        },
        // Marks for tests and benchmarks: a drawing is on screen, and how many have been.
        onDrawn: () => {
          container.dataset.rendered = 'true';
          container.dataset.drawn = String(Number(container.dataset.drawn ?? 0) + 1);
        },
        freeArea: () => {
          const box = container.getBoundingClientRect();
          return freeArea(
            box.width,
            box.height,
            toolsRef.current ? toolsRef.current.getBoundingClientRect().bottom - box.top : 0,
            relativeRect(legendRef.current, box),
          );
        },
      },
      { layerColor, ...drawingOptions() },
      styleNow(),
    );
    setSigma(v);
    reportSigma(v);
    // The first picture leaves the legend's corner free.
    v.fit(false);
    if (data.nodes.length > 0) v.startForce({ fresh: !startAt });
    return () => {
      reportSigma(null);
      v.kill();
    };
  }, [data, startAt, reportSigma, styleNow]);

  useEffect(() => {
    sigma?.apply(drawStyle);
  }, [sigma, drawStyle]);
  useEffect(() => sigma?.setDissolved(changes?.dissolved ?? null), [sigma, changes]);
  // A carried layout other than the force layout is made again from this snapshot's people.
  const [carriedLayout] = useState(() =>
    carried && carried.state.layout.kind !== 'force' ? carried.state.layout : null,
  );
  const laidOut = useRef(false);
  useEffect(() => {
    if (!sigma || !carriedLayout || laidOut.current || (carriedLayout.kind === 'xy' && !metrics)) return;
    laidOut.current = true;
    runLayout(carriedLayout.kind, carriedLayout);
  });
  useEffect(() => sigma?.setFocused(focused), [sigma, focused]);
  useEffect(() => sigma?.setSelection(state.selection), [sigma, state.selection]);

  // A view in the address is opened once its saved state is known; its positions and camera come back too.
  const openedView = useRef<string | null>(null);
  useEffect(() => {
    if (!sigma || !view || openedView.current === view._id) return;
    openedView.current = view._id;
    const s = readState(view.state, data.layers.length, data.nodes.length);
    sigma.stopForce();
    if (s.positions) sigma.setPositions({ x: Float32Array.from(s.positions.x), y: Float32Array.from(s.positions.y) });
    setState(s);
    setFocused(s.focused);
    // A view saved with Groups "None" keeps it; one saved before groups were kept opens as the network does.
    if ((view.state as { groupAttribute?: unknown } | null)?.groupAttribute === null) setGroupAttribute(null);
    else if (s.groupAttribute && categoryKeys.includes(s.groupAttribute)) setGroupAttribute(s.groupAttribute);
    if (s.camera) sigma.setCamera(s.camera);
  }, [sigma, view, data, categoryKeys]);

  // resetView: back to the default view of the network, laid out afresh.
  const resetting = location.pathname.endsWith('/resetView');
  useEffect(() => {
    if (!resetting || !sigma) return;
    openedView.current = null;
    setState(defaultState(data.layers.length));
    setFocused(null);
    setGroupAttribute(categoryKeys[0] ?? null);
    sigma.setPositions(discLayout(data.nodes.length));
    sigma.fit(false);
    sigma.startForce({ fresh: true });
    navigate(base, { replace: true });
  }, [resetting, sigma, data, navigate, base, categoryKeys]);

  const update = (change: (s: TExplorerState) => TExplorerState) => setState((s) => change(s));

  function runLayout(kind: TExplorerState['layout']['kind'], opts: Partial<TExplorerState['layout']> = {}) {
    if (!sigma) return;
    const layout = { ...state.layout, ...opts, kind };
    setState((s) => ({ ...s, layout }));
    if (kind === 'force') {
      // From another layout's picture the force layout starts afresh; run again, it carries on.
      sigma.startForce({ fresh: state.layout.kind !== 'force' });
      return;
    }
    sigma.stopForce();
    const p = fixedLayout(layout, data, metrics);
    if (p) {
      sigma.setPositions(p);
      sigma.fit();
    }
  }

  /** The view as it is now, with its layout positions and camera, ready to save. */
  const snapshot = (): TExplorerState => ({
    ...state,
    focused,
    groupAttribute,
    positions: sigma?.positions() ?? null,
    camera: sigma?.camera() ?? null,
  });

  const removingLayer = layerIndex !== undefined ? Number(layerIndex) : null;
  const viewPath = view ? `${base}/${view._id}` : base;

  return (
    <div className="flex flex-col gap-3">
      <ExplorerTopBar
        network={network}
        viewName={view?.name ?? null}
        getScene={() => sigma?.scene() ?? null}
        data={data}
        filtered={filtered}
        layers={state.layers}
        metrics={{
          ...metricsState,
          layer: state.metricsLayer,
          groupAttribute,
          want: () => setMetricsWanted(true),
        }}
      />
      <div className="grid gap-3 lg:grid-cols-[17rem_minmax(0,1fr)_20rem]">
        <TabbedAside label="Explorer settings" tabsLabel="Settings" tabs={LEFT} active={left} onTab={setLeft}>
          {left === 'style' ? (
            <StylePanel
              state={state}
              data={data}
              metricsReady={!!metrics}
              forceRunning={forceRunning}
              onChange={update}
              onLayout={runLayout}
              onStopForce={() => sigma?.stopForce()}
              onDistribute={() => void sigma?.distribute()}
            />
          ) : left === 'filters' ? (
            <FiltersPanel
              state={state}
              data={data}
              metrics={metrics}
              filtered={filtered}
              basePath={viewPath}
              onChange={update}
            />
          ) : (
            <ViewsPanel
              views={views}
              current={view}
              canEdit={network.access !== 'View'}
              basePath={base}
              snapshot={snapshot}
            />
          )}
        </TabbedAside>
        <div
          ref={frameRef}
          className="relative flex min-h-[28rem] flex-col overflow-hidden rounded-lg border bg-white lg:h-[calc(100dvh-11rem)]"
        >
          <div ref={toolsRef} className="absolute inset-x-2 top-2 z-10 flex flex-wrap items-start gap-2">
            <SearchBox
              data={data}
              visible={filtered.visible}
              onPick={(node) => {
                setFocused(node);
                setRight('node');
                sigma?.focusNode(node);
              }}
            />
            <CanvasToolbar
              sigma={sigma}
              frame={frameRef}
              lasso={lasso}
              onLasso={setLasso}
              hasSelection={state.selection.length > 0}
              hideUnselected={state.hideUnselected}
              onHideUnselected={(hide) => update((s) => ({ ...s, hideUnselected: hide }))}
              onClearSelection={() => update((s) => ({ ...s, selection: [], hideUnselected: false }))}
            />
          </div>
          <div
            ref={canvasRef}
            data-testid="explorer-canvas"
            data-layout={forceRunning ? 'running' : 'still'}
            role="img"
            aria-label={`Network drawing: ${filtered.count} of ${data.nodes.length} people shown`}
            className="min-h-0 flex-1"
          />
          {lasso && sigma ? (
            <LassoOverlay
              onDone={(polygon) => {
                const picked = sigma.nodesInside(polygon);
                update((s) => ({ ...s, selection: picked }));
                setLasso(false);
              }}
              onCancel={() => setLasso(false)}
            />
          ) : null}
          <Legend
            ref={legendRef}
            legend={encoded.legend}
            shown={filtered.count}
            total={data.nodes.length}
            visible={filtered.visible}
            selected={state.selection.length}
            metricsProgress={metricsState.progress}
            metricsPosition={metricsState.position}
            ties={ties}
            layers={changes ? [] : state.layers}
          >
            {changes ? <ChangesLegend changes={changes} /> : null}
          </Legend>
        </div>
        <AnalysisPanels
          panel={right}
          onPanel={setRight}
          data={data}
          metrics={metrics}
          metricsProgress={metricsState.progress}
          metricsPosition={metricsState.position}
          focused={focused}
          visible={filtered.visible}
          layers={state.layers}
          groupAttribute={groupAttribute}
          categoryKeys={categoryKeys}
          onGroupAttribute={setGroupAttribute}
          metricsLayer={state.metricsLayer}
          onMetricsLayer={(layer) => update((s) => ({ ...s, metricsLayer: layer }))}
          onFocus={(node) => {
            setFocused(node);
            setRight('node');
            sigma?.focusNode(node);
          }}
          onEgo={(node, steps) => update((s) => ({ ...s, filters: { ...s.filters, ego: { node, steps } } }))}
        />
      </div>
      {removingLayer !== null ? (
        <DeleteLayerDialog
          layer={data.layers[removingLayer] ?? null}
          onConfirm={() => {
            update((s) => ({ ...s, layers: s.layers.filter((l) => l !== removingLayer) }));
            navigate(viewPath);
          }}
          onClose={() => navigate(viewPath)}
        />
      ) : null}
    </div>
  );
}
