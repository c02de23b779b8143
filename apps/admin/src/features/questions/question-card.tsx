import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, cn } from '@tieline/ui';
import { QUESTION_TYPE_LABELS, type TQuestion } from '@tieline/validation';
import { Copy, GripVertical, Pencil, Trash2 } from 'lucide-react';
import {
  type HTMLAttributes,
  memo,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLiveCard } from './live-cards';

/** Spec §9: the drag animation lasts 200 ms. */
export const DRAG_TRANSITION = { duration: 200, easing: 'ease' };

/** What a card is called by screen readers and in its action labels. */
export function questionName(q: TQuestion, number: number | undefined): string {
  return number ? `Question ${number}` : QUESTION_TYPE_LABELS[q.type];
}

/**
 * dnd-kit's DndContext id, which is also the id of its hidden instructions: every Move handle is
 * described by them, whether or not its card is sortable at this moment.
 */
export const DRAG_INSTRUCTIONS_ID = 'question-drag-instructions';

type CardProps = {
  question: TQuestion;
  number: number | undefined;
  /** The edit form replaces the read view when given. */
  editor?: ReactNode;
  onEdit: (id: string) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  onFocus: (id: string) => void;
  busy: boolean;
};

/**
 * One question of the list, sortable by its Move handle (pointer or keyboard) while live-cards.ts says
 * so: a SortableBinding, which renders nothing, then ties the card to dnd-kit. The card's markup does
 * not depend on dnd-kit's renders (the handle's props stay the same, its listeners are forwarded), so
 * each drag event re-renders the bindings of the cards near the viewport and nothing else.
 */
export const QuestionCard = memo(function QuestionCard({ question, editor, onFocus, ...rest }: CardProps) {
  const id = question._id;
  const [item, setItem] = useState<HTMLLIElement | null>(null);
  const [handle, setHandle] = useState<HTMLButtonElement | null>(null);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const listeners = useRef<DraggableSyntheticListeners>(undefined);
  const disabled = Boolean(editor);
  const live = useLiveCard(id, item, focused);
  // What useSortable gives the handle (its attributes), stable while the card is not dragged.
  const handleProps = useMemo(
    (): HTMLAttributes<HTMLButtonElement> => ({
      role: 'button',
      tabIndex: 0,
      'aria-disabled': disabled,
      'aria-pressed': dragging || undefined,
      'aria-roledescription': 'sortable',
      'aria-describedby': DRAG_INSTRUCTIONS_ID,
      onKeyDown: (event) => listeners.current?.onKeyDown?.(event),
      onPointerDown: (event) => listeners.current?.onPointerDown?.(event),
    }),
    [disabled, dragging],
  );
  return (
    <li
      ref={setItem}
      className={cn('list-none', dragging && 'relative z-10 opacity-80')}
      onFocus={() => {
        setFocused(true);
        onFocus(id);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      data-testid="question-card"
      aria-label={questionName(question, rest.number)}
    >
      {live && item ? (
        <SortableBinding
          id={id}
          item={item}
          handle={handle}
          disabled={disabled}
          listeners={listeners}
          onDragging={setDragging}
        />
      ) : null}
      <CardBody question={question} editor={editor} {...rest} handleRef={setHandle} handleProps={handleProps} />
    </li>
  );
});

type BindingProps = {
  id: string;
  item: HTMLLIElement;
  handle: HTMLButtonElement | null;
  disabled: boolean;
  listeners: RefObject<DraggableSyntheticListeners>;
  onDragging: (dragging: boolean) => void;
};

/** useSortable for one card: its nodes, its handle's listeners, and its place (transform) while sorting. */
function SortableBinding({ id, item, handle, disabled, listeners, onDragging }: BindingProps) {
  const sortable = useSortable({ id, transition: DRAG_TRANSITION, disabled });
  const { setNodeRef, setActivatorNodeRef, isDragging, transition } = sortable;
  const translate = CSS.Translate.toString(sortable.transform) ?? '';
  useLayoutEffect(() => {
    setNodeRef(item);
    return () => setNodeRef(null);
  }, [setNodeRef, item]);
  useLayoutEffect(() => {
    setActivatorNodeRef(handle);
    return () => setActivatorNodeRef(null);
  }, [setActivatorNodeRef, handle]);
  useLayoutEffect(() => {
    listeners.current = sortable.listeners;
  });
  useLayoutEffect(() => {
    item.style.transform = translate;
    item.style.transition = transition ?? '';
  }, [item, translate, transition]);
  useLayoutEffect(() => onDragging(isDragging), [onDragging, isDragging]);
  // Untied (gone far off screen, or unmounted): the card as it was before.
  useLayoutEffect(
    () => () => {
      listeners.current = undefined;
      item.style.transform = '';
      item.style.transition = '';
      onDragging(false);
    },
    [listeners, item, onDragging],
  );
  return null;
}

type BodyProps = Omit<CardProps, 'onFocus'> & {
  handleRef: (element: HTMLButtonElement | null) => void;
  handleProps: HTMLAttributes<HTMLButtonElement>;
};

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
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onEdit(question._id)}
          disabled={busy}
          aria-label={`Edit ${name}`}
        >
          <Pencil aria-hidden="true" />
          <span className="hidden sm:inline">Edit</span>
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onDuplicate(question._id)}
        disabled={busy}
        aria-label={`Duplicate ${name}`}
      >
        <Copy aria-hidden="true" />
        <span className="hidden sm:inline">Duplicate</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onDelete(question._id)}
        disabled={busy}
        aria-label={`Delete ${name}`}
      >
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
});
