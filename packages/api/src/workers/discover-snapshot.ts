import type { TNetworkData } from '@tieline/graph';
import { documentSnapshot } from '../services/discover/snapshot';
import { postResult, workerInput } from './worker-side';

// Worker process (see script-worker.ts): a large network's Discover snapshot off the server's event loop
// (services/discover/publish.ts): reading the document, removing addresses and drawing the thumbnail is
// seconds of CPU for 500,000 ties. Its input is the document as stored.

const json = await workerInput<string>();
await postResult(documentSnapshot(JSON.parse(json) as TNetworkData, json));
