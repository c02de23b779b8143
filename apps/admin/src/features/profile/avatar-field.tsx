import { useMutation } from '@tanstack/react-query';
import { Button, buttonVariants, toast } from '@tieline/ui';
import type { TUser } from '@tieline/validation';
import { ImageUp, X } from 'lucide-react';
import { useId } from 'react';
import { useTRPC } from '../../lib/trpc';
import { avatarFileProblem, avatarUrl, profileError, uploadAvatar } from './profile-requests';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('') || '?';

/** The person's picture (or initials), name and address, with buttons to upload a JPEG or PNG or remove it. */
export function AvatarField({ user, onChanged }: { user: TUser; onChanged: (user: TUser) => void }) {
  const inputId = useId();
  const trpc = useTRPC();
  const upload = useMutation({
    mutationFn: uploadAvatar,
    meta: { silentError: true },
    onSuccess: (u) => {
      toast.success('Picture updated');
      onChanged(u);
    },
    onError: (error) => toast.error(profileError(error)),
  });
  const remove = useMutation(
    trpc.profile.removeAvatar.mutationOptions({
      meta: { silentError: true },
      onSuccess: (u) => {
        toast.success('Picture removed');
        onChanged(u);
      },
      onError: (error) => toast.error(profileError(error)),
    }),
  );
  const login = user.userLogin;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {user.avatar ? (
        <img
          src={avatarUrl(user.avatar)}
          alt={login.name}
          className="size-16 rounded-full border border-border object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-muted text-lg font-semibold text-muted-foreground"
        >
          {initials(login.name)}
        </span>
      )}
      <div className="flex min-w-40 flex-1 flex-col">
        <span className="font-medium wrap-anywhere">{login.name}</span>
        <span className="text-sm text-muted-foreground wrap-anywhere">{login.email}</span>
      </div>
      <label htmlFor={inputId} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <ImageUp aria-hidden="true" /> {upload.isPending ? 'Uploading…' : 'Change picture'}
      </label>
      {user.avatar ? (
        <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()}>
          <X aria-hidden="true" /> Remove picture
        </Button>
      ) : null}
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png"
        className="sr-only"
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          const problem = avatarFileProblem(file);
          if (problem) return void toast.error(problem);
          upload.mutate(file);
        }}
      />
    </div>
  );
}
