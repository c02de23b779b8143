// Lists your surveys, saves the demo survey's responses as Excel and uploads a small network.
// Run: TIELINE_URL=http://localhost:3000 TIELINE_API_KEY=tl_... pnpm --filter @tieline/client quickstart
import { writeFile } from 'node:fs/promises';
import { createTielineClient, TielineRestError } from '@tieline/client';

const url = process.env.TIELINE_URL ?? 'http://localhost:3000';
const apiKey = process.env.TIELINE_API_KEY;
if (!apiKey) {
  console.error('Set TIELINE_API_KEY to a key made in Settings > API access.');
  process.exit(1);
}
const tieline = createTielineClient({ url, apiKey });

try {
  const me = await tieline.users.me.query();
  console.log(`Signed in as ${me.userLogin.name}`);

  const surveys = await tieline.surveys.list.query({});
  for (const s of surveys) console.log(`Survey: ${s.name} (${s.status}, ${s.responseCount} responses)`);

  const survey = surveys.find((s) => s.name.endsWith('(demo)')) ?? surveys[0];
  if (survey) {
    const xlsx = await tieline.rest.downloadResponses(survey._id);
    await writeFile('responses.xlsx', xlsx);
    console.log(`Saved ${xlsx.byteLength} bytes of responses to responses.xlsx`);
  }

  const network = {
    nodes: [{ name: 'Ada' }, { name: 'Grace' }, { name: 'Linus' }],
    edges: [
      { source: 'Ada', target: 'Grace' },
      { source: 'Grace', target: 'Linus' },
    ],
  };
  const uploaded = await tieline.rest.uploadNetwork({
    name: 'From a script',
    fileType: 'json',
    directed: true,
    file: new TextEncoder().encode(JSON.stringify(network)),
  });
  console.log(`Uploaded network "${uploaded.name}": ${uploaded.nodeCount} people, ${uploaded.edgeCount} ties`);
} catch (error) {
  // tRPC and REST refusals both carry the server's message (e.g. 'Please sign in to continue').
  const status = error instanceof TielineRestError ? ` (${error.status})` : '';
  console.error(`Refused${status}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
