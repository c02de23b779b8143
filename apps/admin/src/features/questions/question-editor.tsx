import { Button, Spinner } from '@tieline/ui';
import {
  canBeRelationshipQuestion,
  finishQuestionEdit,
  isAnswerType,
  matrixType,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  questionProblem,
  questionSource,
  SURVEY_MSG,
  type TQuestion,
  type TQuestionData,
  type TQuestionSource,
  type TQuestionType,
} from '@tieline/validation';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { OptionsEditor } from './options-editor';
import { OptionFlags, QuestionPanels } from './question-settings';
import { RelationshipSource } from './relationship-source';

// Lexical stays out of the first download: the editor loads when a question is opened for editing.
const RichTextEditor = lazy(() => import('@tieline/ui/rich-text'));

const ANSWER_TYPES = QUESTION_TYPES.filter(isAnswerType);
const NUMBER_FIELDS = ['numericRangeMin', 'numericRangeMax', 'numericRangeDefault', 'numericRangeIncrement'] as const;
/**
 * Spec §2: new questions with empty text start bold, except descriptive text. The editor drops an empty
 * <strong>, so it holds a zero-width space (isBlankHtml still counts the text as blank).
 */
const BOLD_START = '<p><strong>\u200b</strong></p>';

type Props = {
  question: TQuestion;
  questions: readonly TQuestion[];
  index: number;
  numbers: Map<string, number>;
  respondentList: string | null;
  uploadListPath: string;
  saving: boolean;
  onFinish: (question: TQuestionData) => void;
  onCancel: () => void;
};

/** The edit view of a card: Finish validates with the shared rules and saves; Cancel discards. */
export function QuestionEditor({ question, questions, index, numbers, respondentList, saving, ...props }: Props) {
  const { page: _page, ...data } = question;
  const form = useForm<TQuestionData>({ defaultValues: data });
  const [source, setSource] = useState<TQuestionSource>(questionSource(question, respondentList));
  const type = form.watch('type');
  const relationship = form.watch('isRelationshipQuestion') && canBeRelationshipQuestion(type);
  const ego = relationship && type === 'matrixSelection' && matrixType(form.watch()) !== 'regular';
  const textError = form.formState.errors.text?.message;
  const number = numbers.get(question._id);
  const initialText = question.text === '' && question.type !== 'descriptiveText' ? BOLD_START : question.text;

  // A list chosen in the Supplementary Lists panel (saved there) joins the edits in progress; choosing
  // a list clears the earlier questions (spec §4).
  useEffect(() => {
    if (form.getValues('list') === question.list) return;
    form.setValue('list', question.list);
    form.setValue('previousQn', question.previousQn);
    setSource(questionSource(question, respondentList));
  }, [question, respondentList, form]);

  const finish = form.handleSubmit((values) => {
    // The bold start's zero-width space is the editor's, not the author's: it is not saved.
    const finished = finishQuestionEdit({ ...data, ...values, text: values.text.replaceAll('\u200b', '') });
    const all = questions.map(({ page: _p, ...q }) => (q._id === finished._id ? finished : q));
    // An emptied number field: the server would refuse it with the same message.
    const blank = NUMBER_FIELDS.find((field) => Number.isNaN(finished[field]));
    const problem = blank ? { field: blank, message: SURVEY_MSG.notANumber } : questionProblem(all, index);
    if (problem) {
      form.setError(problem.field, { message: problem.message }, { shouldFocus: problem.field !== 'text' });
      return;
    }
    props.onFinish(finished);
  });

  return (
    <form
      onSubmit={finish}
      noValidate
      className="flex flex-col gap-5"
      aria-label={`Edit ${number ? `Question ${number}` : QUESTION_TYPE_LABELS[type]}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold">{number ? `Question ${number}` : QUESTION_TYPE_LABELS[type]}</p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={props.onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={saving}>
            Finish
          </Button>
        </div>
      </div>
      <Suspense fallback={<Spinner label="Loading editor" showLabel />}>
        <Controller
          control={form.control}
          name="text"
          render={({ field }) => (
            <RichTextEditor
              value={initialText}
              onChange={field.onChange}
              label={type === 'descriptiveText' ? 'Text' : 'Question text'}
              aria-invalid={textError ? true : undefined}
              aria-describedby={textError ? 'question-text-error' : undefined}
              minHeight={96}
            />
          )}
        />
      </Suspense>
      {textError ? (
        <p id="question-text-error" role="alert" className="-mt-3 text-sm text-destructive">
          {textError}
        </p>
      ) : null}
      {type === 'descriptiveText' ? null : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="question-type" className="text-sm font-medium">
            Question type
          </label>
          <select
            id="question-type"
            className="h-10 max-w-xs rounded-md border border-input bg-card px-3 text-sm"
            {...form.register('type', {
              onChange: (event: { target: { value: string } }) => {
                form.clearErrors();
                // One default, new or converted: Search and Select asks about people of the respondent list.
                if (event.target.value === 'searchAndSelect' && !form.getValues('isRelationshipQuestion')) {
                  form.setValue('isRelationshipQuestion', true);
                  if (!form.getValues('list') && form.getValues('previousQn').length === 0 && respondentList) {
                    form.setValue('list', respondentList);
                  }
                  setSource(questionSource({ ...question, ...form.getValues() }, respondentList));
                }
              },
            })}
          >
            {ANSWER_TYPES.map((t: TQuestionType) => (
              <option key={t} value={t}>
                {QUESTION_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
      )}
      <OptionFlags form={form} />
      {relationship ? (
        <RelationshipSource
          form={form}
          questions={questions}
          index={index}
          numbers={numbers}
          respondentList={respondentList}
          source={source}
          onSource={setSource}
          uploadListPath={props.uploadListPath}
        />
      ) : null}
      {form.formState.errors.previousQn?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {form.formState.errors.previousQn.message}
        </p>
      ) : null}
      {type === 'multipleSelection' && !relationship ? (
        <OptionsEditor name="selectionOptions" legend="Answers" control={form.control} register={form.register} />
      ) : null}
      {type === 'matrixSelection' && !ego ? (
        <div className="grid gap-4 md:grid-cols-2">
          {relationship ? null : (
            <OptionsEditor
              name="selectionOptions"
              legend="Row Headings"
              control={form.control}
              register={form.register}
            />
          )}
          <OptionsEditor
            name="columnHeadings"
            legend="Column Headings"
            control={form.control}
            register={form.register}
          />
        </div>
      ) : null}
      <QuestionPanels form={form} />
    </form>
  );
}
