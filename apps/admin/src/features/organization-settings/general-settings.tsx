import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardContent, FormField, Input, toast } from '@tieline/ui';
import { ZCommunityUrl, ZOrganizationName } from '@tieline/validation';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOrganization } from './organization-settings-layout';

const ZGeneralForm = z.object({ name: ZOrganizationName, communityUrl: ZCommunityUrl });
type TGeneralForm = z.input<typeof ZGeneralForm>;

/** organization/settings/manage-organizations: the organization's name and community site. */
export function GeneralSettings() {
  useDocumentTitle('Organization Settings');
  const { organization, refresh } = useOrganization();
  const trpc = useTRPC();
  const form = useForm<TGeneralForm>({
    resolver: zodResolver(ZGeneralForm),
    values: { name: organization.name, communityUrl: organization.communityUrl ?? '' },
  });
  const save = useMutation(
    trpc.organizations.save.mutationOptions({
      onSuccess: () => {
        toast.success('Organization saved');
        refresh();
      },
    }),
  );
  const { errors } = form.formState;
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <BusyForm
          busy={save.isPending}
          onSubmit={form.handleSubmit((values) => save.mutate({ id: organization._id, ...values }))}
        >
          <FormField label="Organization name" error={errors.name?.message}>
            {(p) => <Input {...p} autoComplete="organization" {...form.register('name')} />}
          </FormField>
          <FormField
            label="Community site (optional)"
            hint="People who sign in at /communityLogin go on to this https:// address afterwards. Leave empty for none."
            error={errors.communityUrl?.message}
          >
            {(p) => (
              <Input
                {...p}
                type="url"
                inputMode="url"
                placeholder="https://community.example.com"
                {...form.register('communityUrl')}
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </BusyForm>
      </CardContent>
    </Card>
  );
}
