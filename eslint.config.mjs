// `npm run lint`: a few type-aware rules that catch real bugs, nothing of style (npm test runs it).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/bench/results/**', '*.config.{ts,mjs}'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    // Comments that silence rules this config does not run are left alone.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      // A switch over a union names every member (or says what the rest do, with a default): a new command,
      // kind or state no case handles is an error.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // A promise nobody awaits, catches or marks `void` loses its error. got's request is one too, and its
      // `.on` returns it to chain: the caller awaits it.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafePromises: [{ from: 'package', package: 'got', name: 'CancelableRequest' }] }],
    },
  },
);
