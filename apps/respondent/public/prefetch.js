// Starts a personal link's three reads while the app's script is still on its way: the welcome page
// waits on them, and on a slow phone they would otherwise start only after React's first render.
// The app takes each response once (takePrefetched in src/lib/api.ts) and fetches itself otherwise.
(() => {
  const match = /^\/responses\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(
    location.pathname,
  );
  if (!match || !window.fetch) return;
  const id = match[1];
  const paths = [`/surveys/byRandomUUID/${id}`, `/responses/${id}`, `/lists/getNecessaryByRandomUUID/${id}`];
  const started = {};
  for (const path of paths) {
    started[path] = fetch(`/api/base${path}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    // A failure is the app's to report when it takes the response; never an unhandled rejection here.
    started[path].catch(() => {});
  }
  window.__tielinePrefetch = started;
})();
