// What users see about surveys and questions, spec wording (surveys.md §5) where the spec has one. Kept
// apart from MSG so the survey builder's strings grow without touching the shared file.

/** "Question 2, 4": how the Cannot Delete Question dialog and reorder refusals name questions. */
const numbers = (list: readonly number[]) => list.join(', ');

export const SURVEY_MSG = {
  nameRequired: 'Survey name cannot be blank',
  nameTooLong: 'Survey name must be at most 200 characters',
  questionTextBlank: 'Question text cannot be blank',
  cannotDeleteQuestionTitle: 'Cannot Delete Question',
  /** The 409 of deleting a question others pipe from, and the body of that dialog. */
  linkedBy: (linked: readonly number[]) => `This question is linked to by Question(s) ${numbers(linked)}`,
  mustNotBeEmpty: 'Must not be empty',
  /** Spec §5: identifying information names a column of the Respondent List. */
  identifyingNotHeading: (headings: readonly string[]) =>
    `Must match a column heading of the Respondent List: ${headings.join(', ')}`,
  respondentLimitPositive: 'Respondent limit must be greater than 0',
  respondentLimitTooLarge: 'Respondent limit must be at most 1,000,000',
  urlInvalid: 'Please enter a URL starting with http:// or https://',
  urlTooLong: 'URL must be at most 2,000 characters',
  domainInvalid: 'Please enter a domain name, like example.com',
  domainDuplicated: 'This domain is already in the list',
  tooManyDomains: 'At most 100 permitted domains',
  stale: 'This survey was changed in another tab or by someone else. Reload to see the latest version.',
  statusNotSelectable: 'Status must be Offline, Collecting or Completed',
  imageNotUploaded: 'Upload an image to change it; only removing it is saved here',
  richTextTooLong: 'This message must be at most 50,000 characters',
  questionTextTooLong: 'Question text must be at most 20,000 characters',
  lineTooLong: 'This text must be at most 500 characters',
  optionBlank: 'Option text cannot be blank',
  tooManyOptions: 'A question can have at most 200 options',
  optionIdsDuplicated: 'Each option needs its own id',
  optionIdInvalid: 'Option ids are 1 to 64 letters, digits, dashes or underscores',
  tooManyQuestions: 'A survey can have at most 500 questions',
  surveyTooLarge: 'This survey has reached its size limit of 5,000,000 characters of questions',
  questionNotFound: 'Question not found',
  listNotOfSurvey: 'Choose one of this survey’s lists',
  imageRequired: 'Please choose an image file',
  imageType: 'The image must be a PNG, JPEG, GIF or WebP file',
  imageTooLarge: 'The image must be at most 5 MB',
  imageNotFound: 'Image not found',
  indexOutOfRange: 'Insert position is outside the list of questions',
  orderNotPermutation: 'The new order must name every question of the survey exactly once',
  /** A reorder that would put a question above one it takes answers from. */
  sourceBelow: (question: number, source: number) =>
    `Question ${question} uses answers from Question ${source}, so it must stay below it`,
  previousQnNotEligible:
    'Answers can only come from earlier relationship questions of type Search and Select or Multiple Choice',
  typeFixed: 'Page breaks and descriptive text keep their type',
  notANumber: 'Please enter a number',
  notText: 'Must be text',
  versionRequired: 'version is required',
  unknownQuestionType: 'Unknown question type',
  unknownSelectionType: 'Unknown selection type',
  notNegative: 'Must be 0 or more',
  wholeNumber: 'Must be a whole number',
  minAboveMax: 'Minimum selections cannot be more than maximum selections',
  rangeMaxNotAboveMin: 'Maximum must be greater than minimum',
  rangeDefaultOutside: 'Default value must be between minimum and maximum',
  rangeIncrementPositive: 'Increment must be greater than 0',
  additionalNamesRange: 'Enter a whole number from 1 to 100',
} as const;
