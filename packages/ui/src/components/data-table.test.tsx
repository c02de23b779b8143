import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  actionsColumn,
  DataTable,
  type DataTableColumn,
  type DataTableSelection,
  type DataTableSort,
} from './data-table';

afterEach(cleanup);

type Person = { id: string; name: string; age: number };
const PEOPLE: Person[] = [
  { id: 'b', name: 'Bob', age: 41 },
  { id: 'a', name: 'Ada', age: 36 },
  { id: 'c', name: 'Cy', age: 7 },
];
const COLUMNS: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortable: (p) => p.name },
  { id: 'age', header: 'Age', cell: (p) => p.age, sortable: (p) => p.age, align: 'right' },
  actionsColumn((p) => <button type="button">Edit {p.name}</button>),
];
const CARD_PLACES = { name: 'title', age: 'field', actions: 'actions' } as const;
const CARD_COLUMNS = COLUMNS.map((c) => ({ ...c, card: CARD_PLACES[c.id as keyof typeof CARD_PLACES] }));
const id = (p: Person) => p.id;

const table = () => screen.getByRole('table', { name: 'People' });
const bodyNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const header = (name: string) => within(table()).getByRole('columnheader', { name });

/** A page that owns the selection, and shows it. */
function Selectable() {
  const [selected, setSelected] = useState<DataTableSelection>({});
  return (
    <>
      <DataTable
        caption="People"
        columns={COLUMNS}
        data={PEOPLE}
        getRowId={id}
        selection={{ selected, onChange: setSelected, rowLabel: (p) => `Select ${p.name}`, allLabel: 'Select all' }}
      />
      <output>
        {Object.keys(selected)
          .filter((k) => selected[k])
          .sort()
          .join(',')}
      </output>
    </>
  );
}

describe('DataTable', () => {
  it('renders a named table with a header row, one row per item and the cells of each column', () => {
    render(<DataTable caption="People" columns={COLUMNS} data={PEOPLE} getRowId={id} />);
    expect(within(table()).getAllByRole('row')).toHaveLength(4);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Age', 'Actions']);
    expect(bodyNames()).toEqual(['Bob', 'Ada', 'Cy']);
    expect(screen.getByRole('button', { name: 'Edit Ada' })).toBeTruthy();
    expect(header('Actions').getAttribute('aria-sort')).toBeNull();
  });

  it('sorts on the client through keyboard-reachable header buttons that report aria-sort', () => {
    render(<DataTable caption="People" columns={COLUMNS} data={PEOPLE} getRowId={id} />);
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    const byName = within(header('Name')).getByRole('button', { name: 'Name' });
    expect(byName.tagName).toBe('BUTTON');
    fireEvent.click(byName);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(bodyNames()).toEqual(['Ada', 'Bob', 'Cy']);
    fireEvent.click(byName);
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(bodyNames()).toEqual(['Cy', 'Bob', 'Ada']);
    fireEvent.click(within(header('Age')).getByRole('button'));
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(header('Age').getAttribute('aria-sort')).toMatch(/ascending|descending/);
    const ages = bodyNames();
    expect(ages[0] === 'Cy' ? ages : [...ages].reverse()).toEqual(['Cy', 'Ada', 'Bob']);
  });

  it('starts in the initial order', () => {
    render(
      <DataTable
        caption="People"
        columns={COLUMNS}
        data={PEOPLE}
        getRowId={id}
        initialSort={{ id: 'age', desc: true }}
      />,
    );
    expect(bodyNames()).toEqual(['Bob', 'Ada', 'Cy']);
    expect(header('Age').getAttribute('aria-sort')).toBe('descending');
  });

  it('leaves the order to the server when sorting is controlled, and asks it for the next one', () => {
    const onSortChange = vi.fn<(sort: DataTableSort) => void>();
    const serverColumns = COLUMNS.map((c) => (c.sortable ? { ...c, sortable: true } : c));
    render(
      <DataTable
        caption="People"
        columns={serverColumns}
        data={PEOPLE}
        getRowId={id}
        sort={{ id: 'name', desc: false }}
        onSortChange={onSortChange}
      />,
    );
    expect(bodyNames()).toEqual(['Bob', 'Ada', 'Cy']);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: true });
    fireEvent.click(within(header('Age')).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'age', desc: false });
    expect(bodyNames()).toEqual(['Bob', 'Ada', 'Cy']);
  });

  it('selects rows with named checkboxes and all rows with the header one', () => {
    render(<Selectable />);
    const all = screen.getByRole('checkbox', { name: 'Select all' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    expect(screen.getByRole('status').textContent).toBe('a');
    expect(screen.getByRole('checkbox', { name: 'Select Ada' }).getAttribute('aria-checked')).toBe('true');
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(all);
    expect(screen.getByRole('status').textContent).toBe('a,b,c');
    expect(all.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(all);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the loading, failure and empty states instead of the table', () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <DataTable caption="People" columns={COLUMNS} data={[]} getRowId={id} loading loadingLabel="Loading people…" />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading people…');
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <DataTable caption="People" columns={COLUMNS} data={[]} getRowId={id} error="No people." onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('No people. Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<DataTable caption="People" columns={COLUMNS} data={[]} getRowId={id} empty="Nobody yet." />);
    expect(screen.getByText('Nobody yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('adds row attributes, a pager and a narrow-screen list of cards named like the table', () => {
    const onPage = vi.fn();
    render(
      <DataTable
        caption="People"
        columns={CARD_COLUMNS}
        data={PEOPLE}
        getRowId={id}
        rowProps={(p) => ({ 'aria-current': p.id === 'a', className: p.id === 'a' ? 'bg-accent' : undefined })}
        cards
        pagination={{ page: 1, perPage: 3, total: 5, onPage, label: 'People pages' }}
      />,
    );
    const ada = within(table()).getAllByRole('row')[2];
    expect(ada?.getAttribute('aria-current')).toBe('true');
    expect(ada?.className).toContain('bg-accent');
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const adaCard = within(cards[1] as HTMLElement);
    expect(adaCard.getByText('Ada')).toBeTruthy();
    expect(adaCard.getByRole('term').textContent).toBe('Age');
    expect(adaCard.getByRole('definition').textContent).toBe('36');
    expect(adaCard.getByRole('button', { name: 'Edit Ada' })).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'People pages' })).getByRole('button', { name: 'Next' }),
    );
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('shows a visible caption over the cards too, hidden from screen readers (the list is named by it)', () => {
    render(<DataTable caption="People" captionVisible columns={COLUMNS} data={PEOPLE} getRowId={id} cards />);
    const shown = screen.getAllByText('People').filter((el) => el.tagName === 'P');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(shown[0]?.className).toContain('md:hidden');
  });

  it('cards a table whose columns name no place: the first column as the title, the others as fields', () => {
    render(<DataTable caption="People" columns={COLUMNS} data={PEOPLE} getRowId={id} cards />);
    const bob = within(within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem')[0] as HTMLElement);
    expect(bob.getByText('Bob')).toBeTruthy();
    expect(bob.getAllByRole('term').map((t) => t.textContent)).toEqual(['Age']);
    expect(bob.getByRole('definition').textContent).toBe('41');
    expect(bob.getByRole('button', { name: 'Edit Bob' })).toBeTruthy();
  });
});
