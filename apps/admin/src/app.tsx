import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@tieline/ui';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { startAnalytics } from './lib/analytics';
import { createQueryClient, createTrpcClient, TRPCProvider } from './lib/trpc';
import { useConfig } from './lib/use-config';
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
  const config = useConfig();
  useEffect(() => {
    if (config) startAnalytics(config);
  }, [config]);
  return null;
}
