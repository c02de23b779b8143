import { FieldError } from '@tieline/ui';
import type { TQuestion } from '@tieline/validation';
import type { ReactNode } from 'react';

export type TFieldIds = {
  /** The question text's id (the legend, or the label of a one-field question). */
  legendId: string;
  /** The id of a one-field question's field, which the question text labels. */
  controlId: string;
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
  /**
   * One field (text, number, slider): the question text is its `<label>` (named by every browser and
   * screen reader, and a tap on the text focuses the field), in a group named by the same text.
   */
  single?: boolean;
  children: (ids: TFieldIds) => ReactNode;
};

/**
 * One question: its text as the fieldset's legend (or a one-field question's label), the controls, and
 * the message of the answer rules. The message is tied to the group and its controls (aria-describedby).
 */
export function QuestionFrame({ q, number, error, notice, single, children }: QuestionFrameProps) {
  const legendId = `q-${q._id}-legend`;
  const errorId = `q-${q._id}-error`;
  const controlId = `q-${q._id}-field`;
  const ids: TFieldIds = {
    legendId,
    controlId,
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
        aria-labelledby={single ? legendId : undefined}
        aria-describedby={ids.describedBy}
        data-invalid={error ? '' : undefined}
        className="min-w-0"
      >
        <Legend single={single} id={legendId} htmlFor={controlId} className="mb-3 block text-base font-medium">
          {number !== undefined ? <span className="text-muted-foreground">{number}. </span> : null}
          <span
            className="rich-text [&>*]:inline"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: question texts are sanitized with an allowlist on the server.
            dangerouslySetInnerHTML={{ __html: q.text }}
          />
          {q.isRequired ? <span className="ml-1.5 text-sm font-normal text-muted-foreground">(required)</span> : null}
        </Legend>
        <div className="flex flex-col gap-3">
          {notice}
          {children(ids)}
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      </fieldset>
    </div>
  );
}

type LegendProps = { single: boolean | undefined; id: string; htmlFor: string; className: string; children: ReactNode };

/** The question text: the fieldset's legend, or the label of a one-field question's field. */
function Legend({ single, htmlFor, children, ...rest }: LegendProps) {
  return single ? (
    <label htmlFor={htmlFor} {...rest}>
      {children}
    </label>
  ) : (
    <legend {...rest}>{children}</legend>
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
