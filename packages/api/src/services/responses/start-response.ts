import { and, count, eq, nodes, responses, sql, surveys, type Tx } from '@tieline/db';
import {
  brandingOf,
  emailProblem,
  normalizeDomain,
  RESPONDENT_MSG,
  type TStartPage,
  type TStartResult,
} from '@tieline/validation';
import { surveyLogos } from '../../access/organization-logos';
import { refuseUnlessCollecting } from '../../access/responses';
import { respondentListOf, type SurveyRow, surveyImageURL } from '../../access/surveys';
import type { Caller } from '../../auth/actor';
import { enforce, hit, LIMITS } from '../../auth/rate-limit';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { surveyAccount } from '../../jobs/accounts';
import { enqueue } from '../../jobs/queue';
import { personalLink } from '../../mail/links';
import { personalLinkMail } from '../../mail/templates';

const linkOff = () => new AppError('NOT_FOUND', RESPONDENT_MSG.linkOff);

/** GET responses/start/{surveyId}: what the single-link start page asks for. */
export async function startPage(deps: Deps, _caller: Caller, input: { surveyId: string }): Promise<TStartPage> {
  const survey = await deps.db.query.surveys.findFirst({ where: (s, { eq }) => eq(s.id, input.surveyId) });
  if (!survey?.hasOpenLink) throw linkOff();
  return {
    _id: survey.id,
    name: survey.name,
    status: survey.status,
    hasOpenLink: survey.hasOpenLink,
    requireSignUp: survey.requireSignUp,
    identifyingInformation: survey.identifyingInformation,
    nameAutocompletion: survey.nameAutocompletion,
    respondentList: await respondentListOf(deps.db, survey.id),
    permittedDomains: survey.permittedDomains.map((d) => d.name),
    logoURL: surveyImageURL(survey),
    ...brandingOf(await surveyLogos(deps.db, survey)),
  };
}

/**
 * POST responses/start/{surveyId}: a respondent starts through the single link (spec §7). Without
 * identification each start is a new response (within the respondent limit) and answers its
 * randomUUID. With identification the caller is only who they say they are, and a personal link is a
 * bearer secret, so a person's existing link is never answered: a chosen respondent-list name (name
 * autocompletion) or a matching value of another identifying column mails the person's link to the
 * address on the list (which the answer does not reveal), and a typed email gets the link of that
 * address (listed, started earlier, or new) mailed to it. A listed person without an address is told
 * to ask the survey owner. See docs/single-link-identification.md. The survey row is locked, so starts
 * at the limit are counted one at a time: exactly one wins the last place.
 */
export async function startResponse(
  deps: Deps,
  caller: Caller,
  input: { surveyId: string; identifier?: string | undefined; nodeId?: string | undefined },
): Promise<TStartResult> {
  return deps.db.transaction(async (tx) => {
    const [survey] = await tx.select().from(surveys).where(eq(surveys.id, input.surveyId)).for('update');
    if (!survey?.hasOpenLink) throw linkOff();
    refuseUnlessCollecting(survey);
    if (!survey.requireSignUp) return { randomUUID: (await newLinkResponse(tx, survey, null)).uuid };
    const listId = await respondentListOf(tx, survey.id);
    const column = survey.identifyingInformation;

    if (survey.nameAutocompletion) {
      if (!input.nodeId) throw new AppError('BAD_REQUEST', RESPONDENT_MSG.identifierRequired);
      const [node] = listId
        ? await tx
            .select()
            .from(nodes)
            .where(and(eq(nodes.id, input.nodeId), eq(nodes.listId, listId)))
        : [];
      if (!node) throw new AppError('NOT_FOUND', RESPONDENT_MSG.notInList);
      return mailListedLink(deps, tx, caller, survey, node);
    }

    const identifier = input.identifier?.trim() ?? '';
    if (identifier === '') throw new AppError('BAD_REQUEST', RESPONDENT_MSG.identifierRequired);
    if (column === 'email') {
      const problem = emailProblem(identifier);
      if (problem) throw new AppError('BAD_REQUEST', problem);
      const email = identifier.toLowerCase();
      const domains = survey.permittedDomains.map((d) => normalizeDomain(d.name));
      if (domains.length > 0 && !domains.includes(email.slice(email.lastIndexOf('@') + 1)))
        throw new AppError('FORBIDDEN', RESPONDENT_MSG.domainNotPermitted);
      const [node] = listId
        ? await tx
            .select()
            .from(nodes)
            .where(and(eq(nodes.listId, listId), sql`lower(${nodes.email}) = ${email}`))
        : [];
      const link = node
        ? await responseOfNode(tx, survey.id, node)
        : ((await responseByEmail(tx, survey.id, email)) ?? (await newLinkResponse(tx, survey, email)));
      await mailLink(deps, tx, caller, { to: email, surveyId: survey.id, surveyName: survey.name, link });
      // The address typed is echoed: it tells the caller nothing they did not say.
      return { emailSent: true as const, email };
    }

    // Any other column: the respondent-list person whose cell (or name) equals the value, any case.
    const value = identifier.toLowerCase();
    const match =
      column === 'name'
        ? sql`lower(${nodes.name}) = ${value}`
        : sql`exists (select 1 from jsonb_each(${nodes.attributes}) a where lower(a.key) = ${column} and lower(a.value->>'text') = ${value})`;
    const [node] = listId
      ? await tx
          .select()
          .from(nodes)
          .where(and(eq(nodes.listId, listId), match))
          .limit(1)
      : [];
    if (!node) throw new AppError('NOT_FOUND', RESPONDENT_MSG.notInList);
    return mailListedLink(deps, tx, caller, survey, node);
  });
}

