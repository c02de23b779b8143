import { changeDocument, exportDocument, type TDocumentWork } from '../services/networks/document-change';
import { postResult, workerInput } from './worker-side';

// Worker process (see script-worker.ts): work on a whole network document off the server's event loop
// (services/networks/document-change.ts). Reading, changing and writing 500,000 ties is seconds of CPU:
// two networks of 250,000 ties combined held the server's thread ~3.5 s before, an export ~2 s.

const input = await workerInput<TDocumentWork>();
await postResult(input.op === 'export' ? await exportDocument(input) : changeDocument(input));
