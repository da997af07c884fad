import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'data/**', 'node_modules/**', 'bench/**/results/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // DESIGN §6.12: commands depend on src/domain and the services of CommandContext, never on the
    // client (so a command is unit-tested with a plain context, without a browser).
    files: ['commands/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)src/client(/|$)', message: 'commands/ imports only its own files and src/domain: reach the client through CommandContext services.' }] },
      ],
    },
  },
  {
    // The generic service runs whatever hook table it is given (ServiceOptions.hooks); the kinds'
    // modules import resources/, never the reverse: the composition root (app.ts) joins the two.
    files: ['src/server/resources/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)kinds(/|$)', message: 'src/server/resources/ does not import src/server/kinds/: the hook table comes in through ServiceOptions.hooks.' }] },
      ],
    },
  },
  {
    // The rules of hooks and the React Compiler's checks (refs during render, setState in effects, purity).
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // We do not build with the React Compiler; useVirtualizer's mutable result is its documented API.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // API tests read untyped JSON bodies; typing every answer would only restate the assertions.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
