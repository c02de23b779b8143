import { useQuery } from '@tanstack/react-query';
import { FormField, Input } from '@tieline/ui';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';

/** Search the people the sources found and pick them by email (people without one cannot be listed). */
export function PeoplePicker({ onPick }: { onPick: (email: string) => void }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 250);
  const people = useQuery({
    ...trpc.passiveData.people.list.queryOptions({ search: debounced, limit: 10 }),
    enabled: debounced.trim().length >= 2,
  });
  return (
    <div className="flex flex-col gap-2">
      <FormField label="Find people" hint="Type two letters or more of a name or an address">
        {(p) => <Input {...p} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />}
      </FormField>
      {people.data && debounced.trim().length >= 2 ? (
        <ul aria-label="People found" className="flex flex-col rounded-md border">
          {people.data.people.length === 0 ? <li className="p-2 text-sm text-muted-foreground">Nobody found</li> : null}
          {people.data.people.map((p) => (
            <li key={p._id} className="border-b last:border-b-0">
              <button
                type="button"
                disabled={!p.email}
                className="w-full p-2 text-left text-sm hover:bg-muted disabled:opacity-50"
                onClick={() => p.email && onPick(p.email)}
              >
                {p.name} <span className="text-muted-foreground">{p.email ?? '(no address)'}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
