/**
 * The server may send a personal link's page with its welcome page already painted (`#welcome-shell`,
 * packages/api services/responses/welcome-shell.ts) and the app's root hidden. The app takes over the
 * first time it shows a step of its own: the shell goes and the root appears, in one frame.
 */
export function revealApp(): void {
  document.getElementById('welcome-shell')?.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}
