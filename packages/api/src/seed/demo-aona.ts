import { aonaResults, type Db } from '@tieline/db';
import {
  adaptableReadiness,
  cfi,
  informalAlignment,
  informalDistance,
  type TNetworkData,
  withCfiAttribute,
} from '@tieline/graph';
import type { TAonaAnalysis, TAonaInputs } from '@tieline/validation';
import { documentOf, insertNetwork, saveVersion } from '../network-store/store-network';
import { demoOrganizationNetwork } from './demo-networks';

// The demo organization's AONA: its reporting lines (a formal network of the same 60 people as the
// advice network), the advice network with an Energy layer, and one saved result of each analysis,
// computed as the analyses compute them, so a new user sees the module working at once.

const DEPARTMENTS = 5;

/** The org chart: person 0 leads; the first person of each department heads it; two teams per department. */
export function demoReportingLines(): TNetworkData {
  const people = demoOrganizationNetwork().nodes;
  const titles: string[] = people.map(() => 'Member');
  const edges: TNetworkData['edges'] = [];
  const reports = (source: number, target: number) =>
    edges.push({ source, target, layer: 0, weight: 1, attributes: {} });
  titles[0] = 'Chief executive';
  for (let d = 0; d < DEPARTMENTS; d++) {
    const members = people.map((_, i) => i).filter((i) => i % DEPARTMENTS === d && i !== 0);
    const [head, ...rest] = members;
    titles[head!] = 'Head of department';
    reports(head!, 0);
    const half = Math.ceil(rest.length / 2);
    for (const team of [rest.slice(0, half), rest.slice(half)]) {
      const [lead, ...crew] = team;
      titles[lead!] = 'Team lead';
      reports(lead!, head!);
      for (const m of crew) reports(m, lead!);
    }
  }
  return {
    directed: true,
    layers: ['Reports to'],
    nodeAttributes: [
      { key: 'Department', type: 'category' },
      { key: 'Title', type: 'category' },
    ],
    edgeAttributes: [],
    nodes: people.map((p, i) => ({
      name: p.name,
      attributes: { Department: p.attributes.Department!, Title: titles[i]! },
    })),
    edges,
  };
}

/** The advice network with a third layer, Energy: who energizes whom (a few people energize many). */
function adviceWithEnergy(): TNetworkData {
  const data = demoOrganizationNetwork();
  const n = data.nodes.length;
  const edges = [...data.edges];
  for (let s = 0; s < n; s++) {
    for (const t of [(s * 7 + 3) % n, (s * 11 + 5) % 12, 17]) {
      if (t !== s) edges.push({ source: s, target: t, layer: 2, weight: 1, attributes: {} });
    }
  }
  return { ...data, layers: [...data.layers, 'Energy'], edges };
}

export async function seedDemoAona(db: Db, ownerId: string) {
  const formalData = demoReportingLines();
  const adviceData = adviceWithEnergy();
  const formal = await insertNetwork(db, {
    ownerId,
    name: 'Acme reporting lines (demo)',
    description: 'The formal organization: who reports to whom among the 60 people of Acme.',
    document: documentOf(formalData),
  });
  const advice = await insertNetwork(db, {
    ownerId,
    name: 'Acme advice and energy (demo)',
    description: 'Who the 60 people of Acme ask for advice, work with and get energy from.',
    document: documentOf(adviceData),
  });
  const ref = (role: string, row: { id: string; name: string }) => ({ role, id: row.id, name: row.name });
  const save = (analysis: TAonaAnalysis, inputs: TAonaInputs, result: object) =>
    db.insert(aonaResults).values({ ownerId, analysis, inputs, result: JSON.stringify(result) });
  const pair = { networks: [ref('formal', formal), ref('informal', advice)] };
  await save('informalAlignment', pair, informalAlignment(formalData, adviceData));
  await save('informalDistance', pair, informalDistance(formalData, adviceData));

  const changed = await saveVersion(
    db,
    advice.id,
    advice.version,
    documentOf(withCfiAttribute(adviceData, 'Department')),
  );
  await save(
    'CFI',
    { networks: [ref('network', advice)], attribute: 'Department' },
    { ...cfi(adviceData, 'Department'), networkVersion: changed.dataVersion, attributeWritten: true },
  );

  const sources = [
    { name: formal.name, data: formalData },
    { name: advice.name, data: adviceData },
  ];
  const { network, ...readiness } = adaptableReadiness(sources);
  const made = await insertNetwork(db, {
    ownerId,
    name: 'Acme adaptable readiness (demo)',
    description: `Adaptable readiness of ${formal.name}, ${advice.name}`,
    document: documentOf(network),
  });
  await save(
    'adaptableReadiness',
    {
      networks: sources.map((s, i) => ref('source', { id: [formal.id, advice.id][i]!, name: s.name })),
      createdNetworkName: made.name,
    },
    { networkId: made.id, ...readiness },
  );
}
