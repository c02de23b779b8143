import { RESPONDENT_LIMITS } from '@tieline/validation';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import type { TNode } from '../lib/api';

const ITEM = RESPONDENT_LIMITS.itemHeight;
const HEIGHT = RESPONDENT_LIMITS.listHeight;
const OVERSCAN = 3;

type PeopleListProps = {
  people: readonly TNode[];
  selected: readonly string[];
  multiple: boolean;
  onToggle: (id: string) => void;
  labelledBy: string;
  describedBy?: string | undefined;
};

/**
 * Many people (over the grid's 150) as a windowed listbox: only the rows in view are in the DOM (item
 * height 48, list height 432). One tab stop; arrows, Page Up/Down, Home and End move, Space or Enter
 * chooses (the WAI-ARIA listbox pattern with aria-activedescendant).
 */
export function PeopleList({ people, selected, multiple, onToggle, labelledBy, describedBy }: PeopleListProps) {
  const base = useId();
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, people.length - 1));
  const chosen = useMemo(() => new Set(selected), [selected]);

  const first = Math.max(0, Math.floor(scrollTop / ITEM) - OVERSCAN);
  const last = Math.min(people.length, Math.ceil((scrollTop + HEIGHT) / ITEM) + OVERSCAN);
  const indexes: number[] = [];
  for (let i = first; i < last; i++) indexes.push(i);
  if (people.length > 0 && (current < first || current >= last)) indexes.push(current);

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(people.length - 1, index));
    setActive(next);
    const el = box.current;
    if (!el) return;
    if (next * ITEM < el.scrollTop) el.scrollTop = next * ITEM;
    else if ((next + 1) * ITEM > el.scrollTop + el.clientHeight) el.scrollTop = (next + 1) * ITEM - el.clientHeight;
  }

  function onKeyDown(event: KeyboardEvent) {
    const page = Math.floor(HEIGHT / ITEM);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: people.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      const person = people[current];
      if (person) onToggle(person._id);
    }
  }

  return (
    <div
      ref={box}
      role="listbox"
      tabIndex={0}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-multiselectable={multiple || undefined}
      aria-activedescendant={people.length > 0 ? `${base}-${current}` : undefined}
      onKeyDown={onKeyDown}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      className="relative overflow-y-auto rounded-md border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      style={{ height: Math.min(HEIGHT, people.length * ITEM + 2) }}
    >
      <div style={{ height: people.length * ITEM }} className="relative">
        {indexes.map((i) => {
          const person = people[i]!;
          const isChosen = chosen.has(person._id);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: keys and focus are handled by the listbox (aria-activedescendant).
            <div
              key={person._id}
              id={`${base}-${i}`}
              role="option"
              aria-selected={isChosen}
              onClick={() => {
                setActive(i);
                onToggle(person._id);
              }}
              className={`absolute inset-x-0 flex cursor-pointer items-center gap-3 border-b border-border px-3 text-sm ${
                i === current ? 'bg-muted' : ''
              } ${isChosen ? 'font-medium' : ''}`}
              style={{ top: i * ITEM, height: ITEM }}
            >
              <span
                aria-hidden="true"
                className={`flex size-5 shrink-0 items-center justify-center border text-xs ${
                  multiple ? 'rounded' : 'rounded-full'
                } ${isChosen ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card'}`}
              >
                {isChosen ? '✓' : ''}
              </span>
              <span className="truncate">{person.name}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
