import type { TQuestion } from '@tieline/validation';
import type { ReactNode } from 'react';

export type TFieldIds = {
  legendId: string;
  errorId: string;
  invalid: true | undefined;
  describedBy: string | undefined;
};

type QuestionFrameProps = {
  q: TQuestion;
  number: number | undefined;
  error: string | undefined;
  /** Shown above the controls (the other device's answer in a conflict). */
  notice?: ReactNode;
  children: (ids: TFieldIds) => ReactNode;
};

/**
 * One question: its text as the fieldset's legend, the controls, and the message of the answer rules.
 * The message is tied to the group and its controls (aria-describedby) and announced when it appears.
 */
export function QuestionFrame({ q, number, error, notice, children }: QuestionFrameProps) {
  const legendId = `q-${q._id}-legend`;
  const errorId = `q-${q._id}-error`;
  const ids: TFieldIds = {
    legendId,
    errorId,
    invalid: error ? true : undefined,
    describedBy: error ? errorId : undefined,
  };
  return (
    <div
      className={`rounded-lg border p-4 sm:p-5 ${error ? 'border-destructive bg-destructive-soft/40' : 'border-border'}`}
    >
      <fieldset
        id={`q-${q._id}`}
        aria-describedby={ids.describedBy}
        data-invalid={error ? '' : undefined}
        className="min-w-0"
      >
        <legend id={legendId} className="mb-3 text-base font-medium">
          {number !== undefined ? <span className="mr-1.5 text-muted-foreground">{number}.</span> : null}
          <span
            className="rich-text [&>*]:inline"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: question texts are sanitized with an allowlist on the server.
            dangerouslySetInnerHTML={{ __html: q.text }}
          />
          {q.isRequired ? <span className="ml-1.5 text-sm font-normal text-muted-foreground">(required)</span> : null}
        </legend>
        <div className="flex flex-col gap-3">
          {notice}
          {children(ids)}
          {error ? (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}

/** A short note under a question (limits reached, hints); announced politely. */
export function Hint({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p id={id} className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}
