import type { TNetworkData } from '@tieline/graph';
import { Input } from '@tieline/ui';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';

const MAX_RESULTS = 12;

/** Search people by name (press / anywhere to jump here); Enter focuses the drawing on the person. */
export function SearchBox({
  data,
  visible,
  onPick,
}: {
  data: TNetworkData;
  visible: Uint8Array;
  onPick: (node: number) => void;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const lowered = useMemo(() => data.nodes.map((n) => n.name.toLowerCase()), [data]);
  const results = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const starts: number[] = [];
    const contains: number[] = [];
    for (let i = 0; i < lowered.length && starts.length < MAX_RESULTS; i++) {
      const name = lowered[i] ?? '';
      if (name.startsWith(q)) starts.push(i);
      else if (contains.length < MAX_RESULTS && name.includes(q)) contains.push(i);
    }
    return [...starts, ...contains].slice(0, MAX_RESULTS);
  }, [query, lowered]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== '/' || target?.closest('input, textarea, select, [contenteditable]')) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const pick = (node: number) => {
    onPick(node);
    setQuery(data.nodes[node]?.name ?? '');
    setOpen(false);
  };
  const shown = open && results.length > 0;
  return (
    <div className="relative w-64">
      <Search aria-hidden="true" className="pointer-events-none absolute top-2 left-2.5 size-4 text-muted-foreground" />
      <Input
        ref={input}
        role="combobox"
        aria-label="Search people"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        placeholder="Search people  ( / )"
        className="h-8 bg-card pl-8 text-sm"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(results.length - 1, a + 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (e.key === 'Escape') setOpen(false);
          else if (e.key === 'Enter' && results[active] !== undefined) pick(results[active]);
          else return;
          e.preventDefault();
        }}
      />
      {shown ? (
        <div
          id={listId}
          role="listbox"
          aria-label="People found"
          className="absolute z-30 mt-1 w-full overflow-hidden rounded-md border bg-card py-1 text-sm shadow-md"
        >
          {results.map((node, k) => (
            <div
              key={node}
              tabIndex={-1}
              id={`${listId}-${k}`}
              role="option"
              aria-selected={k === active}
              className="flex cursor-pointer justify-between gap-2 px-2.5 py-1 aria-selected:bg-muted"
              onMouseDown={(e) => {
                e.preventDefault();
                pick(node);
              }}
            >
              <span className="truncate">{data.nodes[node]?.name}</span>
              {visible[node] ? null : <span className="text-xs text-muted-foreground">hidden</span>}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
