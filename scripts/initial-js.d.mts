export function initialFiles(dist: string, ext: string): string[];
export function initialJs(dist: string): {
  initialFiles: number;
  initialGzipKb: number;
  servedBrotliKb: number;
  servedGzipKb: number;
  rawKb: number;
  cssServedBrotliKb: number;
  totalChunks: number;
};
export const INITIAL_JS_BUDGET_KB: { admin: number; respondent: number };
