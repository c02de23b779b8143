import type { TConfig } from '@tieline/validation';
import type { createAnalyticsClient } from './analytics-client';

/** The key events the admin app reports (issue 12); page views are reported on every navigation. */
export type TAnalyticsEvent = 'signed up' | 'survey created' | 'survey sent' | 'network created';

type Client = NonNullable<ReturnType<typeof createAnalyticsClient>>;
let client: Promise<Client | undefined> | null = null;

/**
 * Starts analytics when the server has a key (ANALYTICS_KEY): the client library is imported then and
 * only then, so without a key nothing is downloaded and nothing is sent. Feature flags arrive with the
 * library's start. The respondent app never imports this file: respondents are never tracked.
 */
export function startAnalytics(config: Pick<TConfig, 'analyticsKey' | 'analyticsHost'>): void {
  if (client || !config.analyticsKey) return;
  client = import('./analytics-client').then(
    (m) => m.createAnalyticsClient(config.analyticsKey, config.analyticsHost),
    // A blocked or failed download leaves the app working, just unmeasured.
    () => undefined,
  );
}

function withClient(use: (c: Client) => void): void {
  void client?.then((c) => c && use(c));
}

export const trackEvent = (event: TAnalyticsEvent) => withClient((c) => c.capture(event));

/** Ties later events to the signed-in user by id only (no name or address leaves for analytics). */
export const identifyUser = (userId: string) => withClient((c) => c.identify(userId));

/** Forgets the signed-out user, so the next person on this browser is not counted as them. */
export const resetAnalytics = () => withClient((c) => c.reset());
