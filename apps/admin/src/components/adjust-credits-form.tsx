import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormField, Input } from '@tieline/ui';
import { ZAdjustCreditsInput } from '@tieline/validation';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

const ZForm = ZAdjustCreditsInput.omit({ id: true });
type TForm = z.input<typeof ZForm>;

/** A super admin's grant (positive) or correction (negative) of credits, with its reason. */
export function AdjustCreditsForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (values: z.output<typeof ZForm>) => Promise<unknown>;
}) {
  const form = useForm<TForm, unknown, z.output<typeof ZForm>>({
    resolver: zodResolver(ZForm),
    defaultValues: { credits: 0, note: '' },
  });
  return (
    <form
      noValidate
      aria-busy={pending}
      className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
      onSubmit={form.handleSubmit((values) => onSubmit(values).then(() => form.reset({ credits: 0, note: '' })))}
    >
      <FormField label="Credits" error={form.formState.errors.credits?.message}>
        {(p) => <Input {...p} type="number" step={1} {...form.register('credits', { valueAsNumber: true })} />}
      </FormField>
      <FormField label="Reason" error={form.formState.errors.note?.message}>
        {(p) => <Input {...p} autoComplete="off" {...form.register('note')} />}
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Add credits'}
      </Button>
    </form>
  );
}
