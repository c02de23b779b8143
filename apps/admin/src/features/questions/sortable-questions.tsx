import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { TQuestion } from '@tieline/validation';
import { type ReactNode, useRef, useState } from 'react';
import { LiveCards, LiveCardsContext } from './live-cards';
import { DRAG_INSTRUCTIONS_ID, questionName } from './question-card';

type Props = {
  questions: readonly TQuestion[];
  numbers: Map<string, number>;
  onMove: (order: string[]) => void;
  children: ReactNode;
};

const INSTRUCTIONS =
  'To pick up a question, focus its Move button and press Space or Enter. Use the Up and Down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.';

/**
 * Drag to reorder, by pointer or keyboard, with spoken positions (dnd-kit's live region). Only the
 * cards near the viewport, and the one being dragged, take part (live-cards.ts).
 */
export function SortableQuestions({ questions, numbers, onMove, children }: Props) {
  const [cards] = useState(() => new LiveCards());
  const unpin = useRef<(() => void) | null>(null);
  const release = () => {
    unpin.current?.();
    unpin.current = null;
  };
  const sensors = useSensors(
    // A few pixels of travel first, so clicking a card's buttons never starts a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = questions.map((q) => q._id);
  const name = (id: UniqueIdentifier) => {
    const q = questions.find((item) => item._id === id);
    return q ? questionName(q, numbers.get(q._id)) : 'Question';
  };
  const position = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, at ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} moved to ${position(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at ${position(over.id)}.` : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was canceled.`,
  };
  const start = ({ active }: DragStartEvent) => {
    release();
    unpin.current = cards.pin(String(active.id));
  };
  const end = ({ active, over }: DragEndEvent) => {
    release();
    if (!over || active.id === over.id) return;
    onMove(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext
      id={DRAG_INSTRUCTIONS_ID}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={release}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <LiveCardsContext.Provider value={cards}>{children}</LiveCardsContext.Provider>
      </SortableContext>
    </DndContext>
  );
}
