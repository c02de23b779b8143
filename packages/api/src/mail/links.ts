/** A respondent's personal link (spec §2 respondent pages). */
export const personalLink = (publicUrl: string, randomUUID: string) => `${publicUrl}/responses/${randomUUID}`;

/** A test email's link: the survey as respondents see it, saving nothing. */
export const testLink = (publicUrl: string, testEmailId: string) => `${publicUrl}/responses/test/${testEmailId}`;

/** Where a respondent stops the survey's emails (also the List-Unsubscribe one-click address). */
export const optOutUrl = (publicUrl: string, randomUUID: string) =>
  `${publicUrl}/api/base/responses/optOut/${randomUUID}`;
