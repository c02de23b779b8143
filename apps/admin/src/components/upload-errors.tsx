import { Alert, AlertDescription, AlertTitle } from '@tieline/ui';
import type { TUploadErrorPayload } from '@tieline/validation';

/** Every line of an upload error payload (spec §3, §5, §8), the message first and without repeats. */
function uploadErrorLines(payload: TUploadErrorPayload): string[] {
  const { dataErrors } = payload;
  const lines = [
    payload.message,
    ...payload.sizeErrors,
    ...payload.headerErrors,
    ...dataErrors.duplicates.names,
    ...dataErrors.duplicates.emails,
    ...dataErrors.invalidEmails,
    ...dataErrors.blanks,
    ...payload.billingAndDeletionResult,
  ];
  return [...new Set(lines.filter(Boolean))];
}

/**
 * The errors of one upload (a respondent list, the organization's users), from the browser's check or
 * the server's answer, read the same way; an answer without a payload shows its message alone.
 */
export function UploadErrors({
  payload,
  message = '',
  title,
}: {
  payload: TUploadErrorPayload | null;
  message?: string;
  title: string;
}) {
  const lines = payload ? uploadErrorLines(payload) : [message];
  return (
    <Alert variant="destructive" role="alert">
      <div className="flex min-w-0 flex-col gap-1">
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>
          <ul className="flex list-disc flex-col gap-1 pl-5 break-words">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </AlertDescription>
      </div>
    </Alert>
  );
}
