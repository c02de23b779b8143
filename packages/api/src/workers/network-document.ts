import { changeDocument, type TDocumentChange, type TDocumentChangeAnswer } from '../services/networks/document-change';
import { postResult, workerInput } from './worker-side';

// Worker process (see script-worker.ts): a change of a whole network document off the server's event
// loop (services/networks/document-change.ts). Reading, changing and writing 500,000 ties is seconds of
// CPU: two networks of 250,000 ties combined took ~3.5 s of the server's thread before.

await postResult<TDocumentChangeAnswer>(changeDocument(await workerInput<TDocumentChange>()));
