import { zodResolver } from '@hookform/resolvers/zod';
import { FormField, Input, Label, RadioGroup, RadioGroupItem } from '@tieline/ui';
import { BUILDER_STATUSES, type TSurvey, ZSurveyName } from '@tieline/validation';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { SaveIndicator, useSaveOnLeave } from '../../components/save-indicator';
import { StepHeading } from '../../components/step-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSurvey, useSurveySave } from '../../lib/use-survey';
import { SurveyImageField } from './survey-image-field';

const ZDetailsForm = z.object({ name: ZSurveyName, status: z.enum(BUILDER_STATUSES) });
type TDetailsForm = z.infer<typeof ZDetailsForm>;

export function DetailsStep() {
  const { id, query } = useSurvey();
  useDocumentTitle('Survey details');
  // The layout renders steps only once the survey is loaded.
  return query.data ? <DetailsForm id={id} survey={query.data} /> : null;
}

/**
 * Status and name (spec §2), saved on blur, on a status change and when leaving the page (§4); the
 * optional image saves on its own at once.
 */
function DetailsForm({ id, survey }: { id: string; survey: TSurvey }) {
  const saver = useSurveySave(id);
  const { save, state } = saver;
  const statusLabel = useId();
  const form = useForm<TDetailsForm>({
    resolver: zodResolver(ZDetailsForm),
    mode: 'onChange',
    defaultValues: {
      name: survey.name,
      // Archived or template surveys show no choice until the user picks one of the three.
      status: (BUILDER_STATUSES as readonly string[]).includes(survey.status)
        ? (survey.status as TDetailsForm['status'])
        : undefined,
    },
  });
  const { register, control, formState } = form;

  // What the server has, so a flush sends only real changes.
  const saved = useRef({ name: survey.name, status: survey.status as string });
  const flush = () => {
    const parsed = ZDetailsForm.safeParse(form.getValues());
    if (!parsed.success) return;
    if (parsed.data.name === saved.current.name && parsed.data.status === saved.current.status) return;
    saved.current = parsed.data;
    void save(parsed.data);
  };
  useSaveOnLeave(flush);

  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-title">
      <StepHeading title="Details">
        <SaveIndicator state={state} />
      </StepHeading>
      <form className="flex max-w-xl flex-col gap-6" noValidate onSubmit={(e) => e.preventDefault()}>
        <div className="flex flex-col gap-2">
          <span id={statusLabel} className="text-sm font-medium leading-none">
            Status
          </span>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <RadioGroup
                aria-labelledby={statusLabel}
                value={field.value ?? ''}
                onValueChange={(value) => {
                  field.onChange(value);
                  flush();
                }}
                className="flex flex-wrap gap-4"
              >
                {BUILDER_STATUSES.map((status) => (
                  <div key={status} className="flex items-center gap-2">
                    <RadioGroupItem value={status} id={`status-${status}`} />
                    <Label htmlFor={`status-${status}`} className="font-normal">
                      {status}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            )}
          />
        </div>
        <FormField label="Survey name" error={formState.errors.name?.message}>
          {(field) => <Input {...field} {...register('name', { onBlur: flush })} />}
        </FormField>
      </form>
      <SurveyImageField id={id} survey={survey} saver={saver} />
    </section>
  );
}
