import { defineConfig } from 'vitest/config';

// jsdom gives lexical and radix a DOM; tests live beside the code they prove (src/**/*.test.ts[x]).
export default defineConfig({
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
