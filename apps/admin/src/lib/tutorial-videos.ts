import type { TConfig } from '@tieline/validation';
import { matchPath, useLocation } from 'react-router';
import { useBranding } from './branding';
import { useConfig } from './use-config';

/**
 * The tutorial video for `pathname` in the server's TUTORIAL_VIDEOS table (route pattern -> address,
 * e.g. '/surveys/:id/questions'); the first matching pattern wins.
 */
export function tutorialFor(table: TConfig['tutorialVideos'], pathname: string): string | null {
  const match = Object.keys(table).find((pattern) => matchPath(pattern, pathname));
  return match ? (table[match] ?? null) : null;
}

/**
 * The current route's tutorial video, for Help > Watch Tutorial (spec §2). Never for a whitelabelled
 * organization: its people see its brand, not ours.
 */
export function useTutorialVideo(): string | null {
  const { pathname } = useLocation();
  const config = useConfig();
  const { whitelabelled } = useBranding();
  return !config || whitelabelled ? null : tutorialFor(config.tutorialVideos, pathname);
}