type NodeRow = typeof nodes.$inferSelect;
/** A personal link: its row id (what limits are keyed by) and its randomUUID (the secret). */
type Link = { id: string; uuid: string };
const LINK = { id: responses.id, uuid: responses.randomUuid };

/**
 * A listed person identified by name or another column: anyone can type those, so their link goes to
 * the address on the list and the answer names no address. Without one, only the owner can hand it over.
 */
async function mailListedLink(deps: Deps, tx: Tx, caller: Caller, survey: SurveyRow, node: NodeRow) {
  if (!node.email) throw new AppError('FORBIDDEN', RESPONDENT_MSG.noAddressOnList);
  const link = await responseOfNode(tx, survey.id, node);
  await mailLink(deps, tx, caller, { to: node.email, surveyId: survey.id, surveyName: survey.name, link });
  return { emailSent: true as const, email: null };
}

/**
 * Queues the link's mail (the mail job), within the limits: past the client address's limit a 429 (it
 * counts the caller's own starts, so it tells nothing about anyone listed); past the person's limit
 * nothing is sent and the caller gets the same email-sent answer, so that limit is no oracle either.
 * Counted in the start's transaction: a refused start leaves no response and no count behind.
 */
async function mailLink(
  deps: Deps,
  tx: Tx,
  caller: Caller,
  mail: { to: string; surveyId: string; surveyName: string; link: Link },
) {
  await enforce(tx, `link-mail:ip:${caller.ip}`, LIMITS.linkMailsPerAddress, RESPONDENT_MSG.tooManyLinkMails);
  const person = await hit(tx, `link-mail:response:${mail.link.id}`, LIMITS.linkMailsPerPerson);
  if (person.count > LIMITS.linkMailsPerPerson.max) return;
  await enqueue(tx, 'email', personalLinkMail(mail.to, mail.surveyName, personalLink(deps.publicUrl, mail.link.uuid)), {
    account: surveyAccount(mail.surveyId),
  });
}

/** The response of a respondent-list person (matched as uploads match them: email, else name). */
async function responseOfNode(tx: Tx, surveyId: string, node: NodeRow): Promise<Link> {
  const match = node.email
    ? sql`lower(${responses.nodeEmail}) = ${node.email.toLowerCase()}`
    : and(eq(responses.nodeName, node.name), sql`${responses.nodeEmail} is null`);
  const [found] = await tx
    .select(LINK)
    .from(responses)
    .where(and(eq(responses.surveyId, surveyId), match))
    .limit(1);
  if (found) return found;
  const [row] = await tx
    .insert(responses)
    .values({ surveyId, nodeName: node.name, nodeEmail: node.email, status: 'Not Started' })
    .returning(LINK);
  return row!;
}

async function responseByEmail(tx: Tx, surveyId: string, email: string): Promise<Link | null> {
  const [found] = await tx
    .select(LINK)
    .from(responses)
    .where(and(eq(responses.surveyId, surveyId), sql`lower(${responses.nodeEmail}) = ${email}`))
    .limit(1);
  return found ?? null;
}

/** A new response made by the link, within the respondent limit (the caller holds the survey row lock). */
async function newLinkResponse(tx: Tx, survey: SurveyRow, email: string | null): Promise<Link> {
  const [made] = await tx
    .select({ n: count() })
    .from(responses)
    .where(and(eq(responses.surveyId, survey.id), eq(responses.viaLink, true)));
  const n = made?.n ?? 0;
  if (survey.respondentLimit !== null && n >= survey.respondentLimit)
    throw new AppError('FORBIDDEN', RESPONDENT_MSG.limitReached);
  const [row] = await tx
    .insert(responses)
    .values({
      surveyId: survey.id,
      nodeName: email ?? `Respondent ${n + 1}`,
      nodeEmail: email,
      status: 'Not Started',
      viaLink: true,
    })
    .returning(LINK);
  return row!;
}
