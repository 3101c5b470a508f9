// Layer: shared (pure TS). TRADE's label typo fixes, as an opt-in value
// normalisation (`--values trade-fixes`). Transcribed from TRADE's
// utils/fix_label.py (fix_general_label_error; github.com/jasonwu0731/trade-dst),
// which the TRADE, SOM-DST and FGA pipelines apply to MultiWOZ gold labels.
// Here it is applied to gold and prediction alike. The rule TRADE writes for
// "hotel-star" never fires there (the slot is "hotel-stars") and is left out.

export const GENERAL_TYPO: Record<string, string> = {
  // type
  guesthouse: 'guest house', guesthouses: 'guest house', guest: 'guest house', 'mutiple sports': 'multiple sports',
  sports: 'multiple sports', 'mutliple sports': 'multiple sports', swimmingpool: 'swimming pool', concerthall: 'concert hall',
  concert: 'concert hall', pool: 'swimming pool', 'night club': 'nightclub', mus: 'museum', ol: 'architecture',
  colleges: 'college', coll: 'college', architectural: 'architecture', musuem: 'museum', churches: 'church',
  // area
  center: 'centre', 'center of town': 'centre', 'near city center': 'centre', 'in the north': 'north', cen: 'centre', 'east side': 'east',
  'east area': 'east', 'west part of town': 'west', ce: 'centre', 'town center': 'centre', 'centre of cambridge': 'centre',
  'city center': 'centre', 'the south': 'south', scentre: 'centre', 'town centre': 'centre', 'in town': 'centre', 'north part of town': 'north',
  'centre of town': 'centre', cb30aq: 'none',
  // price
  mode: 'moderate', 'moderate -ly': 'moderate', mo: 'moderate',
  // day
  'next friday': 'friday', monda: 'monday',
  // parking
  'free parking': 'free',
  // internet
  'free internet': 'yes',
  // star
  '4 star': '4', '4 stars': '4', '0 star rarting': 'none',
  // others
  y: 'yes', any: 'dontcare', n: 'no', 'does not care': 'dontcare', 'not men': 'none', not: 'none', 'not mentioned': 'none',
  '': 'none', 'not mendtioned': 'none', '3 .': '3', 'does not': 'no', fun: 'none', art: 'none',
}; // prettier-ignore

const HOTEL_TYPE_NONE = new Set(['nigh', 'moderate -ly priced', 'bed and breakfast', 'centre', 'venetian', 'intern', 'a cheap -er hotel']);
const ATTRACTION_TYPE_NONE = new Set(['gastropub', 'la raza', 'galleria', 'gallery', 'science', 'm']);
const HOTEL_TYPE_HOTEL = new Set(['hotel with free parking and free wifi', '4', '3 star hotel']);

/**
 * The abbreviation fixes TRADE's fix_general_label_error and SimpleTOD's fix_mismatch_jason share, after
 * their slot-specific ones: area no/we/cent, day we/no, price ch, internet free.
 */
export function abbreviationFix(slot: string, v: string): string {
  if (slot.includes('area')) return v === 'no' ? 'north' : v === 'we' ? 'west' : v === 'cent' ? 'centre' : v;
  if (slot.includes('day')) return v === 'we' ? 'wednesday' : v === 'no' ? 'none' : v;
  if (slot.includes('price') && v === 'ch') return 'cheap';
  if (slot.includes('internet') && v === 'free') return 'yes';
  return v;
}

/** TRADE's fix for one (canonical slot, value). */
export function tradeFix(slot: string, value: string): string {
  let v = Object.prototype.hasOwnProperty.call(GENERAL_TYPO, value) ? GENERAL_TYPO[value] : value;
  if (
    (slot === 'hotel-type' && HOTEL_TYPE_NONE.has(v)) ||
    (slot === 'hotel-internet' && v === '4') ||
    (slot === 'hotel-pricerange' && v === '2') ||
    (slot === 'attraction-type' && ATTRACTION_TYPE_NONE.has(v)) ||
    (slot.includes('area') && v === 'moderate') ||
    (slot.includes('day') && v === 't')
  ) {
    v = 'none';
  } else if (slot === 'hotel-type' && HOTEL_TYPE_HOTEL.has(v)) v = 'hotel';
  else v = abbreviationFix(slot, v);
  if (
    (slot === 'restaurant-area' && ['stansted airport', 'cambridge', 'silver street'].includes(v)) ||
    (slot === 'attraction-area' && ['norwich', 'ely', 'museum', 'same area as hotel'].includes(v))
  ) {
    v = 'none';
  }
  return v;
}
