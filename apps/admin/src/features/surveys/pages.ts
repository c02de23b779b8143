// The survey editor's pages, one chunk: the router loads it for /surveys and every editor step.
export { AdvancedOptionsStep } from './advanced-options-step';
export { CompletionStep } from './completion-step';
export { DetailsStep } from './details-step';
export { EditorLayout } from './editor-layout';
export { SurveysPage } from './surveys-page';
export { WelcomeStep } from './welcome-step';
