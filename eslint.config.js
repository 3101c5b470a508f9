// Lint configuration: typescript-eslint's recommended rules, React hooks rules,
// eslint-config-prettier (formatting is Prettier's: `npm run format`; `npm run lint`
// runs `prettier --check`), and the layering rules of layers.json (which folder may import what).
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
  ...layerConfigs,
  prettierConfig,
);
