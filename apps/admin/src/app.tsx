import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@tieline/ui';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { startAnalytics } from './lib/analytics';
import { useLoadConfig } from './lib/config-cache';
import { createQueryClient, createTrpcClient, TRPCProvider } from './lib/trpc';
import { router } from './routes/router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <AnalyticsStart />
        <RouterProvider router={router} />
        <Toaster />
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** Starts analytics once the configuration says there is a key (lib/analytics.ts). */
function AnalyticsStart() {
  const loadConfig = useLoadConfig();
  useEffect(() => {
    loadConfig().then(startAnalytics, () => {
      // Without the configuration the app shows its own error states; analytics simply stays off.
    });
  }, [loadConfig]);
  return null;
}
