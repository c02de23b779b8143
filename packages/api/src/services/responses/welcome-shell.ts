import { eq, responses, surveys } from '@tieline/db';
import { escapeHtml, logoUrl, mergeRespondentTokens, ZRandomUUID } from '@tieline/validation';
import { surveyLogos } from '../../access/organization-logos';
import { firstNameOf } from '../../access/responses';
import { surveyImageURL } from '../../access/surveys';
import type { Deps } from '../../deps';

/** The welcome page as HTML the server sends with a personal link's page (see http/static.ts). */
export interface TWelcomeShell {
  title: string;
  body: string;
}

/**
 * The welcome page of a personal link, written into the HTML the browser receives, so a phone paints it
 * before the app's script has even arrived (the app takes over and removes it: its StepHeading calls
 * revealApp). The same markup and classes as the app's TopBar, FlowFrame and WelcomePage; its buttons
 * hold their place unseen (nothing to press before the app can act on it). Null (the
 * plain page) for anything but a collecting survey's response not started yet: a started one resumes on
 * the page it was last on, which the app decides.
 */
export async function welcomeShell(deps: Deps, randomUUID: string): Promise<TWelcomeShell | null> {
  if (!ZRandomUUID.safeParse(randomUUID).success) return null;
  const [row] = await deps.db
    .select({
      name: surveys.name,
      status: surveys.status,
      welcomeMessage: surveys.welcomeMessage,
      imageUuid: surveys.imageUuid,
      ownerId: surveys.ownerId,
      submitted: responses.submitted,
      started: responses.started,
      nodeName: responses.nodeName,
    })
    .from(responses)
    .innerJoin(surveys, eq(surveys.id, responses.surveyId))
    .where(eq(responses.randomUuid, randomUUID));
  if (row?.status !== 'Collecting' || row.submitted || row.started) return null;
  const name = escapeHtml(row.name);
  // Stored welcome messages are sanitized with the allowlist; the names are escaped so they stay text.
  const message = mergeRespondentTokens(row.welcomeMessage, {
    name: row.nodeName,
    firstName: firstNameOf(row.nodeName),
  });
  // The organization's whitelabel logo in place of the product icon, as the app's TopBar shows it.
  const logo = logoUrl((await surveyLogos(deps.db, row)).whiteLogoUUID);
  const icon = logo
    ? `<img src="${logo}" alt="Organization logo" class="h-8 w-auto max-w-40 object-contain">`
    : '<svg viewBox="0 0 32 32" class="shrink-0 size-7" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#1c5a8a"></rect><path d="M9 22 16 10l7 12M9 22h14" stroke="#fff" stroke-width="2.2" stroke-linecap="round" fill="none"></path><circle cx="16" cy="10" r="3.2" fill="#fff"></circle><circle cx="9" cy="22" r="3.2" fill="#fff"></circle><circle cx="23" cy="22" r="3.2" fill="#fff"></circle></svg>';
  const imageURL = surveyImageURL(row);
  const image = imageURL
    ? `<img src="${imageURL}" alt="" class="mx-auto mb-5 max-h-48 w-auto max-w-full rounded-md object-contain">`
    : '';
  const body = `<div class="flex min-h-dvh flex-col"><header class="border-b border-border bg-card"><div class="mx-auto flex max-w-[1400px] items-center gap-3 px-4 py-3 sm:px-6">${icon}<p class="min-w-0 flex-1 truncate font-semibold" title="${name}">${name}</p><span class="btn btn-outline h-9 px-3" style="visibility:hidden" aria-hidden="true">Support</span></div></header><main class="flex-1 px-2 py-3 sm:px-6 sm:py-8"><div role="dialog" aria-label="${name}" class="relative mx-auto w-full max-w-[1400px] rounded-lg border border-border bg-card p-4 shadow-md sm:p-10">${image}<article aria-labelledby="shell-title" class="flex flex-col gap-6"><h1 id="shell-title" tabindex="-1" class="text-2xl font-semibold tracking-tight focus:outline-none sm:text-3xl">${name}</h1>${message.trim() ? `<div class="rich-text max-w-3xl text-base">${message}</div>` : ''}<div class="flex border-t border-border pt-5 justify-end *:w-full sm:*:w-auto"><span class="btn btn-primary" style="visibility:hidden" aria-hidden="true">Continue</span></div></article></div></main></div>`;
  // A whitelabelled organization's survey is titled by its name alone, as the app titles it.
  return { title: logo ? name : `${name} · Tieline`, body };
}
