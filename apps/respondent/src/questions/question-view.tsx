import {
  addedNamesProblem,
  RESPONDENT_LIMITS,
  RESPONDENT_MSG,
  selectionLimitProblem,
  type TAnswer,
  type TDataInput,
  type TQuestion,
} from '@tieline/validation';
import { type ReactNode, useState } from 'react';
import { addName, type TNode } from '../lib/api';
import { AddNameForm, LimitNotice } from './add-name-form';
import { ChoiceGroup, ChoiceSelect, type TChoice } from './choice-group';
import { Matrix } from './matrix';
import { peopleFor, type TPeople, type TPeopleContext, toggled } from './people';
import { PeopleList } from './people-list';
import { Hint, QuestionFrame, type TFieldIds } from './question-frame';
import { SearchSelect, SelectedChips, type TAddName } from './search-select';
import { FreeText, NumericInput, Slider } from './text-inputs';

export interface TQuestionEnv extends TPeopleContext {
  randomUUID: string | null;
  /** Why names cannot be added without a personal link (default: the preview's message). */
  addRefusal?: string;
  /** A test email's link: searches go by its id. */
  testEmailId?: string;
  names: Map<string, string>;
  remember: (nodes: readonly TNode[]) => void;
  /** New people this response added, by question (the caps on added names). */
  addedNames: ReadonlyMap<string, number>;
  countAdded: (questionId: string, added: number) => void;
}

type QuestionViewProps = {
  q: TQuestion;
  number: number | undefined;
  answer: TAnswer | undefined;
  error: string | undefined;
  env: TQuestionEnv;
  onChange: (questionId: string, dataInput: TDataInput[] | null) => void;
  notice?: ReactNode;
};

/** Types answered in one field, which the question text labels. */
const SINGLE_FIELD = new Set<TQuestion['type']>(['freeFormText', 'singleNumeric', 'numericRange']);

