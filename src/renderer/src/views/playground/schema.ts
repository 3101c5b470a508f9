// Layer: renderer (pure module). The JSON schema of one playground dialogue
// (the FGA/GCA per-turn layout), for Monaco's completion, hovers and
// validation: turn keys are integers, a turn has "gt" and "pr" (and maybe
// "system"/"user"), a state maps domains to slot → string value. MultiWOZ's
// domains and slots (spelled as FGA files spell them: "day", "people") are
// offered first; any other domain or slot is allowed, as the loader allows it.
// The loader stays the authority: its error is the one the CLI would print.

import { MULTIWOZ_DOMAINS, MULTIWOZ_SLOTS } from '../../../../shared/formats/slot-names';

export const SCHEMA_URI = 'inmemory://dst-inspector/playground-dialogue.schema.json';

const value = {
  type: 'string',
  description:
    'The slot\'s value, compared as an exact string. "none" means inactive (GCA still counts an explicit "none" as a change to "none").',
  examples: ['none', 'dontcare'],
};

/** FGA files spell MultiWOZ's booking slots without "book " ("day", "people", "stay", "time"). */
function domainSlots(domain: string): string[] {
  return MULTIWOZ_SLOTS.filter((s) => s.startsWith(`${domain}-`)).map((s) => s.slice(domain.length + 1).replace(/^book /, ''));
}

function domainSchema(domain: string | null) {
  const slots = domain ? domainSlots(domain) : [];
  return {
    type: 'object',
    description: domain ? `MultiWOZ's ${domain} slots (any other slot name is read too)` : 'slot → value',
    ...(slots.length ? { properties: Object.fromEntries(slots.map((s) => [s, { $ref: '#/definitions/value' }])) } : {}),
    additionalProperties: { $ref: '#/definitions/value' },
  };
}

const domains = [...MULTIWOZ_DOMAINS].filter((d) => domainSlots(d).length > 0);

export const PLAYGROUND_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'One dialogue in the FGA/GCA per-turn layout',
  description:
    'turn index → {"gt": gold state, "pr": predicted state}; a state is domain → slot → value and repeats every slot still active',
  type: 'object',
  propertyNames: { pattern: '^[0-9]+$', patternErrorMessage: 'a turn key is a non-negative integer: "0", "1", …' },
  additionalProperties: { $ref: '#/definitions/turn' },
  definitions: {
    value,
    domain: domainSchema(null),
    ...Object.fromEntries(domains.map((d) => [`domain-${d}`, domainSchema(d)])),
    state: {
      type: 'object',
      description: 'domain → slot → value',
      properties: Object.fromEntries(domains.map((d) => [d, { $ref: `#/definitions/domain-${d}` }])),
      additionalProperties: { $ref: '#/definitions/domain' },
    },
    turn: {
      type: 'object',
      required: ['gt', 'pr'],
      properties: {
        gt: { $ref: '#/definitions/state', description: 'the gold (ground-truth) state at this turn' },
        pr: { $ref: '#/definitions/state', description: 'the predicted state at this turn' },
        system: { type: 'string', description: 'the system utterance (shown, not scored)' },
        user: { type: 'string', description: 'the user utterance (shown, not scored)' },
      },
      defaultSnippets: [{ label: 'turn', description: 'a turn with empty gold and predicted states', body: { gt: {}, pr: {} } }],
    },
  },
};
