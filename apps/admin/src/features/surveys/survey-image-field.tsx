import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FieldError,
  Spinner,
} from '@tieline/ui';
import type { TSurvey } from '@tieline/validation';
import { Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { ImageFileButton } from '../../components/image-file-button';
import type { useSurveySave } from '../../lib/use-survey';
import { imageFileProblem, surveyImageUrl, uploadSurveyImage } from './survey-image-request';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

type SurveyImageFieldProps = {
  id: string;
  survey: TSurvey;
  /** The Details step's writer, so image changes queue behind its other saves and share its indicator. */
  saver: Pick<ReturnType<typeof useSurveySave>, 'save' | 'write'>;
};

/** The optional survey image (spec §2 details): preview, upload and remove, each saved at once (§4). */
export function SurveyImageField({ id, survey, saver }: SurveyImageFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const imageUUID = survey.imageUUID;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again (after fixing it) fires another change.
    input.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    setError(problem);
    if (problem) return;
    setBusy('uploading');
    await saver.write(() => uploadSurveyImage(id, file), setError);
    setBusy(null);
  };

  const remove = async () => {
    setConfirming(false);
    setError(null);
    setBusy('removing');
    await saver.save({ imageUUID: null }, { force: true });
    setBusy(null);
  };

  return (
    <fieldset className="flex min-w-0 max-w-xl flex-col gap-3">
      <legend className="mb-3 text-sm font-medium leading-none">
        Survey image <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      {imageUUID ? (
        brokenImage === imageUUID ? (
          <p className="text-sm text-muted-foreground">The image could not be loaded.</p>
        ) : (
          // A fixed frame, the image fitted inside: a small logo and a wide banner both read as a preview.
          <div className="aspect-video w-full max-w-xs overflow-hidden rounded-md border border-border bg-muted p-2">
            <img
              src={surveyImageUrl(imageUUID)}
              alt={survey.name}
              onError={() => setBrokenImage(imageUUID)}
              className="size-full object-contain"
            />
          </div>
        )
      ) : (
        <p className="text-sm text-muted-foreground">No image yet.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <ImageFileButton
          id={inputId}
          accept={ACCEPT}
          disabled={busy !== null}
          describedBy={error ? `${hintId} ${errorId}` : hintId}
          invalid={error !== null}
          onChange={(event) => void upload(event)}
        >
          Upload image
        </ImageFileButton>
        {imageUUID ? (
          <Button variant="ghost" disabled={busy !== null} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Remove image
          </Button>
        ) : null}
        {busy ? <Spinner label={busy === 'uploading' ? 'Uploading image…' : 'Removing image…'} showLabel /> : null}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        PNG, JPEG, GIF or WebP, at most 5 MB.
      </p>
      <FieldError id={errorId} role="alert">
        {error}
      </FieldError>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Remove image?</DialogTitle>
            <DialogDescription>The survey will no longer show this image.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void remove()}>
              Remove
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </fieldset>
  );
}
