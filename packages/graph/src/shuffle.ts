/**
 * One Fisher-Yates pass, in place, from the end: for k = length - 1 down to 1, swap items k and
 * j = floor(random() · (k + 1)). The permutation tests (QAP, E-I) shuffle on from the last pass with one
 * seeded generator, which docs/analysis.md spells out so a p can be reproduced exactly.
 */
export function shuffle(items: Int32Array, random: () => number): void {
  for (let k = items.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    const x = items[k]!;
    items[k] = items[j]!;
    items[j] = x;
  }
}
