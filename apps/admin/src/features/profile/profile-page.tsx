import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@tieline/ui';
import type { TUpdateProfileInput, TUser } from '@tieline/validation';
import { KeyRound, ListRestart, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSetSignedInUser } from '../../lib/use-session-actions';
import {
  ChangePasswordDialog,
  ConfirmUpdateDialog,
  DeleteAccountDialog,
  DisableTwoFactorDialog,
} from './account-dialogs';
import { AvatarField } from './avatar-field';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog';
import { NewRecoveryCodesDialog } from './new-recovery-codes-dialog';
import { ProfileForm } from './profile-form';

const BASE = '/users/settings/profile';
/** Child routes of the profile (spec §2), each a dialog over the page. */
const DIALOGS = ['change-password', 'confirm-update', 'enable-2fa', 'disable-2fa'] as const;
type DialogRoute = (typeof DIALOGS)[number];

function useDialogRoute(): DialogRoute | null {
  const last = useLocation().pathname.replace(/\/$/, '').split('/').pop() ?? '';
  return (DIALOGS as readonly string[]).includes(last) ? (last as DialogRoute) : null;
}

/** users/settings/profile: details, picture, password, two-factor sign-in and deleting the account. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setUser = useSetSignedInUser();
  const dialog = useDialogRoute();
  const [changes, setChanges] = useState<Omit<TUpdateProfileInput, 'currentPassword'> | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [renewingCodes, setRenewingCodes] = useState(false);
  const close = () => void navigate(BASE);
  const refreshMe = () => void queryClient.invalidateQueries({ queryKey: trpc.users.me.queryKey() });
  const hideTutorial = useMutation(
    trpc.profile.hideTutorialVideosMessage.mutationOptions({
      onSuccess: () => {
        toast.success('The tutorial videos message is hidden');
        refreshMe();
      },
    }),
  );
  const login = user.userLogin;
  const twoFactorOn = login.twoFactorAuthEnabled;
  const codesLeft = useQuery({ ...trpc.profile.twoFactor.recoveryCodesLeft.queryOptions(), enabled: twoFactorOn });
  const refreshTwoFactor = () => {
    refreshMe();
    void queryClient.invalidateQueries({ queryKey: trpc.profile.twoFactor.recoveryCodesLeft.queryKey() });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
      <Card>
        <CardHeader>
          <CardTitle>Your details</CardTitle>
          <CardDescription>Changes are saved once you confirm them with your password.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <AvatarField user={user} onChanged={(u: TUser) => setUser(u)} />
          <ProfileForm
            user={user}
            onSubmit={(values) => {
              setChanges(values);
              void navigate(`${BASE}/confirm-update`);
            }}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>Changing it signs out every other device.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => void navigate(`${BASE}/change-password`)}>
            <KeyRound aria-hidden="true" /> Change password
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            Two-factor sign-in <Badge variant={twoFactorOn ? 'default' : 'muted'}>{twoFactorOn ? 'On' : 'Off'}</Badge>
          </CardTitle>
          <CardDescription>
            {twoFactorOn
              ? 'Signing in asks for a code from your authenticator app, or one of your recovery codes.'
              : 'Ask for a code from an authenticator app as well as your password when you sign in.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {twoFactorOn ? (
            <>
              {codesLeft.data ? (
                <p className="text-sm" data-testid="recovery-codes-left">
                  <strong className="font-semibold">{codesLeft.data.left}</strong> of {codesLeft.data.of} recovery codes
                  left
                  {codesLeft.data.left <= 3 ? ': make a new set before you run out.' : '.'}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setRenewingCodes(true)}>
                  <ListRestart aria-hidden="true" /> New recovery codes
                </Button>
                <Button variant="outline" onClick={() => void navigate(`${BASE}/disable-2fa`)}>
                  Turn off two-factor sign-in
                </Button>
              </div>
            </>
          ) : (
            <Button onClick={() => void navigate(`${BASE}/enable-2fa`)}>
              <ShieldCheck aria-hidden="true" /> Turn on two-factor sign-in
            </Button>
          )}
        </CardContent>
      </Card>

      {login.hideTutorialVideosMessage ? null : (
        <Card>
          <CardHeader>
            <CardTitle>Tutorial videos</CardTitle>
            <CardDescription>A message points you to the tutorial videos until you hide it.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" disabled={hideTutorial.isPending} onClick={() => hideTutorial.mutate()}>
              Hide tutorial videos message
            </Button>
          </CardContent>
        </Card>
      )}

      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle>Delete account</CardTitle>
          <CardDescription>Deletes your account with your surveys and networks, for good.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" /> Delete account
          </Button>
        </CardContent>
      </Card>

      {dialog === 'confirm-update' && changes ? (
        <ConfirmUpdateDialog changes={changes} onClose={close} onSaved={setUser} />
      ) : null}
      {/* Opened with nothing to confirm (a reload): back to the profile. */}
      {dialog === 'confirm-update' && !changes ? <Navigate to={BASE} replace /> : null}
      {dialog === 'change-password' ? <ChangePasswordDialog onClose={close} /> : null}
      {/* Stays open once two-factor is on: the recovery codes are shown in it. */}
      {dialog === 'enable-2fa' ? <EnableTwoFactorDialog onClose={close} onEnabled={refreshTwoFactor} /> : null}
      {dialog === 'disable-2fa' ? <DisableTwoFactorDialog onClose={close} onDisabled={refreshTwoFactor} /> : null}
      {renewingCodes ? (
        <NewRecoveryCodesDialog onClose={() => setRenewingCodes(false)} onRenewed={refreshTwoFactor} />
      ) : null}
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </div>
  );
}
