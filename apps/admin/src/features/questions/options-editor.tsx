import { Button, Input } from '@tieline/ui';
import type { TQuestionData } from '@tieline/validation';
import { Plus, X } from 'lucide-react';
import { type Control, type UseFormRegister, useFieldArray } from 'react-hook-form';

type Props = {
  name: 'selectionOptions' | 'columnHeadings';
  /** Answers, Row Headings or Column Headings (spec §2). */
  legend: string;
  control: Control<TQuestionData>;
  register: UseFormRegister<TQuestionData>;
};

/** Editable option titles with remove icons; Add option appends 'Option N' (spec §9). */
export function OptionsEditor({ name, legend, control, register }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name, keyName: 'key' });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <ol className="flex flex-col gap-2">
        {fields.map((field, i) => (
          <li key={field.key} className="flex items-center gap-2">
            <Input
              aria-label={`${legend} ${i + 1}`}
              {...register(`${name}.${i}.title`)}
              className="flex-1"
              maxLength={500}
            />
            <Button
              variant="ghost"
              size="icon"
              onClick={() => remove(i)}
              aria-label={`Remove ${legend} ${i + 1}`}
              className="size-9"
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => append({ _id: crypto.randomUUID(), title: `Option ${fields.length + 1}` })}
        aria-label={`Add option to ${legend}`}
      >
        <Plus aria-hidden="true" />
        Add option
      </Button>
    </fieldset>
  );
}
