import { Button, FormField, Input, toast } from '@tieline/ui';
import { surveySettingsProblem, type TSurvey, type TSurveySettingsProblem } from '@tieline/validation';
import { Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { SaveIndicator, useSaveOnLeave } from '../../components/save-indicator';
import { StepHeading } from '../../components/step-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSurvey, useSurveySave } from '../../lib/use-survey';
import { DomainChips } from './domain-chips';
import { ToggleRow } from './toggle-row';

type TOptions = Pick<
  TSurvey,
  'hasOpenLink' | 'requireSignUp' | 'identifyingInformation' | 'nameAutocompletion' | 'permittedDomains'
> & { respondentLimit: string };

export function AdvancedOptionsStep() {
  const { id, query } = useSurvey();
  useDocumentTitle('Advanced options');
  return query.data ? <AdvancedOptionsForm id={id} survey={query.data} /> : null;
}

const limitValue = (text: string) => (text.trim() === '' ? null : Number(text));
const changedKeys = (a: object, b: object) =>
  Object.keys(a).filter(
    (k) => JSON.stringify(a[k as keyof typeof a]) !== JSON.stringify(b[k as keyof typeof b]),
  ) as (keyof TOptions)[];

/** Single link and respondent identification (spec §2, §5): saved on change or blur and on leaving. */
function AdvancedOptionsForm({ id, survey }: { id: string; survey: TSurvey }) {
  const { save, state } = useSurveySave(id);
  const initial: TOptions = {
    hasOpenLink: survey.hasOpenLink,
    requireSignUp: survey.requireSignUp,
    identifyingInformation: survey.identifyingInformation,
    nameAutocompletion: survey.nameAutocompletion,
    permittedDomains: survey.permittedDomains,
    respondentLimit: survey.respondentLimit === null ? '0' : String(survey.respondentLimit),
  };
  const [options, setOptions] = useState(initial);
  const [problem, setProblem] = useState<TSurveySettingsProblem | null>(null);
  const saved = useRef(initial);
  const latest = useRef(options);
  latest.current = options;
  // Spec §5: the form's default is 0 (no limit set); a limit the user types must be greater than 0.
  const limitTyped = useRef(false);

  /** Saves what changed, unless a rule refuses the combination; then the field says why. */
  const commit = (next: TOptions = latest.current) => {
    const untouchedDefault = !limitTyped.current && next.respondentLimit === '0';
    const respondentLimit = untouchedDefault ? null : limitValue(next.respondentLimit);
    const found = surveySettingsProblem({ ...survey, ...next, respondentLimit });
    setProblem(found);
    const keys = changedKeys(next, saved.current);
    if (found || keys.length === 0) return;
    saved.current = next;
    const wire = { ...next, respondentLimit, identifyingInformation: next.identifyingInformation.trim().toLowerCase() };
    void save(Object.fromEntries(keys.map((k) => [k, wire[k]])));
  };
  useSaveOnLeave(() => commit());

  const change = (patch: Partial<TOptions>, now = true) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setOptions(next);
    if (now) commit(next);
  };
  const errorFor = (field: TSurveySettingsProblem['field']) => (problem?.field === field ? problem.message : undefined);

  const link = `${window.location.origin}/responses/start/${id}`;
  const showLimit = !options.nameAutocompletion || !options.requireSignUp;
  const showDomains = !options.nameAutocompletion && options.identifyingInformation.trim().toLowerCase() === 'email';

  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-title">
      <StepHeading title="Advanced Options">
        <SaveIndicator state={state} />
      </StepHeading>
      <div className="flex max-w-xl flex-col gap-6">
        <div className="flex flex-col gap-3">
          <ToggleRow
            label="Single Link"
            hint="One link anyone can use to start the survey."
            checked={options.hasOpenLink}
            onChange={(hasOpenLink) => change({ hasOpenLink })}
          />
          {options.hasOpenLink ? (
            <div className="flex items-center gap-2 rounded-md border border-border bg-muted p-2 pl-3">
              <code className="min-w-0 flex-1 text-sm break-all" data-testid="single-link">
                {link}
              </code>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  navigator.clipboard.writeText(link).then(
                    () => toast.success('Link copied'),
                    () => toast.error('Could not copy the link; select it and copy it instead'),
                  )
                }
              >
                <Copy aria-hidden="true" /> Copy link
              </Button>
            </div>
          ) : null}
        </div>
        <ToggleRow
          label="Identification Required"
          hint="Respondents identify themselves before they start. People on the respondent list get their personal link by email, so list an email for each."
          checked={options.requireSignUp}
          onChange={(requireSignUp) => change({ requireSignUp })}
        />
        <FormField
          label="Identifying Information"
          hint="The respondent list column respondents identify with, in lowercase (for example email)."
          error={errorFor('identifyingInformation')}
        >
          {(field) => (
            <Input
              {...field}
              value={options.identifyingInformation}
              onChange={(e) => change({ identifyingInformation: e.target.value.toLowerCase() }, false)}
              onBlur={() => commit()}
            />
          )}
        </FormField>
        <ToggleRow
          label="Name Autocompletion"
          checked={options.nameAutocompletion}
          onChange={(nameAutocompletion) => change({ nameAutocompletion })}
        />
        {showLimit ? (
          <FormField
            label="Respondent Limit"
            hint="0 until you set a limit; empty it for none."
            error={errorFor('respondentLimit')}
            className="max-w-60"
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                inputMode="numeric"
                min={1}
                value={options.respondentLimit}
                // onInput, not only onChange: typing the 0 that is already there is typing a limit too.
                onInput={() => {
                  limitTyped.current = true;
                }}
                onChange={(e) => change({ respondentLimit: e.target.value }, false)}
                onBlur={() => commit()}
              />
            )}
          </FormField>
        ) : null}
        {showDomains ? (
          <DomainChips
            domains={options.permittedDomains}
            error={errorFor('permittedDomains') ?? null}
            onChange={(permittedDomains) => change({ permittedDomains })}
          />
        ) : null}
      </div>
    </section>
  );
}
