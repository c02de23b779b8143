/**
 * Separate entry (`@tieline/ui/rich-text`) so lexical (~75 kB gzip) stays out of every initial
 * chunk: apps load it with `lazy(() => import('@tieline/ui/rich-text'))`. Never re-export this
 * from `src/index.ts` (a test walks that entry's imports and fails if lexical shows up).
 */
export { RichTextEditor as default, RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
