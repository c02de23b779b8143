import Bowser from 'bowser';

/**
 * A user agent as support staff read it: "Chrome 130 on Linux", "Safari 17 on iOS (mobile)". Bowser
 * (MIT, small) rather than ua-parser-js, whose 2.x is AGPL. Unknown or empty agents are said plainly.
 */
export function clientSummary(userAgent: string): string {
  if (userAgent.trim() === '') return 'Unknown client';
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : '';
  const where = os.name ? `${name ? ' on ' : ''}${os.name}` : '';
  const device = platform.type === 'mobile' || platform.type === 'tablet' ? ` (${platform.type})` : '';
  const summary = `${name}${where}${device}`;
  return summary || userAgent.slice(0, 60);
}
