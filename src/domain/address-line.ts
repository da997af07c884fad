/**
 * A postal address has one truth in the forms: its line «Indirizzo» (`address`, «Via Nazario Sauro
 * 116»), which every reader prints (documents, certificates, the portal, imports write it). SPEC §3
 * also stores its parts — a customer registry's `street` and `streetNumber`, an address's `road`,
 * `houseNumber` and `completeAddress` — which older rows, imports and the seed fill: they are kept
 * derived from the line by every write that changes it (`addressFollowingLine`, applied by the
 * customers' write hook whoever writes: the page, the API, an import), never asked a second time,
 * and read only when the line is empty.
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

type Row = Record<string, unknown>;

/** Where an address keeps the parts of its line: a customer registry's, or an address's (SPEC §3). */
export const REGISTRY_PARTS = { street: 'street', number: 'streetNumber' } as const;
export const ADDRESS_PARTS = { street: 'road', number: 'houseNumber' } as const;
type PartNames = typeof REGISTRY_PARTS | typeof ADDRESS_PARTS;

/** The fields an address's complete line is made of. */
const COMPLETE_ADDRESS_FROM = ['address', 'zipCode', 'city', 'province'] as const;

/**
 * An address as written, with what follows from it: when its line changed, its parts become the
 * line's («Via XX Settembre 12/A» → «Via XX Settembre», «12/A»; an emptied line empties them, so an
 * old part never shows again as the line); when its line, postcode, city or province changed, a
 * stored complete address becomes theirs, unless the writer set another one itself. An address whose
 * line did not change keeps its parts as stored (an older row's, an import's).
 */
export function addressFollowingLine(next: Row, previous: Row | undefined, names: PartNames = ADDRESS_PARTS): Row {
  const result: Row = { ...next };
  if (text(next.address) !== text(previous?.address)) {
    const { street, number } = addressParts(next.address);
    result[names.street] = street?.slice(0, 200);
    result[names.number] = number?.slice(0, 20);
  }
  const completeKept = text(next.completeAddress) !== '' && text(next.completeAddress) === text(previous?.completeAddress);
  if (names === ADDRESS_PARTS && completeKept && COMPLETE_ADDRESS_FROM.some((field) => text(next[field]) !== text(previous?.[field]))) {
    const line = text(next.address) || addressLine(result.road, result.houseNumber);
    result.completeAddress = completeAddressOf({ ...next, address: line }).slice(0, 500) || undefined;
  }
  return result;
}
