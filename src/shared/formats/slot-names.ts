// Layer: shared (pure TS). Canonical slot names (docs/reference/formats.md,
// "Normalisation"): every loader maps its own spelling to one `domain-slot`
// string, so gold from one file meets predictions from another. For MultiWOZ
// domains the canonical spelling is TRADE's: `hotel-book day`,
// `hotel-pricerange`, `train-leaveat`, `train-arriveby`. SGD service slots are
// kept as the schema spells them (lower-cased service, e.g. `hotels_1-number_of_beds`).
// A one-to-one rename changes no number.

export const MULTIWOZ_DOMAINS: ReadonlySet<string> = new Set([
  'attraction',
  'hotel',
  'restaurant',
  'taxi',
  'train',
  'hospital',
  'police',
  'bus',
]);

/** The 30 slots TRADE, SOM-DST, FGA and GCA score on MultiWOZ 2.x (K = 30). */
export const MULTIWOZ_SLOTS: readonly string[] = [
  'attraction-area', 'attraction-name', 'attraction-type',
  'hotel-area', 'hotel-book day', 'hotel-book people', 'hotel-book stay', 'hotel-internet', 'hotel-name', 'hotel-parking', 'hotel-pricerange', 'hotel-stars', 'hotel-type',
  'restaurant-area', 'restaurant-book day', 'restaurant-book people', 'restaurant-book time', 'restaurant-food', 'restaurant-name', 'restaurant-pricerange',
  'taxi-arriveby', 'taxi-departure', 'taxi-destination', 'taxi-leaveat',
  'train-arriveby', 'train-book people', 'train-day', 'train-departure', 'train-destination', 'train-leaveat',
]; // prettier-ignore

/** Spellings seen in MultiWOZ 2.1/2.2, TripPy, ConvLab-3 and mwzeval, after lower-casing and `_` → space. */
const ALIASES: Record<string, string> = {
  'price range': 'pricerange',
  price: 'pricerange',
  'leave at': 'leaveat',
  leave: 'leaveat',
  'arrive by': 'arriveby',
  arrive: 'arriveby',
  bookday: 'book day',
  bookpeople: 'book people',
  bookstay: 'book stay',
  booktime: 'book time',
  people: 'book people',
  stay: 'book stay',
  time: 'book time',
  dest: 'destination',
  depart: 'departure',
};

function squash(s: string): string {
  return s.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A MultiWOZ slot name without its domain, in the canonical spelling: `book_stay`, `BookStay` → `book stay`; `semi_area` → `area`. */
export function canonicalSlotPart(slot: string): string {
  let s = squash(slot.replace(/_/g, ' '));
  if (s.startsWith('semi ')) s = s.slice(5);
  return Object.hasOwn(ALIASES, s) ? ALIASES[s] : s;
}

/** Canonical `domain-slot` for a domain (or SGD service) and a slot name as some file spells them. */
export function canonicalSlot(domain: string, slot: string): string {
  const d = squash(domain);
  if (!MULTIWOZ_DOMAINS.has(d)) return `${d}-${squash(slot)}`;
  let s = canonicalSlotPart(slot);
  // "day" is a booking slot for hotels and restaurants but the travel day for trains.
  if (s === 'day' && (d === 'hotel' || d === 'restaurant')) s = 'book day';
  if (s === 'book day' && d === 'train') s = 'day';
  return `${d}-${s}`;
}

/** Canonical form of a flat `domain-slot` name (split at the first '-'). */
export function canonicalFlatSlot(name: string): string {
  const i = name.indexOf('-');
  if (i < 0) return squash(name);
  return canonicalSlot(name.slice(0, i), name.slice(i + 1));
}
