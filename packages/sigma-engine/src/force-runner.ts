import type Graph from 'graphology';
import { ForceLayout } from './force-layout';

export interface TForceOptions {
  /** A new layout, not a continuation of the positions now (a large network then starts multilevel). */
  fresh?: boolean;
  onSettled?: () => void;
}

export interface TForceHost {
  /** Calls `then` once the next drawing is on screen. */
  afterDrawing(then: () => void): void;
  /** Whether no drawing of the network is on screen yet (the first positions then wait for it). */
  firstDrawingPending(): boolean;
  /** Whether a large network's ties are still being added to the graph (tie-loading.ts). */
  tiesLoading(): boolean;
  onForceChange(running: boolean): void;
}

/**
 * The view's force layout, one at a time. It reads the ties when it starts, so one asked for while a
 * large network's ties are still being added waits for them (`tiesIn`); its first positions wait for
 * the drawing being made rather than start it over.
 */
export class ForceRunner {
  private fa2: ForceLayout | null = null;
  private pending: TForceOptions | null = null;

  constructor(
    private readonly graph: Graph,
    private readonly host: TForceHost,
  ) {}

  isRunning() {
    return this.fa2?.isRunning() ?? false;
  }

  start(options: TForceOptions = {}) {
    this.stop();
    if (this.host.tiesLoading()) {
      this.pending = options;
      this.host.onForceChange(true);
      return;
    }
    this.run(options, this.host.firstDrawingPending());
  }

  /** Every tie is in: a layout asked for meanwhile starts, its first positions after the drawing that shows them all. */
  tiesIn() {
    const options = this.pending;
    this.pending = null;
    if (options) this.run(options, true);
  }

  private run({ fresh = false, onSettled }: TForceOptions, waitDrawing: boolean) {
    this.fa2 = new ForceLayout(this.graph, {
      multilevel: fresh,
      afterDrawing: (then) => this.host.afterDrawing(then),
      ...(waitDrawing ? { beforeFirst: (then: () => void) => this.host.afterDrawing(then) } : {}),
      onSettled: () => {
        this.fa2 = null;
        this.host.onForceChange(false);
        onSettled?.();
      },
    });
    this.host.onForceChange(true);
  }

  stop() {
    if (this.pending) {
      this.pending = null;
      this.host.onForceChange(false);
    }
    if (this.fa2) {
      this.fa2.kill();
      this.fa2 = null;
      this.host.onForceChange(false);
    }
  }
}
