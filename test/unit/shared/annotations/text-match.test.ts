// Whether an utterance mentions a slot value (the suspects' text evidence):
// times in the ways MultiWOZ users and systems write them.
import { describe, expect, it } from 'vitest';
import { mentions, normText } from '../../../../src/shared/annotations/text-match';

const says = (text: string, value: string) => mentions(normText(text), value);

describe('text evidence for times', () => {
  it('finds a time written with a colon, a dot, without a separator, in 12-hour form', () => {
    expect(says('TR3259 leaving at 6.10 would get you there by 7.', '06:10')).toBe(true);
    expect(says('There is a train Id TR3259 leaving at 6.10. Do you want it.', '06:10')).toBe(true);
    expect(says('It leaves at 06:10.', '06:10')).toBe(true);
    expect(says('It leaves at 6:10am.', '06:10')).toBe(true);
    expect(says('Departing 0610, arriving 0700.', '06:10')).toBe(true);
    expect(says('I need to arrive by 19.45 please', '19:45')).toBe(true);
    expect(says('I need to arrive by 7.45pm please', '19:45')).toBe(true);
    expect(says('I need to arrive by 7.45 pm please', '19:45')).toBe(true);
    expect(says('Book it for 7 pm.', '19:00')).toBe(true);
  });

  it('does not find a time that is not there, nor in other numbers', () => {
    expect(says('TR3259 leaving at 6.15 would get you there by 7.', '06:10')).toBe(false);
    expect(says('for 6 people on 10 june', '06:10')).toBe(false);
    expect(says('the fare is 16.10 pounds', '06:10')).toBe(false);
    // Prices look like dot times: they are not times.
    expect(says('the ticket costs 10.10 pounds', '10:10')).toBe(false);
    expect(says('it is 16.50 pounds per ticket', '16:50')).toBe(false);
    expect(says('that will be £7.10, payable at the station', '19:10')).toBe(false);
    expect(says('the fare is 4.40 GBP', '16:40')).toBe(false);
    expect(says('it takes 2 15 minute rides', '14:15')).toBe(false);
    expect(says('see section 6.10.2 of the timetable', '06:10')).toBe(false);
  });
});
