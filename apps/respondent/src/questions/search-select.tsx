import { RESPONDENT_LIMITS, RESPONDENT_MSG, searchCountCap } from '@tieline/validation';
import { useEffect, useId, useState } from 'react';
import { NameSearchInput } from '../components/name-search-input';
import { searchNodes, type TNode } from '../lib/api';
import { AddNameForm, LimitNotice } from './add-name-form';
import { ChoiceGroup } from './choice-group';
import { byName } from './people';
import { Hint } from './question-frame';

export type TAddName = {
  needsEmail: boolean;
  refusal: string | null;
  /** The question's cap on added names is reached: this message shows instead of the add form. */
  limit: string | null;
  add: (input: { name: string; email: string }) => Promise<TNode>;
};

type SearchSelectProps = {
  listId: string;
  randomUUID: string | null;
  /** A test email's link searches by its id (no personal link behind it). */
  testEmailId?: string | null | undefined;
  selected: readonly string[];
  multiple: boolean;
  names: ReadonlyMap<string, string>;
  /** Keeps the names of people seen in results, for chips and piped questions. */
  remember: (nodes: readonly TNode[]) => void;
  onToggle: (id: string) => void;
  hidden: string | null;
  labelledBy: string;
  describedBy?: string | undefined;
  /** Set when the question allows adding names. */
  addName: TAddName | null;
};

type Results = { query: string; page: number; count: number; nodes: TNode[] };

function merged(a: readonly TNode[], b: readonly TNode[]): TNode[] {
  const byId = new Map<string, TNode>();
  for (const node of [...a, ...b]) byId.set(node._id, node);
  return [...byId.values()].sort(byName);
}

/**
 * Search and select over a list of any size (spec §9): debounced, one page of 100 at a time, only the
 * latest request's results kept, results de-duplicated and sorted by name; the chosen people as chips.
 */
export function SearchSelect(props: SearchSelectProps) {
  const {
    listId,
    randomUUID,
    testEmailId,
    selected,
    multiple,
    names,
    remember,
    onToggle,
    hidden,
    labelledBy,
    addName,
  } = props;
  const id = useId();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const term = query.trim();
  // Searches start at two characters (the server refuses fewer to anyone but the survey's owner; the
  // preview follows the respondents' rule so it shows what they see).
  const tooShort = [...term].length < RESPONDENT_LIMITS.searchMinChars;

  useEffect(() => {
    if (tooShort) {
      setResults(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(() => {
      searchNodes({ listId, name: term, page, randomUUID, testEmailId }, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          remember(found.nodes);
          setResults((prev) => ({
            query: term,
            page,
            count: found.count,
            nodes: merged(page > 1 && prev?.query === term ? prev.nodes : [], found.nodes),
          }));
          setLoading(false);
        },
        // Search failures end quietly (spec §8); the person can type again.
        () => !controller.signal.aborted && setLoading(false),
      );
    }, RESPONDENT_LIMITS.searchDebounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term, tooShort, page, listId, randomUUID, testEmailId, remember]);

  const shown = (results?.query === term ? results.nodes : []).filter((n) => n._id !== hidden);
  const none = !loading && results?.query === term && shown.length === 0;
  const more = results && results.query === term && results.nodes.length < results.count;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label id={`${id}-search-label`} htmlFor={`${id}-search`} className="sr-only">
          Search names
        </label>
        <NameSearchInput
          id={`${id}-search`}
          value={query}
          labelledBy={`${labelledBy} ${id}-search-label`}
          describedBy={props.describedBy}
          onChange={(value) => {
            setQuery(value);
            setPage(1);
            setDismissed(false);
          }}
        />
      </div>
      <SelectedChips selected={selected} names={names} onRemove={onToggle} />
      <div aria-live="polite" className="flex flex-col gap-2">
        {term && tooShort ? <Hint>{RESPONDENT_MSG.searchTooShort}</Hint> : null}
        {loading && !shown.length ? <Hint>Searching…</Hint> : null}
        {none && (!addName || addName.limit) ? <Hint>{RESPONDENT_MSG.noMatches}</Hint> : null}
        {none && addName && !addName.limit ? <Hint>{RESPONDENT_MSG.noMatchesAdd}</Hint> : null}
        {results && results.query === term && shown.length > 0 ? (
          <Hint>
            {results.count >= searchCountCap(results.query) ? `${results.count}+` : results.count}{' '}
            {results.count === 1 ? 'match' : 'matches'}
          </Hint>
        ) : null}
      </div>
      {shown.length > 0 ? (
        <fieldset>
          <legend className="sr-only">Search results</legend>
          <ChoiceGroup
            name={`${id}-results`}
            choices={shown.map((n) => ({ id: n._id, label: n.name }))}
            selected={selected}
            multiple={multiple}
            onToggle={onToggle}
            grid
          />
        </fieldset>
      ) : null}
      {more ? (
        <button type="button" className="btn btn-outline self-start" onClick={() => setPage((p) => p + 1)}>
          Show more results
        </button>
      ) : null}
      {none && addName?.limit ? <LimitNotice>{addName.limit}</LimitNotice> : null}
      {none && addName && !addName.limit ? (
        !dismissed ? (
          <AddNameForm
            needsEmail={addName.needsEmail}
            initialName={term}
            refusal={addName.refusal}
            onAdd={async (input) => {
              const node = await addName.add(input);
              remember([node]);
              if (!selected.includes(node._id)) onToggle(node._id);
              setQuery('');
            }}
            onCancel={() => setDismissed(true)}
          />
        ) : (
          <button type="button" className="btn btn-outline self-start" onClick={() => setDismissed(false)}>
            Add a name
          </button>
        )
      ) : null}
    </div>
  );
}

/** The chosen people, each removable; the count says how many (spec §9 Selected count). */
export function SelectedChips({
  selected,
  names,
  onRemove,
}: {
  selected: readonly string[];
  names: ReadonlyMap<string, string>;
  onRemove: (id: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">Selected ({selected.length})</p>
      {selected.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {selected.map((nodeId) => {
            const name = names.get(nodeId) ?? 'Unknown person';
            return (
              <li key={nodeId}>
                <button
                  type="button"
                  onClick={() => onRemove(nodeId)}
                  aria-label={`Remove ${name}`}
                  className="inline-flex min-h-9 max-w-full items-center gap-2 rounded-full border border-primary bg-accent px-3 py-1 text-sm hover:bg-muted"
                >
                  <span className="truncate">{name}</span>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
