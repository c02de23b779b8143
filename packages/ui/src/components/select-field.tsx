import { useId } from 'react';
import { cn } from '../cn';
import { fieldClasses } from './input';
import { Label } from './label';

type Option<T extends string> = { value: T; label: string };

/** A visible label over a native select (the platform's own keyboard and screen-reader behavior). */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={`${fieldClasses} h-10`} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
