import { useState } from 'react';
import { StatusCard } from '../components/status-card';
import { StepActions, StepHeading } from '../components/step';
import type { TRespondentSurvey } from '../lib/api';
import { TEXT } from '../lib/messages';
import { WelcomePage } from './welcome-page';

type Step = 'welcome' | 'questions';

/** The personal-link flow: welcome page, then the questions (built in the respondent issue). */
export function SurveyFlow({ survey }: { survey: TRespondentSurvey }) {
  const [step, setStep] = useState<Step>('welcome');

  if (survey.status === 'Completed') {
    return (
      <StatusCard title={TEXT.closedTitle} tone="warning">
        {TEXT.closedBody}
      </StatusCard>
    );
  }
  if (step === 'welcome') return <WelcomePage survey={survey} onContinue={() => setStep('questions')} />;
  return <QuestionsPlaceholder survey={survey} onBack={() => setStep('welcome')} />;
}

function QuestionsPlaceholder({ survey, onBack }: { survey: TRespondentSurvey; onBack: () => void }) {
  return (
    <section aria-labelledby="questions-title" className="flex flex-col gap-6">
      <StepHeading id="questions-title">{survey.name}</StepHeading>
      <p className="rounded-md border border-dashed border-border bg-muted px-4 py-10 text-center text-muted-foreground">
        {TEXT.questionsPlaceholder}
      </p>
      <StepActions>
        <button type="button" onClick={onBack} className="btn btn-outline">
          Back
        </button>
      </StepActions>
    </section>
  );
}
