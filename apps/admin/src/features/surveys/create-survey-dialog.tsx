import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  Input,
} from '@tieline/ui';
import { ZSurveyName } from '@tieline/validation';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { DialogActions } from '../../components/dialog-actions';
import { trackEvent } from '../../lib/analytics';
import { useTRPC } from '../../lib/trpc';

const ZCreateForm = z.object({ name: ZSurveyName });
type TCreateForm = z.infer<typeof ZCreateForm>;

/** New survey: a name, then straight into its editor. A server refusal shows as the global error toast. */
export function CreateSurveyDialog() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useForm<TCreateForm>({ resolver: zodResolver(ZCreateForm), defaultValues: { name: '' } });
  const create = useMutation(
    trpc.surveys.create.mutationOptions({
      onSuccess: (survey) => {
        trackEvent('survey created');
        queryClient.setQueryData(trpc.surveys.get.queryKey({ id: survey._id }), survey);
        void queryClient.invalidateQueries({ queryKey: trpc.surveys.list.queryKey() });
        void navigate(`/surveys/${survey._id}/details`);
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" /> New Survey
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New survey</DialogTitle>
          <DialogDescription>Name the survey; you can change the name later.</DialogDescription>
        </DialogHeader>
        <BusyForm busy={create.isPending} onSubmit={form.handleSubmit((values) => create.mutate(values))}>
          <FormField label="Survey name" error={form.formState.errors.name?.message}>
            {(field) => <Input autoComplete="off" {...field} {...form.register('name')} />}
          </FormField>
          <DialogActions
            onCancel={() => setOpen(false)}
            submitLabel="Create"
            busy={create.isPending}
            busyLabel="Creating…"
          />
        </BusyForm>
      </DialogContent>
    </Dialog>
  );
}
