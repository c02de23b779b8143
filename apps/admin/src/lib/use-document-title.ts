import { isWhitelabelled } from '@tieline/validation';
import { useEffect } from 'react';
import { useCachedConfig } from './config-cache';

/**
 * Sets the tab title as "{title} · Tieline" while the page is shown; a whitelabelled organization's
 * people see "{title}" alone (spec §1: whitelabel titles), as its favicon stands for the brand.
 */
export function useDocumentTitle(title: string): void {
  const whitelabelled = isWhitelabelled(useCachedConfig()?.logos);
  useEffect(() => {
    document.title = whitelabelled ? title : title ? `${title} · Tieline` : 'Tieline';
  }, [title, whitelabelled]);
}
