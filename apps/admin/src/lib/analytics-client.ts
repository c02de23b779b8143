import posthog from 'posthog-js';

/**
 * The analytics service's own client (PostHog), in a chunk of its own: lib/analytics.ts imports this
 * file only when a key is configured, so without one the library is never downloaded.
 */
export function createAnalyticsClient(key: string, host: string) {
  return posthog.init(key, {
    api_host: host,
    // Page views on every client-side navigation, the first page included.
    capture_pageview: 'history_change',
    capture_pageleave: false,
    // Only the key events we send ourselves: no click capture, recordings, surveys or injected scripts
    // (which the Content-Security-Policy would refuse anyway).
    autocapture: false,
    rageclick: false,
    capture_dead_clicks: false,
    capture_exceptions: false,
    capture_heatmaps: false,
    capture_performance: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    persistence: 'localStorage',
  });
}
