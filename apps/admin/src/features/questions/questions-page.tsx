import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, toast } from '@tieline/ui';
import {
  isAnswerType,
  linkedFrom,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  questionNumbers,
  questionPages,
  reorderProblem,
  SURVEY_MSG,
  type TQuestionData,
  type TQuestionType,
} from '@tieline/validation';
import { ChevronDown, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useMatch, useNavigate, useParams } from 'react-router';
import { FullPageSpinner } from '../../components/page-states';
import { PreviewButton, PreviewRoute } from '../../components/survey-preview-dialog';
import { errorCode, errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useProgressiveCount } from '../../lib/use-progressive-count';
import { useStableCallback } from '../../lib/use-stable-callback';
import { DeleteQuestionDialog } from './delete-question-dialog';
import { QuestionCard, questionName } from './question-card';
import { QuestionEditor } from './question-editor';
import { SortableQuestions } from './sortable-questions';
import { isStale, useQuestions } from './use-questions';

const ANSWER_TYPES = QUESTION_TYPES.filter(isAnswerType);

/** The Questions step of the survey editor (spec §2): cards, adding, editing, reordering, deleting. */
export function QuestionsPage() {
  const { id = '' } = useParams();
  const child = useMatch('/surveys/:id/questions/:questionID/:mode');
  // The Supplementary Lists panel opens over the editor, which stays mounted: its edits are not lost.
  const editingId =
    child?.params.mode === 'edit' || child?.params.mode === 'upload-list' ? child.params.questionID : undefined;
  const deletingId = child?.params.mode === 'delete' ? child.params.questionID : undefined;
  const api = useQuestions(id);
  const navigate = useNavigate();
  /** The focused or last edited question: a page break or descriptive text goes after it. */
  const [current, setCurrent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /**
   * A question just added and not finished yet: leaving its first edit (Cancel, another card, another
   * step) takes it away again, as it has no text to keep.
   */
  const [fresh, setFresh] = useState<string | null>(null);
  /** The fresh question whose edit view has opened (leaving that view is what discards it). */
  const freshOpened = useRef<string | null>(null);
  const discard = useStableCallback((questionId: string) => void api.discard(questionId));
  useEffect(() => {
    if (!fresh) return;
    if (editingId === fresh) {
      freshOpened.current = fresh;
    } else if (freshOpened.current === fresh) {
      freshOpened.current = null;
      setFresh(null);
      discard(fresh);
    }
  }, [fresh, editingId, discard]);
  const leftBehind = useRef<string | null>(null);
  leftBehind.current = fresh && freshOpened.current === fresh ? fresh : null;
  useEffect(
    () => () => {
      if (leftBehind.current) discard(leftBehind.current);
    },
    [discard],
  );
  useDocumentTitle('Questions');
  const base = `/surveys/${id}/questions`;
  // The cards are memoized: their callbacks keep their identity (see question-card.tsx).
  const focusCard = useStableCallback((questionId: string) => setCurrent(questionId));
  const editCard = useStableCallback((questionId: string) => void navigate(`${base}/${questionId}/edit`));
  const deleteCard = useStableCallback((questionId: string) => void navigate(`${base}/${questionId}/delete`));
  const duplicateCard = useStableCallback((questionId: string) => duplicate(questionId));
  const shown = useProgressiveCount(api.survey.data?.questions.length ?? 0, 40);

  const survey = api.survey.data;
  if (api.survey.isPending) return <FullPageSpinner label="Loading questions" />;
  if (!survey) {
    return (
      <div>
        <h2 className="text-xl font-semibold">Questions</h2>
        <p role="alert" className="mt-3 text-destructive">
          {errorMessage(api.survey.error)}
        </p>
        <Button variant="outline" className="mt-4" onClick={() => void api.survey.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const questions = survey.questions;
  const numbers = questionNumbers(questions);
  const busy = api.insert.isPending || api.duplicate.isPending || api.remove.isPending || api.update.isPending;
  const ref = (questionId: string) => ({ surveyId: id, version: api.version(), questionId });

  // Spec §2: the New Question menu adds at the end; the page break and descriptive text buttons insert
  // after the current question (at the end when none is current).
  const add = (type: TQuestionType) => {
    const at = isAnswerType(type) ? -1 : questions.findIndex((q) => q._id === current);
    const index = at === -1 ? questions.length : at + 1;
    api.insert.mutate(
      { surveyId: id, version: api.version(), index, type },
      {
        onSuccess: ({ questionId, survey: next }) => {
          api.store(next);
          setCurrent(questionId);
          // Spec §2: a page break has nothing to edit.
          if (type !== 'pageBreak') {
            setFresh(questionId);
            void navigate(`${base}/${questionId}/edit`);
          }
        },
        onError: api.showError,
      },
    );
  };

  function duplicate(questionId: string) {
    api.duplicate.mutate(ref(questionId), {
      onSuccess: ({ questionId: copy, survey: next }) => {
        api.store(next);
        setCurrent(copy);
      },
      onError: api.showError,
    });
  }

  const finish = ({ _id, ...changes }: TQuestionData) =>
    api.update.mutate(
      { ...ref(_id), question: changes },
      {
        onSuccess: (next) => {
          api.store(next);
          setCurrent(_id);
          if (fresh === _id) setFresh(null);
          void navigate(base);
        },
        onError: api.showError,
      },
    );

  const move = (order: string[]) => {
    const problem = reorderProblem(questions, order);
    if (problem) {
      toast.error(problem);
      return;
    }
    const before = survey;
    const byId = new Map(questions.map((q) => [q._id, q]));
    const moved = order.map((qid) => byId.get(qid)!);
    const pages = questionPages(moved);
    // Optimistic: the cards settle where they were dropped, and go back if the server refuses.
    api.store({ ...survey, questions: moved.map((q, i) => ({ ...q, page: pages[i]! })) });
    api.reorder.mutate(
      { surveyId: id, version: before.version, order },
      {
        onSuccess: api.store,
        onError: (error) => {
          api.store(before);
          api.showError(error);
        },
      },
    );
  };

  // Cancel: back to the cards; a question added a moment ago and never finished goes (the effect above).
  const cancel = () => void navigate(base);

  const closeDelete = () => {
    setRefusal(null);
    void navigate(base);
  };
  const deleting = questions.find((q) => q._id === deletingId);
  const linked = deleting ? linkedFrom(questions, deleting._id) : [];
  const remove = (questionId: string) =>
    api.remove.mutate(ref(questionId), {
      onSuccess: (next) => {
        api.store(next);
        toast.success('Question Deleted');
        closeDelete();
      },
      onError: (error) => {
        if (errorCode(error) === 'CONFLICT' && !isStale(error)) setRefusal(errorMessage(error));
        else api.showError(error);
      },
    });

  return (
    // A step of the survey editor: the layout shows the survey and the way back; this is the step's own title.
    <section className="flex flex-col gap-5" aria-labelledby="step-title">
      <h2 id="step-title" className="text-xl font-semibold tracking-tight">
        Questions
      </h2>
      <div className="flex flex-wrap gap-2">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button disabled={busy}>
              <Plus aria-hidden="true" />
              New Question
              <ChevronDown aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {ANSWER_TYPES.map((type) => (
              <DropdownMenuItem key={type} onSelect={() => add(type)}>
                {QUESTION_TYPE_LABELS[type]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <Button variant="outline" disabled={busy} onClick={() => add('pageBreak')}>
          Page Break
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => add('descriptiveText')}>
          Descriptive Text
        </Button>
        <PreviewButton to="preview" />
      </div>
      <PreviewRoute pattern="/surveys/:id/questions/preview" target="questions" back="/surveys/:id/questions" />
      {questions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
          This survey has no questions yet. Add one with New Question.
        </p>
      ) : (
        <SortableQuestions questions={questions} numbers={numbers} onMove={move}>
          <ol className="flex flex-col gap-3" aria-label="Questions">
            {questions.slice(0, shown).map((q, index) => (
              <QuestionCard
                key={q._id}
                question={q}
                number={numbers.get(q._id)}
                busy={busy}
                onFocus={focusCard}
                onEdit={editCard}
                onDuplicate={duplicateCard}
                onDelete={deleteCard}
                editor={
                  q._id === editingId && q.type !== 'pageBreak' ? (
                    <QuestionEditor
                      key={q._id}
                      question={q}
                      questions={questions}
                      index={index}
                      numbers={numbers}
                      respondentList={survey.respondentList}
                      uploadListPath={`${base}/${q._id}/upload-list`}
                      saving={api.update.isPending}
                      onFinish={finish}
                      onCancel={cancel}
                    />
                  ) : undefined
                }
              />
            ))}
          </ol>
        </SortableQuestions>
      )}
      {deleting ? (
        <DeleteQuestionDialog
          name={questionName(deleting, numbers.get(deleting._id))}
          refusal={refusal ?? (linked.length > 0 ? SURVEY_MSG.linkedBy(linked) : null)}
          pending={api.remove.isPending}
          onConfirm={() => remove(deleting._id)}
          onClose={closeDelete}
        />
      ) : null}
      <Outlet />
    </section>
  );
}
