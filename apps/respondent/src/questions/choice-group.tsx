import type { ReactNode } from 'react';

export type TChoice = { id: string; label: string };

type ChoiceGroupProps = {
  name: string;
  choices: readonly TChoice[];
  selected: readonly string[];
  multiple: boolean;
  onToggle: (id: string) => void;
  describedBy?: string | undefined;
  /** People grids use more columns on wide screens; plain options stack. */
  grid?: boolean;
};

/** Radio buttons (single choice) or checkboxes (multiple), each a large target on a phone. */
export function ChoiceGroup({ name, choices, selected, multiple, onToggle, describedBy, grid }: ChoiceGroupProps) {
  return (
    <div className={grid ? 'grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-2'}>
      {choices.map((choice) => (
        <ChoiceLabel key={choice.id} checked={selected.includes(choice.id)}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            value={choice.id}
            checked={selected.includes(choice.id)}
            onChange={() => onToggle(choice.id)}
            aria-describedby={describedBy}
            className="size-5 shrink-0 accent-primary"
          />
          <span className="min-w-0 break-words">{choice.label}</span>
        </ChoiceLabel>
      ))}
    </div>
  );
}

export function ChoiceLabel({ checked, children }: { checked: boolean; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: every caller puts its input inside.
    <label
      className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring ${
        checked ? 'border-primary bg-accent' : 'border-border hover:bg-muted'
      }`}
    >
      {children}
    </label>
  );
}

/** Single choice as a native select (selectionType dropdownType). */
export function ChoiceSelect({
  choices,
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
}: {
  choices: readonly TChoice[];
  value: string;
  onChange: (id: string) => void;
  labelledBy: string;
  describedBy?: string | undefined;
  invalid?: true | undefined;
}) {
  return (
    <select
      className="field h-11"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid}
    >
      <option value="">Select an option</option>
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
