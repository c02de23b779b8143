import { type Db, eq, organizations, type Tx, users } from '@tieline/db';
import { BILLING_MSG, MSG, type TRespondentCredits, uploadErrorPayload } from '@tieline/validation';
import { requireSurvey, type SurveyRow } from '../../access/surveys';
import type { SignedInCaller } from '../../auth/actor';
import { accountOf, creditBalance, spendCredits } from '../../credits/ledger';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { refusal } from './upload-error';

// Respondent credits pay for respondents: each person a respondent list upload gives a new personal
// link costs one credit of the survey owner's account (their organization's, else their own). People
// already linked cost nothing again; respondents who add themselves or others (single link, snowball)
// cost nothing.

async function ownerAccount(db: Db | Tx, survey: Pick<SurveyRow, 'ownerId'>) {
  const [owner] = await db
    .select({ userId: users.id, organizationId: users.organizationId, organizationName: organizations.name })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, survey.ownerId));
  if (!owner) throw new AppError('NOT_FOUND', MSG.surveyNotFound);
  return owner;
}

/**
 * Takes one credit per new respondent inside the upload's transaction, or refuses the upload (400,
 * nothing stored) when the balance is short. Answers the credits used.
 */
export async function chargeNewRespondents(
  tx: Tx,
  caller: SignedInCaller,
  survey: Pick<SurveyRow, 'ownerId' | 'name'>,
  newRespondents: number,
): Promise<number> {
  if (newRespondents === 0) return 0;
  const owner = await ownerAccount(tx, survey);
  const spent = await spendCredits(tx, accountOf(owner), newRespondents, {
    note: `Respondent List of ${survey.name}`,
    actorUserId: caller.actor.userId,
  });
  if (!spent.ok) {
    const message = BILLING_MSG.notEnoughCredits(newRespondents, spent.balance, owner.organizationId !== null);
    throw refusal(uploadErrorPayload('billing', message, { billingAndDeletionResult: [message] }));
  }
  return newRespondents;
}

/** The balance a respondent list upload of this survey spends from (another tenant's survey: 404). */
export async function respondentCredits(
  deps: Deps,
  caller: SignedInCaller,
  input: { surveyId: string },
): Promise<TRespondentCredits> {
  const survey = await requireSurvey(deps.db, caller.actor, input.surveyId);
  const owner = await ownerAccount(deps.db, survey);
  return {
    credits: await creditBalance(deps.db, accountOf(owner)),
    organization: owner.organizationId ? { _id: owner.organizationId, name: owner.organizationName ?? '' } : null,
  };
}
