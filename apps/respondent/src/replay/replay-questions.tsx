import { answerMap, RESPONDENT_MSG, type TQuestion } from '@tieline/validation';
import type { TResponseHistory } from '../lib/api';
import { QuestionView, type TQuestionEnv } from '../questions/question-view';
import type { TReplayStep } from './replay-steps';

type ReplayQuestionsProps = {
  history: TResponseHistory;
  step: TReplayStep;
  byPage: TQuestion[][];
  numbers: ReadonlyMap<string, number>;
  names: Map<string, string>;
};

const nothing = () => undefined;

/**
 * The pages a save changed (every page for the current answers) with the answers of that moment, in
 * the respondent's own question components. A disabled fieldset makes every control read-only: nothing
 * is saved and no name can be added from here.
 */
export function ReplayQuestions({ history, step, byPage, numbers, names }: ReplayQuestionsProps) {
  const env: TQuestionEnv = {
    survey: history.survey,
    lists: history.lists,
    names,
    answers: answerMap(step.answers),
    randomUUID: null,
    remember: nothing,
    addRefusal: RESPONDENT_MSG.addInPreview,
    addedNames: new Map(),
    countAdded: nothing,
  };
  const pages = (step.pages ?? byPage.map((_, i) => i)).map((page) => [page, byPage[page] ?? []] as const);
  const changed = new Set(step.changed);
  return (
    <fieldset disabled className="mt-5 flex min-w-0 flex-col gap-6">
      <legend className="sr-only">Answers at this step (read-only)</legend>
      {pages.map(([page, questions]) => (
        <div key={`${page}-${step.at ?? 'now'}`} className="flex flex-col gap-4">
          {pages.length > 1 ? <h3 className="text-base font-semibold">Page {page + 1}</h3> : null}
          {questions.length === 0 ? <p className="text-muted-foreground">This page has no questions.</p> : null}
          {questions.map((q) => (
            <div
              key={q._id}
              data-changed={changed.has(q._id) ? '' : undefined}
              className={changed.has(q._id) ? 'rounded-xl p-2 ring-2 ring-primary' : ''}
            >
              {changed.has(q._id) ? (
                <p className="mb-2 px-1 text-xs font-semibold tracking-wide text-primary uppercase">
                  Changed in this save
                </p>
              ) : null}
              <QuestionView
                q={q}
                number={numbers.get(q._id)}
                answer={env.answers.get(q._id)}
                error={undefined}
                env={env}
                onChange={nothing}
              />
            </div>
          ))}
        </div>
      ))}
    </fieldset>
  );
}
