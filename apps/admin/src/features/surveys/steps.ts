/** The editor's steps in order, with their spec labels (surveys.md §2); each is a child path of /surveys/:id. */
export const SURVEY_STEPS = [
  { path: 'details', label: 'Details' },
  { path: 'welcome-message', label: 'Welcome Message' },
  { path: 'questions', label: 'Questions' },
  { path: 'completion-message', label: 'Completion Message' },
  { path: 'lists', label: 'Lists' },
  { path: 'advanced-options', label: 'Advanced Options' },
  { path: 'emails', label: 'Emails' },
  { path: 'responses', label: 'Responses' },
] as const;

export type TSurveyStep = (typeof SURVEY_STEPS)[number];

/** The step a pathname belongs to: nested pages (questions/:questionID/edit, ...) count as their step. */
export function stepIndexOf(pathname: string, surveyId: string): number {
  const prefix = `/surveys/${surveyId}/`;
  if (!pathname.startsWith(prefix)) return 0;
  const first = pathname.slice(prefix.length).split('/')[0];
  const index = SURVEY_STEPS.findIndex((s) => s.path === first);
  return Math.max(index, 0);
}

/** Header text: long names are cut at 60 characters with an ellipsis. */
export function shortName(name: string, max = 60): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
