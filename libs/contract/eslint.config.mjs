import { libraryConfig } from '../../eslint.library.mjs';

export default await libraryConfig({
  extra: [
    {
      files: ['**/*.ts'],
      rules: {
        // The web app loads these schemas on /login: classic zod would add ~20 KB gzip to it.
        'no-restricted-imports': [
          'error',
          {
            paths: [
              {
                name: 'zod',
                message:
                  "Use zod/mini (`import * as z from 'zod/mini'`): the web bundle must stay small.",
              },
            ],
          },
        ],
      },
    },
  ],
});
