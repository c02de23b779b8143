import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_NAMES,
  addedNamesProblem,
  newQuestion,
  questionProblem,
  RESPONDENT_MSG,
  SURVEY_MSG,
  withQuestionDefaults,
  ZQuestionChanges,
} from '../src/index';

// Issue 21 item 4: the cap on names one response adds through a question, one rule for the builder,
// the server and the respondent app.

const q = (over = {}) => ({
  ...newQuestion('searchAndSelect', () => 'q1', 'list'),
  text: '<p>Who?</p>',
  allowAdditionalNames: true,
  ...over,
});

describe('maximumAdditionalNames', () => {
  it('defaults to 10 on new questions and on stored questions that lack it', () => {
    expect(q().maximumAdditionalNames).toBe(10);
    const { maximumAdditionalNames: _gone, ...stored } = q();
    expect(withQuestionDefaults(stored).maximumAdditionalNames).toBe(ADDITIONAL_NAMES.default);
    expect(withQuestionDefaults(q({ maximumAdditionalNames: 3 })).maximumAdditionalNames).toBe(3);
  });

  it('is a whole number from 1 to 100 in the builder and on the server', () => {
    for (const bad of [0, 101, 1.5, Number.NaN]) {
      expect(questionProblem([q({ maximumAdditionalNames: bad })], 0)).toEqual({
        field: 'maximumAdditionalNames',
        message: SURVEY_MSG.additionalNamesRange,
      });
      const parsed = ZQuestionChanges.safeParse({ maximumAdditionalNames: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(SURVEY_MSG.additionalNamesRange);
    }
    for (const good of [1, 10, 100]) {
      expect(questionProblem([q({ maximumAdditionalNames: good })], 0)).toBeNull();
      expect(ZQuestionChanges.safeParse({ maximumAdditionalNames: good }).success).toBe(true);
    }
  });

  it('refuses one more name once the count reaches the cap', () => {
    expect(addedNamesProblem(q(), 9)).toBeNull();
    expect(addedNamesProblem(q(), 10)).toBe(RESPONDENT_MSG.addLimitReached(10));
    expect(addedNamesProblem(q({ maximumAdditionalNames: 1 }), 1)).toBe('You can add at most 1 name to this question');
  });
});
