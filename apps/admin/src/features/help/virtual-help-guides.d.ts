// The setup guides rendered from docs/ at build time (vite-help-guides.ts).
declare module 'virtual:help-guides' {
  export const GUIDES: Record<string, { title: string; html: string }>;
}
