import type { ReactElement } from 'react';

/** Each page is its own chunk, loaded when its route is visited, so the first paint ships less JS. */
// A child route written `{ path, element: null }` is an address its page reads (a dialog it opens): null
// says it draws nothing of its own, where a missing element makes React Router warn of an empty page.
export const page = (load: () => Promise<ReactElement>) => ({ lazy: async () => ({ element: await load() }) });
