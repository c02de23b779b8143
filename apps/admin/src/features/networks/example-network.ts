// The example network offered on an empty list: 18 people in three teams with advice and
// collaboration ties, written in the JSON upload format so it goes through the same server rules as
// any file. Deterministic, so everyone's example looks the same.

const TEAMS = ['Research', 'Product', 'Operations'] as const;
const PEOPLE = [
  'Ada Brooks',
  'Ben Okafor',
  'Chloe Martin',
  'Dev Patel',
  'Elena Rossi',
  'Femi Adeyemi',
  'Grace Kim',
  'Hugo Silva',
  'Iris Novak',
  'Jonas Berg',
  'Kira Tanaka',
  'Liam Walsh',
  'Maya Cohen',
  'Nico Alvarez',
  'Omar Haddad',
  'Priya Nair',
  'Quinn Murphy',
  'Rosa Lindqvist',
];

/** Ties within a team are dense, across teams sparse; a few people bridge the teams. */
export function exampleNetworkJson(): string {
  const team = (i: number) => TEAMS[i % TEAMS.length] ?? TEAMS[0];
  const edges: { source: string; target: string; type: string; weight: number }[] = [];
  PEOPLE.forEach((source, s) => {
    PEOPLE.forEach((target, t) => {
      if (s === t) return;
      const same = s % TEAMS.length === t % TEAMS.length;
      const bridge = s < 3 && t >= 3 && t < 6;
      if ((same && (s * 7 + t * 3) % 5 < 2) || bridge) edges.push({ source, target, type: 'Advice', weight: 1 });
      if ((same && (s * t) % 4 === 1) || (!same && (s + t) % 11 === 0)) {
        edges.push({ source, target, type: 'Collaboration', weight: 1 + ((s + t) % 5) });
      }
    });
  });
  return JSON.stringify({
    layers: ['Advice', 'Collaboration'],
    nodeAttributes: [{ key: 'Team', type: 'category' }],
    nodes: PEOPLE.map((name, i) => ({ name, attributes: { Team: team(i) } })),
    edges,
  });
}
