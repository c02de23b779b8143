import { useEffect } from 'react';

/**
 * Shows `href` as the page's icon while set (a whitelabelled organization's favicon), and puts back the
 * icon index.html names when it is cleared.
 */
export function useFavicon(href: string | null): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link || !href) return;
    const original = { href: link.getAttribute('href'), type: link.getAttribute('type') };
    link.href = href;
    // The stored logo is a PNG or JPEG; a wrong type hint makes browsers skip the icon.
    link.removeAttribute('type');
    return () => {
      if (original.href) link.setAttribute('href', original.href);
      if (original.type) link.setAttribute('type', original.type);
    };
  }, [href]);
}
