import { Checkbox, Label } from '@tieline/ui';
import {
  eligibleSources,
  MATRIX_TYPE_LABELS,
  MATRIX_TYPES,
  matrixType,
  matrixTypeFlags,
  type TQuestion,
  type TQuestionData,
  type TQuestionSource,
} from '@tieline/validation';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';

type Props = {
  form: UseFormReturn<TQuestionData>;
  questions: readonly TQuestion[];
  index: number;
  numbers: Map<string, number>;
  respondentList: string | null;
  source: TQuestionSource;
  onSource: (source: TQuestionSource) => void;
  uploadListPath: string;
};

const SOURCE_LABELS: Record<TQuestionSource, string> = {
  0: 'Respondent List',
  1: 'Supplementary List',
  2: 'Answer to Earlier Relationship Questions',
};

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Where a relationship question's people come from (spec §2, §4), and a matrix's ego network type. */
export function RelationshipSource({
  form,
  questions,
  index,
  numbers,
  respondentList,
  source,
  onSource,
  uploadListPath,
}: Props) {
  const { watch, setValue } = form;
  const eligible = eligibleSources(questions, index);
  const previousQn = watch('previousQn');
  const type = watch('type');
  const choose = (next: TQuestionSource) => {
    onSource(next);
    // Spec §4: the respondent list clears previousQn; the list panel sets the list itself.
    if (next === 0) {
      setValue('list', respondentList);
      setValue('previousQn', []);
    }
    if (next === 2) setValue('list', null);
  };
  const matrix = matrixType({
    egoNetworkMapping: watch('egoNetworkMapping'),
    egoNetworkMappingSymmetric: watch('egoNetworkMappingSymmetric'),
  });

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Relationship source</legend>
        {([0, 1, 2] as const).map((value) => (
          <RadioOption
            key={value}
            name="relationship-source"
            checked={source === value}
            disabled={value === 2 && eligible.length === 0}
            onChange={() => choose(value)}
          >
            {SOURCE_LABELS[value]}
          </RadioOption>
        ))}
        {source === 1 ? (
          <Link to={uploadListPath} className="ml-6 text-sm text-primary underline underline-offset-4">
            Choose a supplementary list
          </Link>
        ) : null}
        {source === 2 ? (
          <fieldset className="ml-6 flex flex-col gap-2">
            <legend className="mb-1 text-sm text-muted-foreground">Earlier relationship questions</legend>
            {eligible.map((q) => {
              const id = `previous-${q._id}`;
              return (
                <div key={q._id} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={previousQn.includes(q._id)}
                    onCheckedChange={(on) =>
                      setValue(
                        'previousQn',
                        on === true ? [...previousQn, q._id] : previousQn.filter((p) => p !== q._id),
                      )
                    }
                  />
                  <Label htmlFor={id} className="font-normal">
                    Question {numbers.get(q._id)}: {plain(q.text).slice(0, 80)}
                  </Label>
                </div>
              );
            })}
          </fieldset>
        ) : null}
      </fieldset>
      {type === 'matrixSelection' ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Matrix relationship type</legend>
          {MATRIX_TYPES.map((value) => (
            <RadioOption
              key={value}
              name="matrix-type"
              checked={matrix === value}
              onChange={() => {
                const flags = matrixTypeFlags(value);
                setValue('egoNetworkMapping', flags.egoNetworkMapping);
                setValue('egoNetworkMappingSymmetric', flags.egoNetworkMappingSymmetric);
              }}
            >
              {MATRIX_TYPE_LABELS[value]}
            </RadioOption>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

/** One radio button of a group, its label beside it (dimmed while disabled). */
function RadioOption({
  name,
  checked,
  disabled,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm has-disabled:opacity-55">
      <input
        type="radio"
        name={name}
        className="size-4 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={onChange}
      />
      {children}
    </label>
  );
}
