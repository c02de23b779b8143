import { Badge, Button, FormField, Input } from '@tieline/ui';
import { domainProblem, normalizeDomain, SURVEY_MSG } from '@tieline/validation';
import { X } from 'lucide-react';
import { useState } from 'react';

type DomainChipsProps = {
  domains: readonly { name: string }[];
  onChange: (domains: { name: string }[]) => void;
  error: string | null;
};

/** Permitted Domains: type a domain and press Enter or Add; each chip has a remove button. */
export function DomainChips({ domains, onChange, error }: DomainChipsProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    if (text.trim() === '') return;
    const name = normalizeDomain(text);
    const invalid = domainProblem(name);
    if (invalid) return setProblem(invalid);
    if (domains.some((d) => d.name === name)) return setProblem(SURVEY_MSG.domainDuplicated);
    setProblem(null);
    setText('');
    onChange([...domains, { name }]);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <FormField label="Permitted Domains" error={problem ?? error ?? undefined} className="flex-1">
          {(field) => (
            <Input
              {...field}
              placeholder="example.com"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
          )}
        </FormField>
        <Button variant="outline" onClick={add} className={problem || error ? 'mb-7' : undefined}>
          Add
        </Button>
      </div>
      {domains.length > 0 ? (
        <ul aria-label="Permitted domains" className="flex flex-wrap gap-2">
          {domains.map((d) => (
            <li key={d.name}>
              <Badge variant="secondary" className="py-1 pr-1 text-sm">
                {d.name}
                <button
                  type="button"
                  aria-label={`Remove ${d.name}`}
                  className="rounded-full p-0.5 hover:bg-secondary-hover focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onChange(domains.filter((x) => x.name !== d.name))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
