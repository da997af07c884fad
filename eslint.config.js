import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
    // API tests read untyped JSON bodies; typing every answer would only restate the assertions.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
