import { useEffect } from 'react';

/** Sets the tab title as "{title} · Tieline" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Tieline` : 'Tieline';
  }, [title]);
}
