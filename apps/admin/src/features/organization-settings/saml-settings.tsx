import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  AlertDescription,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  Textarea,
  toast,
} from '@tieline/ui';
import { type TServiceProvider, ZSamlSettingsInput } from '@tieline/validation';
import { Copy, Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BusyForm } from '../../components/busy-form';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOrganization } from './organization-settings-layout';

// Turning single sign-on on needs where the IdP signs people in and who it is; the certificate is
// what turns it on (spec §4), so it stays optional in the form.
const ZSamlForm = ZSamlSettingsInput.required({ entryPoint: true, issuer: true });
type TSamlForm = z.input<typeof ZSamlForm>;

function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-center gap-2 rounded-md border border-border bg-muted p-1.5 pl-3">
        <code className="min-w-0 flex-1 text-sm break-all">{value}</code>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Copy ${label}`}
          onClick={() =>
            navigator.clipboard.writeText(value).then(
              () => toast.success(`${label} copied`),
              () => toast.error('Could not copy; select the text and copy it instead'),
            )
          }
        >
          <Copy aria-hidden="true" /> Copy
        </Button>
      </div>
    </div>
  );
}

function ServiceProviderCard({ sp }: { sp: TServiceProvider }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Tieline as a service provider</CardTitle>
        <CardDescription>
          Give these to your identity provider (IdP), or load the metadata address into it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <CopyRow label="Entity ID (audience)" value={sp.entityId} />
        <CopyRow label="Assertion consumer service (ACS) URL" value={sp.acsUrl} />
        <CopyRow label="Metadata URL" value={sp.metadataUrl} />
        <p className="text-sm text-muted-foreground">
          Your IdP must sign both the response and the assertion, and send the person’s email address (as the NameID or
          an email attribute) exactly as their Tieline login.
        </p>
      </CardContent>
    </Card>
  );
}

/** organization/settings/manage-organizations/saml: the organization's single sign-on. */
export function SamlSettings() {
  useDocumentTitle('Single sign-on (SAML)');
  const { organization, refresh } = useOrganization();
  const { SAML } = organization;
  const trpc = useTRPC();
  const form = useForm<TSamlForm>({
    resolver: zodResolver(ZSamlForm),
    values: { entryPoint: SAML.entryPoint ?? '', issuer: SAML.issuer ?? '', cert: SAML.cert ?? '' },
  });
  const save = useMutation(
    trpc.organizations.save.mutationOptions({
      onSuccess: (saved) => {
        toast.success(saved.SAML.enabled ? 'Single sign-on is on' : 'Single sign-on settings saved; it is off');
        refresh();
      },
    }),
  );
  const { errors } = form.formState;
  const enabled = SAML.enabled;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle className="text-lg">Identity provider</CardTitle>
            <Badge variant={enabled ? 'default' : 'muted'} data-testid="saml-state">
              {enabled ? 'On' : 'Off'}
            </Badge>
          </div>
          <CardDescription>
            {enabled
              ? 'Members of this organization sign in through your identity provider.'
              : 'Members of this organization sign in with their Tieline password.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Alert className="mb-4">
            <Info aria-hidden="true" />
            <AlertDescription>
              Saving with a certificate turns single sign-on on (the BEGIN and END lines and line breaks are removed).
              Saving while it is on turns it off, keeping these settings so you can correct them and save again.
            </AlertDescription>
          </Alert>
          <BusyForm
            busy={save.isPending}
            onSubmit={form.handleSubmit((values) => save.mutate({ id: organization._id, SAML: values }))}
          >
            <FormField
              label="IdP single sign-on URL"
              hint="Where Tieline sends people to sign in (HTTP-Redirect binding)."
              error={errors.entryPoint?.message}
            >
              {(p) => <Input {...p} type="url" readOnly={enabled} {...form.register('entryPoint')} />}
            </FormField>
            <FormField
              label="IdP issuer (entity ID)"
              hint="Your IdP’s entity ID; every answer must be issued by it."
              error={errors.issuer?.message}
            >
              {(p) => <Input {...p} readOnly={enabled} {...form.register('issuer')} />}
            </FormField>
            <FormField
              label="IdP signing certificate"
              hint="The X.509 certificate in PEM form, as your IdP gives it."
              error={errors.cert?.message}
            >
              {(p) => (
                <Textarea
                  {...p}
                  rows={6}
                  spellCheck={false}
                  readOnly={enabled}
                  className="font-mono text-xs"
                  placeholder="-----BEGIN CERTIFICATE-----"
                  {...form.register('cert')}
                />
              )}
            </FormField>
            <div>
              <Button type="submit" variant={enabled ? 'outline' : 'default'} disabled={save.isPending}>
                {save.isPending ? 'Saving…' : enabled ? 'Turn single sign-on off' : 'Save'}
              </Button>
            </div>
          </BusyForm>
        </CardContent>
      </Card>
      {SAML.serviceProvider ? <ServiceProviderCard sp={SAML.serviceProvider} /> : null}
    </div>
  );
}