/** One question of a page, by type (spec §3 question types). */
export function QuestionView({ q, number, answer, error, env, onChange, notice }: QuestionViewProps) {
  const entries = answer?.dataInput ?? [];
  const change = (dataInput: TDataInput[] | null) => onChange(q._id, dataInput);
  if (q.type === 'pageBreak') return null;
  if (q.type === 'descriptiveText') {
    return (
      <div
        className={`rich-text ${q.isHeading ? 'text-lg font-semibold' : ''}`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: question texts are sanitized with an allowlist on the server.
        dangerouslySetInnerHTML={{ __html: q.text }}
      />
    );
  }
  const people = q.isRelationshipQuestion || q.type === 'searchAndSelect' ? peopleFor(q, env) : null;
  return (
    <QuestionFrame q={q} number={number} error={error} notice={notice} single={SINGLE_FIELD.has(q.type)}>
      {(ids) => {
        const props = { q, entries, ids, onChange: change };
        switch (q.type) {
          case 'freeFormText':
            return <FreeText {...props} />;
          case 'singleNumeric':
            return <NumericInput {...props} />;
          case 'numericRange':
            return <Slider {...props} />;
          case 'matrixSelection':
            return <Matrix {...props} people={people} />;
          default:
            return <Selection {...props} people={people} env={env} />;
        }
      }}
    </QuestionFrame>
  );
}

type SelectionProps = {
  q: TQuestion;
  entries: TDataInput[];
  ids: TFieldIds;
  people: TPeople | null;
  env: TQuestionEnv;
  onChange: (dataInput: TDataInput[] | null) => void;
};

/** Multiple choice and search and select: options, people (grid, windowed list) or a search. */
function Selection({ q, entries, ids, people, env, onChange }: SelectionProps) {
  const selected = entries[0]?.selectedIds ?? [];
  const [limit, setLimit] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const multiple = q.allowMultipleSelections;

  function toggle(id: string) {
    if (!selected.includes(id)) {
      const problem = multiple ? selectionLimitProblem(q, selected.length) : null;
      setLimit(problem);
      if (problem) return;
    } else setLimit(null);
    const next = toggled(selected, id, multiple);
    onChange(next.length > 0 ? [{ selectedIds: next }] : null);
  }

  const limitId = `${ids.legendId}-limit`;
  const describedBy = [ids.describedBy, limit ? limitId : null].filter(Boolean).join(' ') || undefined;
  const limitHint = (
    <p id={limitId} role="status" className="text-sm font-medium text-warning empty:hidden">
      {limit}
    </p>
  );

  const addNameFor = (listId: string | null): TAddName | null => {
    if (!q.allowAdditionalNames || !listId) return null;
    const needsEmail = listId === env.survey.respondentList;
    return {
      needsEmail,
      refusal: env.randomUUID ? null : (env.addRefusal ?? RESPONDENT_MSG.addInPreview),
      limit: env.randomUUID ? addedNamesProblem(q, env.addedNames.get(q._id) ?? 0) : null,
      add: async ({ name, email }) => {
        const node = await addName(env.survey._id, {
          randomUUID: env.randomUUID ?? '',
          questionId: q._id,
          name,
          ...(needsEmail ? { email } : { listId }),
        });
        env.countAdded(q._id, node.addedNames);
        return node;
      },
    };
  };

  if (q.type === 'searchAndSelect' || people?.source === 'search') {
    const listId = people?.listId ?? null;
    if (!listId) return <Hint>{RESPONDENT_MSG.noOptions}</Hint>;
    return (
      <>
        <SearchSelect
          listId={listId}
          randomUUID={env.randomUUID}
          testEmailId={env.testEmailId}
          selected={selected}
          multiple={multiple}
          names={env.names}
          remember={env.remember}
          onToggle={toggle}
          hidden={q.allowSelfSelection ? null : env.survey.respondent.nodeId}
          labelledBy={ids.legendId}
          describedBy={describedBy}
          addName={addNameFor(listId)}
        />
        {limitHint}
      </>
    );
  }

  const choices: TChoice[] = people
    ? (people.people ?? []).map((p) => ({ id: p._id, label: p.name || 'Unknown person' }))
    : q.selectionOptions.map((o) => ({ id: o._id, label: o.title }));
  if (choices.length === 0) return <Hint>{RESPONDENT_MSG.noOptions}</Hint>;

  if (!multiple && q.selectionType === 'dropdownType') {
    return (
      <ChoiceSelect
        choices={choices}
        value={selected[0] ?? ''}
        onChange={(id) => onChange(id ? [{ selectedIds: [id] }] : null)}
        labelledBy={ids.legendId}
        describedBy={ids.describedBy}
        invalid={ids.invalid}
      />
    );
  }
  if (!people || choices.length <= RESPONDENT_LIMITS.gridMax) {
    return (
      <>
        <ChoiceGroup
          name={q._id}
          choices={choices}
          selected={selected}
          multiple={multiple}
          onToggle={toggle}
          describedBy={describedBy}
          grid={people !== null}
        />
        {limitHint}
      </>
    );
  }

  const folded = filter.trim().toLocaleLowerCase();
  const adder = people.source === 'list' ? addNameFor(people.listId) : null;
  const shown = folded
    ? (people.people ?? []).filter((p) => p.name.toLocaleLowerCase().includes(folded))
    : (people.people ?? []);
  return (
    <div className="flex flex-col gap-3">
      {q.hideSearchInput ? null : (
        <input
          type="search"
          className="field h-11"
          placeholder={RESPONDENT_MSG.searchPlaceholder}
          aria-label="Filter names"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {multiple ? <SelectedChips selected={selected} names={env.names} onRemove={toggle} /> : null}
      {shown.length > 0 ? (
        <PeopleList
          people={shown}
          selected={selected}
          multiple={multiple}
          onToggle={toggle}
          labelledBy={ids.legendId}
          describedBy={describedBy}
        />
      ) : adder?.limit ? (
        <>
          <Hint>{RESPONDENT_MSG.noMatches}</Hint>
          <LimitNotice>{adder.limit}</LimitNotice>
        </>
      ) : adder ? (
        <>
          <Hint>{RESPONDENT_MSG.noMatchesAdd}</Hint>
          <AddNameForm
            key={folded}
            needsEmail={adder.needsEmail}
            initialName={filter.trim()}
            refusal={adder.refusal}
            onAdd={async (input) => {
              const node = await adder.add(input);
              env.remember([node]);
              if (!selected.includes(node._id)) toggle(node._id);
              setFilter('');
            }}
            onCancel={() => setFilter('')}
          />
        </>
      ) : (
        <Hint>{RESPONDENT_MSG.noMatches}</Hint>
      )}
      {limitHint}
    </div>
  );
}
