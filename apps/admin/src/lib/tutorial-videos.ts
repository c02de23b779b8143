import { matchPath, useLocation } from 'react-router';
import { useBranding } from './branding';
import { useConfig } from './use-config';

/**
 * The tutorial video of the current route, for Help > Watch Tutorial (spec §2): the server's
 * TUTORIAL_VIDEOS table maps route patterns ('/surveys/:id/questions') to addresses. None when no
 * pattern matches, and never for a whitelabelled organization (its people see its brand, not ours).
 */
export function useTutorialVideo(): string | null {
  const { pathname } = useLocation();
  const config = useConfig();
  const { whitelabelled } = useBranding();
  if (!config || whitelabelled) return null;
  const match = Object.keys(config.tutorialVideos).find((pattern) => matchPath(pattern, pathname));
  return match ? (config.tutorialVideos[match] ?? null) : null;
}
