import { nameKey, type TAttributeValue, type TNetworkData } from '@tieline/graph';

// Discover never holds an email address: a published snapshot is read and copied by every tenant. A
// query's network names people who share a display name "Ann Archer (ann@contoso.com)", and uploads or
// surveys may carry addresses as names or attributes. Applied to every publication, passive or not.

/** An address as people write them; loose on purpose (a false positive only costs a name its suffix). */
const EMAIL = /[^\s()<>@,;:"[\]]+@[^\s()<>@,;:"[\]]+\.[^\s()<>@,;:"[\]]+/;
const EMAIL_G = new RegExp(EMAIL.source, 'g');
/** " (ann@contoso.com)": the disambiguating suffix nodeNames adds, with what else is in the brackets. */
const BRACKETED = new RegExp(`\\s*\\([^()]*${EMAIL.source}[^()]*\\)`, 'g');

export const holdsEmail = (text: string): boolean => EMAIL.test(text);

/** The name without addresses; a name that was only an address becomes "Person <n>". */
function cleanName(name: string, n: number): string {
  const cleaned = name.replace(BRACKETED, '').replace(EMAIL_G, '').replace(/\s+/g, ' ').trim();
  return cleaned || `Person ${n}`;
}

const cleanValue = (v: TAttributeValue): TAttributeValue => (typeof v === 'string' && holdsEmail(v) ? null : v);

const cleanAttributes = (attributes: Record<string, TAttributeValue>) =>
  Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, cleanValue(v)]));

/**
 * The document without addresses: names lose them (names that then clash get " (2)", " (3)", as
 * nodeNames does), attribute values holding one become blank. The document is returned unchanged (the
 * same object) when it holds none, so the stored JSON text can be reused.
 */
export function withoutEmails(data: TNetworkData): TNetworkData {
  const dirty =
    data.nodes.some((n) => holdsEmail(n.name) || Object.values(n.attributes).some((v) => cleanValue(v) !== v)) ||
    data.edges.some((e) => Object.values(e.attributes).some((v) => cleanValue(v) !== v));
  if (!dirty) return data;
  const used = new Set<string>();
  const nodes = data.nodes.map((node, i) => {
    const base = holdsEmail(node.name) ? cleanName(node.name, i + 1) : node.name;
    let name = base;
    for (let k = 2; used.has(nameKey(name)); k++) name = `${base} (${k})`;
    used.add(nameKey(name));
    return { name, attributes: cleanAttributes(node.attributes) };
  });
  const edges = data.edges.map((e) => ({ ...e, attributes: cleanAttributes(e.attributes) }));
  return { ...data, nodes, edges };
}

/** Saved views that mention an address (a selected or filtered person by name) are left out. */
export const viewsWithoutEmails = <T extends { state: string }>(views: readonly T[]): T[] =>
  views.filter((v) => !holdsEmail(v.state));
