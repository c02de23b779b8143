import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';

/**
 * Which question cards are sortable right now: those within a screen of the viewport, and those
 * pinned (focused, being dragged). dnd-kit re-renders every useSortable on each drag
 * event and measures every droppable when a drag starts: with 200 cards, picking one up took frames
 * of 150-300 ms. Cards further away keep their markup and take part again as they come near (dnd-kit
 * measures droppables as they register, and scrolls the dragged card's way into view).
 */
export class LiveCards {
  private readonly near = new Set<string>();
  private readonly pins = new Map<string, number>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly elements = new WeakMap<Element, string>();
  private readonly observer: IntersectionObserver | null;

  constructor() {
    // Without IntersectionObserver (tests in jsdom) every card is sortable, as before.
    this.observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => this.seen(entries), { rootMargin: '100% 0px' });
  }

  isLive(id: string): boolean {
    return !this.observer || this.near.has(id) || this.pins.has(id);
  }

  subscribe(id: string, listener: () => void): () => void {
    const set = this.listeners.get(id) ?? new Set();
    this.listeners.set(id, set.add(listener));
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  observe(id: string, element: Element): () => void {
    this.elements.set(element, id);
    this.observer?.observe(element);
    return () => {
      this.observer?.unobserve(element);
      this.elements.delete(element);
      if (this.near.delete(id)) this.changed(id);
    };
  }

  /** Keeps a card sortable until the returned function is called (pins nest; releasing twice is harmless). */
  pin(id: string): () => void {
    this.pins.set(id, (this.pins.get(id) ?? 0) + 1);
    if (this.pins.get(id) === 1) this.changed(id);
    let pinned = true;
    return () => {
      if (!pinned) return;
      pinned = false;
      const left = (this.pins.get(id) ?? 1) - 1;
      if (left > 0) this.pins.set(id, left);
      else {
        this.pins.delete(id);
        this.changed(id);
      }
    };
  }

  private seen(entries: IntersectionObserverEntry[]) {
    for (const entry of entries) {
      const id = this.elements.get(entry.target);
      if (id === undefined) continue;
      const was = this.near.has(id);
      if (entry.isIntersecting) this.near.add(id);
      else this.near.delete(id);
      if (was !== entry.isIntersecting) this.changed(id);
    }
  }

  private changed(id: string) {
    for (const listener of this.listeners.get(id) ?? []) listener();
  }
}

export const LiveCardsContext = createContext<LiveCards | null>(null);

/** Whether the card `id` (rendered as `element`) is sortable now; `pinned` keeps it so (focus inside). */
export function useLiveCard(id: string, element: Element | null, pinned: boolean): boolean {
  const cards = useContext(LiveCardsContext);
  useEffect(() => (cards && element ? cards.observe(id, element) : undefined), [cards, id, element]);
  useEffect(() => (cards && pinned ? cards.pin(id) : undefined), [cards, id, pinned]);
  const subscribe = useCallback((listener: () => void) => cards?.subscribe(id, listener) ?? (() => {}), [cards, id]);
  return useSyncExternalStore(subscribe, () => cards?.isLive(id) ?? true);
}
