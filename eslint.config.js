// Lint configuration: typescript-eslint's recommended rules, React hooks rules,
// eslint-config-prettier (formatting is Prettier's: `npm run format`; `npm run lint`
// runs `prettier --check`), the layering rules of layers.json (which folder may import what),
// and no array spread into a call anywhere in src/ (SPREAD_RULES below).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettierConfig from 'eslint-config-prettier';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';

const LAYER_RULES = JSON.parse(readFileSync(new URL('./layers.json', import.meta.url), 'utf8')).rules;

const builtins = builtinModules.filter((m) => !m.startsWith('_'));

function patternsFor(rule) {
  const group = [];
  for (const f of rule.forbidden) {
    if (f === '@node-builtins') group.push(...builtins, ...builtins.map((b) => `${b}/*`));
    else group.push(f);
  }
  return group;
}

const layerConfigs = LAYER_RULES.map((rule) => ({
  files: [`${rule.folder}/**/*.{ts,tsx}`],
  ignores: (rule.except ?? []).map((e) => `${e}/**`),
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: patternsFor(rule), message: rule.why }] }],
  },
}));

// `Math.max(...xs)`, `out.push(...xs)`, `String.fromCharCode(...bytes)`, `f.apply(null, xs)`: every element
// goes on the call stack, and past about 100k elements the call throws "Maximum call stack size exceeded"
// (the spurious-traits view went blank on 66k dialogues, issue 15). Spreads into array literals
// (`[...a, ...b]`, `new Set([...a])`) are fine and stay allowed. No exceptions in src/ so far.
const SPREAD_HELP = 'use maxOf/minOf/maxBy/minBy/pushAll/prependAll from src/shared/arrays.ts or a loop';
export const SPREAD_RULES = [
  {
    selector: 'CallExpression > SpreadElement',
    message: `No spread of an array into a call: it overflows the stack on large arrays; ${SPREAD_HELP}.`,
  },
  {
    selector: 'NewExpression > SpreadElement',
    message: `No spread of an array into a constructor call: it overflows the stack on large arrays; ${SPREAD_HELP}.`,
  },
  {
    selector: "CallExpression[callee.property.name='apply'][arguments.length=2]",
    message: `No Function.prototype.apply with an argument array: it overflows the stack on large arrays; ${SPREAD_HELP}.`,
  },
  {
    selector: "CallExpression[callee.object.name='Reflect'][callee.property.name='apply']",
    message: `No Reflect.apply with an argument array: it overflows the stack on large arrays; ${SPREAD_HELP}.`,
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'dist/**', '.bench/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The command's bin script is CommonJS (bin/package.json; docs/performance.md, "Start-up of the command").
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...SPREAD_RULES] },
  },
  ...layerConfigs,
  prettierConfig,
);
