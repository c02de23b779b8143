import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, cn } from '@tieline/ui';
import { QUESTION_TYPE_LABELS, type TQuestion } from '@tieline/validation';
import { Copy, GripVertical, Pencil, Trash2 } from 'lucide-react';
import { type HTMLAttributes, memo, type ReactNode } from 'react';

/** Spec §9: the drag animation lasts 200 ms. */
export const DRAG_TRANSITION = { duration: 200, easing: 'ease' };

/** What a card is called by screen readers and in its action labels. */
export function questionName(q: TQuestion, number: number | undefined): string {
  return number ? `Question ${number}` : QUESTION_TYPE_LABELS[q.type];
}

type CardProps = {
  question: TQuestion;
  number: number | undefined;
  /** The edit form replaces the read view when given. */
  editor?: ReactNode;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onFocus: () => void;
  busy: boolean;
};

/**
 * One question of the list, sortable by its Move handle (pointer or keyboard). Every useSortable
 * re-renders on each drag event (dnd-kit's context), so the card's content is a memoized child: picking
 * up one of 200 cards re-renders 200 small wrappers and one card body, not 200 bodies.
 */
export function QuestionCard({ question, editor, ...rest }: CardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: question._id,
    transition: DRAG_TRANSITION,
    disabled: Boolean(editor),
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('list-none', isDragging && 'relative z-10 opacity-80')}
      onFocus={rest.onFocus}
      data-testid="question-card"
      aria-label={questionName(question, rest.number)}
    >
      <CardBody
        question={question}
        editor={editor}
        {...rest}
        handleRef={setActivatorNodeRef}
        handleProps={{ ...attributes, ...listeners } as HTMLAttributes<HTMLButtonElement>}
      />
    </li>
  );
}

type BodyProps = CardProps & {
  handleRef: (element: HTMLElement | null) => void;
  handleProps: HTMLAttributes<HTMLButtonElement>;
};

/** Compares the handle's props by entry: dnd-kit keeps each of them stable except on the dragged card. */
function sameBody(a: BodyProps, b: BodyProps): boolean {
  const { handleProps: ha, ...ra } = a;
  const { handleProps: hb, ...rb } = b;
  return shallowEqual(ra, rb) && shallowEqual(ha, hb);
}

function shallowEqual(a: object, b: object): boolean {
  const ka = Object.keys(a) as (keyof typeof a)[];
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
}

const CardBody = memo(function CardBody({
  question,
  number,
  editor,
  onEdit,
  onDuplicate,
  onDelete,
  busy,
  handleRef,
  handleProps,
}: BodyProps) {
  const name = questionName(question, number);
  const pageBreak = question.type === 'pageBreak';
  const handle = (
    <button
      type="button"
      ref={handleRef}
      {...handleProps}
      aria-label={`Move ${name}`}
      className="cursor-grab touch-none rounded-md p-2 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  );
  const actions = (
    <div className="flex items-center gap-1">
      {pageBreak ? null : (
        <Button variant="ghost" size="sm" onClick={onEdit} disabled={busy} aria-label={`Edit ${name}`}>
          <Pencil aria-hidden="true" />
          <span className="hidden sm:inline">Edit</span>
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={onDuplicate} disabled={busy} aria-label={`Duplicate ${name}`}>
        <Copy aria-hidden="true" />
        <span className="hidden sm:inline">Duplicate</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={onDelete} disabled={busy} aria-label={`Delete ${name}`}>
        <Trash2 aria-hidden="true" />
        <span className="hidden sm:inline">Delete</span>
      </Button>
      {handle}
    </div>
  );

  return pageBreak ? (
    <div className="flex items-center gap-3 rounded-lg border border-dashed border-border bg-muted/40 px-3 py-1">
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      <span className="text-sm font-medium whitespace-nowrap text-muted-foreground">Page Break</span>
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      {actions}
    </div>
  ) : (
    <Card className={cn('p-4', editor && 'ring-2 ring-ring')}>
      {editor ?? (
        <div className="flex flex-col gap-3">
          {/* On phones the actions wrap below the label rather than squeezing it. */}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm whitespace-nowrap">
              {number ? <span className="mr-2 font-semibold">Question {number}</span> : null}{' '}
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground">
                {QUESTION_TYPE_LABELS[question.type]}
              </span>
            </p>
            {actions}
          </div>
          {/* Sanitized by the server (parse5 allowlist) before it was stored. */}
          <div
            className="prose-sm max-w-none break-words [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized question HTML
            dangerouslySetInnerHTML={{ __html: question.text }}
          />
        </div>
      )}
    </Card>
  );
}, sameBody);
