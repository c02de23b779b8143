import type { SigmaView } from '@tieline/sigma-engine';
import { Button } from '@tieline/ui';
import { EyeOff, Fullscreen, LassoSelect, Maximize, X, ZoomIn, ZoomOut } from 'lucide-react';
import type { RefObject } from 'react';

export function CanvasToolbar({
  sigma,
  frame,
  lasso,
  onLasso,
  hasSelection,
  hideUnselected,
  onHideUnselected,
  onClearSelection,
}: {
  sigma: SigmaView | null;
  frame: RefObject<HTMLDivElement | null>;
  lasso: boolean;
  onLasso: (on: boolean) => void;
  hasSelection: boolean;
  hideUnselected: boolean;
  onHideUnselected: (hide: boolean) => void;
  onClearSelection: () => void;
}) {
  const tool = 'size-8 bg-card';
  return (
    <div role="toolbar" aria-label="Drawing" className="ml-auto flex flex-wrap gap-1">
      <Button variant="outline" size="icon" className={tool} aria-label="Zoom in" onClick={() => sigma?.zoom('in')}>
        <ZoomIn aria-hidden="true" />
      </Button>
      <Button variant="outline" size="icon" className={tool} aria-label="Zoom out" onClick={() => sigma?.zoom('out')}>
        <ZoomOut aria-hidden="true" />
      </Button>
      <Button variant="outline" size="icon" className={tool} aria-label="Fit to screen" onClick={() => sigma?.fit()}>
        <Maximize aria-hidden="true" />
      </Button>
      <Button
        variant="outline"
        size="icon"
        className={tool}
        aria-label="Full screen"
        onClick={() => {
          if (document.fullscreenElement) void document.exitFullscreen();
          else void frame.current?.requestFullscreen();
        }}
      >
        <Fullscreen aria-hidden="true" />
      </Button>
      <Button
        variant={lasso ? 'default' : 'outline'}
        size="icon"
        className={lasso ? 'size-8' : tool}
        aria-label="Lasso select"
        aria-pressed={lasso}
        onClick={() => onLasso(!lasso)}
      >
        <LassoSelect aria-hidden="true" />
      </Button>
      {hasSelection ? (
        <>
          <Button
            variant={hideUnselected ? 'default' : 'outline'}
            size="sm"
            className={hideUnselected ? 'h-8' : 'h-8 bg-card'}
            aria-pressed={hideUnselected}
            onClick={() => onHideUnselected(!hideUnselected)}
          >
            <EyeOff aria-hidden="true" /> Hide unselected
          </Button>
          <Button variant="outline" size="sm" className="h-8 bg-card" onClick={onClearSelection}>
            <X aria-hidden="true" /> Clear selection
          </Button>
        </>
      ) : null}
    </div>
  );
}
