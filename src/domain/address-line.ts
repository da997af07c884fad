/**
 * A postal address has one truth in the forms: its line «Indirizzo» (`address`, «Via Nazario Sauro
 * 116»), which every reader prints (documents, certificates, the portal, imports write it). SPEC §3
 * also stores its parts — a customer registry's `street` and `streetNumber`, an address's `road`,
 * `houseNumber` and `completeAddress` — which older rows, imports and the seed fill: they are kept
 * derived from the line, never asked a second time, and read only when the line is empty.
 */

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The line from its parts («Via Nazario Sauro», «116» → «Via Nazario Sauro 116»); empty without a street. */
export function addressLine(street: unknown, number: unknown): string {
  return text(street) ? [text(street), text(number)].filter(Boolean).join(' ') : '';
}

/**
 * The parts of a line: its street and its house number, the last word when it starts with a digit
 * («Via XX Settembre 12/A» → «Via XX Settembre», «12/A»; «Piazza Duomo, 1» → «Piazza Duomo», «1»);
 * a line without one is all street. Undefined parts for an empty line.
 */
export function addressParts(line: unknown): { street?: string; number?: string } {
  const value = text(line);
  if (!value) return {};
  const match = /^(.*?)[\s,]+(\d[\w/-]*)$/.exec(value);
  return match && match[1] ? { street: match[1].replace(/,\s*$/, ''), number: match[2] } : { street: value };
}

/** An address's full line, «Via Nazario Sauro 116, 21100 Varese (VA)»; empty without its line and city. */
export function completeAddressOf(address: { address?: unknown; zipCode?: unknown; city?: unknown; province?: unknown }): string {
  const cityLine = [text(address.zipCode), text(address.city)].filter(Boolean).join(' ') + (text(address.province) ? ` (${text(address.province)})` : '');
  return [text(address.address), cityLine.trim()].filter(Boolean).join(', ');
}
