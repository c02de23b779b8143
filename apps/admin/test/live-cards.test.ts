import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveCards } from '../src/features/questions/live-cards';

/** A stand-in for the browser's IntersectionObserver: the test says which elements are near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly observed = new Set<Element>();
  constructor(readonly callback: (entries: IntersectionObserverEntry[]) => void) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  report(...changes: [Element, boolean][]) {
    this.callback(changes.map(([target, isIntersecting]) => ({ target, isIntersecting }) as IntersectionObserverEntry));
  }
}

const element = () => ({}) as Element;

afterEach(() => vi.unstubAllGlobals());

describe('which question cards are sortable', () => {
  it('all of them where the browser cannot tell which are near the screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(new LiveCards().isLive('a')).toBe(true);
  });

  it('those near the screen, telling each card only of its own changes', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const cards = new LiveCards();
    const [a, b] = [element(), element()];
    cards.observe('a', a);
    cards.observe('b', b);
    const heard = { a: 0, b: 0 };
    cards.subscribe('a', () => heard.a++);
    cards.subscribe('b', () => heard.b++);
    expect(cards.isLive('a')).toBe(false);

    FakeObserver.last!.report([a, true], [b, false]);
    expect([cards.isLive('a'), cards.isLive('b')]).toEqual([true, false]);
    expect(heard).toEqual({ a: 1, b: 0 });
    FakeObserver.last!.report([a, true]);
    expect(heard.a).toBe(1);
    FakeObserver.last!.report([a, false]);
    expect(cards.isLive('a')).toBe(false);
    expect(heard.a).toBe(2);
  });

  it('a pinned card (focused, dragged, edited) however far it goes, until every pin is released', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const cards = new LiveCards();
    const a = element();
    cards.observe('a', a);
    const focused = cards.pin('a');
    const dragged = cards.pin('a');
    expect(cards.isLive('a')).toBe(true);
    focused();
    focused();
    expect(cards.isLive('a')).toBe(true);
    dragged();
    expect(cards.isLive('a')).toBe(false);
  });

  it('forgets a card taken off the list', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const cards = new LiveCards();
    const a = element();
    const stop = cards.observe('a', a);
    FakeObserver.last!.report([a, true]);
    let heard = 0;
    cards.subscribe('a', () => heard++);
    stop();
    expect(FakeObserver.last!.observed.has(a)).toBe(false);
    expect(cards.isLive('a')).toBe(false);
    expect(heard).toBe(1);
  });
});
