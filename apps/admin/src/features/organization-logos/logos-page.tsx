import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@tieline/ui';
import { Lock } from 'lucide-react';
import { EmptyState } from '../../components/page-states';
import { useBranding } from '../../lib/branding';
import { isOrganizationOwner, useCurrentUser } from '../../lib/current-user';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LogoField } from './logo-field';

/**
 * organization/settings/logos (owner only, spec §2): the whitelabel logo and the favicon. An uploaded
 * logo whitelabels the organization: its people see it in the top bar (and no Tieline tutorials), and
 * its surveys' respondents see it too.
 */
// The organization's two images: each its upload, its title and help, where the branding has it.
const LOGOS = [
  {
    logoType: 'whiteLogo',
    title: 'Whitelabel logo',
    description: 'Shown in the top bar and on survey pages. A wide logo on a transparent background works best.',
    url: 'logoUrl',
    what: 'Logo',
  },
  {
    logoType: 'whiteFavicon',
    title: 'Favicon',
    description: 'The icon in browser tabs and bookmarks. A square image works best.',
    url: 'faviconUrl',
    what: 'Favicon',
  },
] as const;

export function LogosPage() {
  useDocumentTitle('Logos');
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const branding = useBranding();
  const organization = user.organizations[0]?.organization;

  if (!organization || !isOrganizationOwner(user)) {
    return (
      <EmptyState title="Logos" icon={<Lock aria-hidden="true" />}>
        Only the owner of the organization can open this page.
      </EmptyState>
    );
  }

  // getConfig answers the organization's logos; fetching it again updates the top bar, favicon and here.
  const uploaded = (what: string) => async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.config.get.queryKey() });
    toast.success(`${what} uploaded`);
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Logos</h1>
        <p className="max-w-prose text-muted-foreground">
          With its own logo, {organization.name} is whitelabelled: its people see the logo in the top bar instead of
          Tieline&rsquo;s, and respondents to its surveys see it too.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {LOGOS.map((logo) => (
          <LogoField
            key={logo.logoType}
            orgId={organization._id}
            logoType={logo.logoType}
            title={logo.title}
            description={logo.description}
            currentUrl={branding[logo.url]}
            onUploaded={uploaded(logo.what)}
          />
        ))}
      </div>
    </div>
  );
}
