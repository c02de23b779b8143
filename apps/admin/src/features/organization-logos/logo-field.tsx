import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FieldError, Progress } from '@tieline/ui';
import type { TLogoType } from '@tieline/validation';
import { Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { ImageFileButton } from '../../components/image-file-button';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { logoFileProblem, uploadLogo } from './logo-request';

const ACCEPT = 'image/png,image/jpeg';

type LogoFieldProps = {
  orgId: string;
  logoType: TLogoType;
  title: string;
  description: string;
  /** The current logo's address, or null when none is uploaded. */
  currentUrl: string | null;
  /** After a successful upload (the page refreshes the configuration, which the whole app reads). */
  onUploaded: () => Promise<void>;
};

/** One logo type: what is shown now, and an upload (PNG or JPEG) that replaces it at once. */
export function LogoField({ orgId, logoType, title, description, currentUrl, onUploaded }: LogoFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const trpc = useTRPC();
  const remove = useMutation(
    trpc.organizations.logos.remove.mutationOptions({
      onSuccess: () => onUploaded(),
      onError: (e) => setError(errorMessage(e)),
    }),
  );

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again (after fixing it) fires another change.
    input.value = '';
    if (!file) return;
    const problem = logoFileProblem(logoType, file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    const outcome = await uploadLogo(orgId, logoType, file, setProgress);
    if (outcome.ok) await onUploaded();
    else setError(outcome.message);
    setProgress(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {currentUrl ? (
          // A fixed frame, the image fitted inside: a wide logo and a square icon both read as a preview.
          <div className="flex h-24 w-full max-w-xs items-center justify-center rounded-md border border-border bg-nav p-3">
            <img
              src={currentUrl}
              alt={`Current ${title.toLowerCase()}`}
              className="max-h-full max-w-full object-contain"
            />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">None yet: Tieline&rsquo;s own is shown.</p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <ImageFileButton
            id={inputId}
            accept={ACCEPT}
            disabled={progress !== null}
            describedBy={error ? `${hintId} ${errorId}` : hintId}
            invalid={error !== null}
            onChange={(event) => void upload(event)}
          >
            Upload {title.toLowerCase()}
          </ImageFileButton>
          {currentUrl ? (
            <Button
              variant="outline"
              disabled={progress !== null || remove.isPending}
              onClick={() => {
                setError(null);
                remove.mutate({ orgId, logoType });
              }}
            >
              <Trash2 aria-hidden="true" />
              Remove {title.toLowerCase()}
            </Button>
          ) : null}
          {progress !== null ? (
            <Progress value={progress} aria-label={`Uploading ${title.toLowerCase()}`} className="max-w-48" />
          ) : null}
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          PNG or JPEG, at most 2 MB and 4096 pixels wide and high.
        </p>
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      </CardContent>
    </Card>
  );
}
