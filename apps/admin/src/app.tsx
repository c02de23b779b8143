import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@tieline/ui';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient, createTrpcClient, TRPCProvider } from './lib/trpc';
import { router } from './routes/router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
