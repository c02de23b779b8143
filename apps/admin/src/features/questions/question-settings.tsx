import { Checkbox, Input, Label } from '@tieline/ui';
import {
  ADDITIONAL_NAMES,
  canBeRelationshipQuestion,
  type TQuestionData,
  type TQuestionType,
} from '@tieline/validation';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';

type Form = UseFormReturn<TQuestionData>;
type Flag =
  | 'isRequired'
  | 'allowMultipleSelections'
  | 'allowSelfSelection'
  | 'allowAdditionalNames'
  | 'isRelationshipQuestion'
  | 'isAttribute'
  | 'shortTextInput'
  | 'hideSearchInput'
  | 'allowScroll'
  | 'isHeading';

const FLAG_LABELS: Record<Flag, string> = {
  isRequired: 'Required',
  allowMultipleSelections: 'Allow multiple selections',
  allowSelfSelection: 'Allow self-selection',
  allowAdditionalNames: 'Allow additional names',
  isRelationshipQuestion: 'Relationship question',
  isAttribute: 'Attribute',
  shortTextInput: 'Short text input',
  hideSearchInput: 'Hide search input',
  allowScroll: 'Allow scroll',
  isHeading: 'Heading',
};

/** The options each type offers; those about people only when answers name people. */
function flagsFor(type: TQuestionType, relationship: boolean): Flag[] {
  const people: Flag[] = relationship ? ['allowSelfSelection', 'allowAdditionalNames'] : [];
  switch (type) {
    case 'freeFormText':
      return ['isRequired', 'shortTextInput', 'isAttribute'];
    case 'singleNumeric':
    case 'numericRange':
      return ['isRequired', 'isAttribute'];
    case 'multipleSelection':
      return ['isRequired', 'allowMultipleSelections', 'isRelationshipQuestion', 'isAttribute', ...people];
    case 'matrixSelection':
      return ['isRequired', 'allowMultipleSelections', 'isRelationshipQuestion', 'allowScroll', ...people];
    case 'searchAndSelect':
      return ['isRequired', 'allowMultipleSelections', 'isRelationshipQuestion', 'hideSearchInput', ...people];
    case 'descriptiveText':
      return ['isHeading'];
    case 'pageBreak':
      return [];
  }
}

/** The checkbox row of question options (spec §2). */
export function OptionFlags({ form }: { form: Form }) {
  const type = form.watch('type');
  const relationship = form.watch('isRelationshipQuestion') && canBeRelationshipQuestion(type);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Options</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {flagsFor(type, relationship).map((flag) => (
          <Controller
            key={flag}
            control={form.control}
            name={flag}
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`flag-${flag}`}
                  checked={field.value}
                  onCheckedChange={(on) => field.onChange(on === true)}
                />
                <Label htmlFor={`flag-${flag}`} className="font-normal">
                  {FLAG_LABELS[flag]}
                </Label>
              </div>
            )}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Empty number inputs mean "no limit" for selection counts. */
const countOrNull = (v: unknown) => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v));
const numberOrNaN = (v: unknown) => (v === '' ? Number.NaN : Number(v));

type NumberFieldProps = {
  form: Form;
  name: FieldPath<TQuestionData>;
  label: string;
  hint?: string;
  /** Whole numbers between these (else any number of 0 or more). */
  whole?: { min: number; max: number };
};

function NumberField({ form, name, label, hint, whole }: NumberFieldProps) {
  const id = `setting-${name}`;
  const error = form.formState.errors[name as keyof TQuestionData]?.message;
  const count = name === 'minimumSelections' || name === 'maximumSelections';
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        min={whole?.min ?? 0}
        max={whole?.max}
        step={whole ? 1 : 'any'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...form.register(name, { setValueAs: count ? countOrNull : numberOrNaN })}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {String(error)}
        </p>
      ) : null}
    </div>
  );
}

function TextField({ form, name, label }: { form: Form; name: FieldPath<TQuestionData>; label: string }) {
  const id = `setting-${name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} maxLength={500} {...form.register(name)} />
    </div>
  );
}

/**
 * Abbreviation, min/max selections, the cap on added names (when respondents may add names) and the
 * numeric slider panel, as the type needs them.
 */
export function QuestionPanels({ form }: { form: Form }) {
  const type = form.watch('type');
  const selects = type === 'multipleSelection' || type === 'matrixSelection' || type === 'searchAndSelect';
  const snowball =
    form.watch('allowAdditionalNames') && form.watch('isRelationshipQuestion') && canBeRelationshipQuestion(type);
  return (
    <div className="flex flex-col gap-4">
      {type === 'descriptiveText' ? null : (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField form={form} name="abbreviation" label="Abbreviation" />
          {selects ? (
            <>
              <NumberField form={form} name="minimumSelections" label="Minimum selections" />
              <NumberField form={form} name="maximumSelections" label="Maximum selections" />
            </>
          ) : null}
          {snowball ? (
            <NumberField
              form={form}
              name="maximumAdditionalNames"
              label="Maximum additional names"
              hint={`New people one respondent may add here (${ADDITIONAL_NAMES.min} to ${ADDITIONAL_NAMES.max}).`}
              whole={ADDITIONAL_NAMES}
            />
          ) : null}
        </div>
      )}
      {type === 'numericRange' ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium">Numeric slider</legend>
          <div className="grid gap-4 sm:grid-cols-4">
            <NumberField form={form} name="numericRangeMin" label="Minimum value" />
            <NumberField form={form} name="numericRangeMax" label="Maximum value" />
            <NumberField form={form} name="numericRangeDefault" label="Default value" />
            <NumberField form={form} name="numericRangeIncrement" label="Increment" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="numericRangeMinLabel" label="Minimum label" />
            <TextField form={form} name="numericRangeMaxLabel" label="Maximum label" />
          </div>
          <Controller
            control={form.control}
            name="numericRangeShowValues"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id="show-values"
                  checked={field.value}
                  onCheckedChange={(on) => field.onChange(on === true)}
                />
                <Label htmlFor="show-values" className="font-normal">
                  Show values
                </Label>
              </div>
            )}
          />
        </fieldset>
      ) : null}
    </div>
  );
}
