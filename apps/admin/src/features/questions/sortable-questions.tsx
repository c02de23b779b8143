import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
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
import type { ReactNode } from 'react';
import { questionName } from './question-card';

type Props = {
  questions: readonly TQuestion[];
  numbers: Map<string, number>;
  onMove: (order: string[]) => void;
  children: ReactNode;
};

const INSTRUCTIONS =
  'To pick up a question, focus its Move button and press Space or Enter. Use the Up and Down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.';

/** Drag to reorder, by pointer or keyboard, with spoken positions (dnd-kit's live region). */
export function SortableQuestions({ questions, numbers, onMove, children }: Props) {
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
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
