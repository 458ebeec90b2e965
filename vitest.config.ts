import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { modelFilesThatMock } from './tests/model/filesThatMock';

export default defineConfig({
  test: {
    // Vitest's default leaves one of the machine's two cores idle. Every API file has its own database and every e2e
    // file its own server and browser, so files run side by side (an e2e file waits on its browser most of the time).
    maxWorkers: availableParallelism(),
    projects: [
      // Unit and API files share their worker's modules (`isolate: false`): they mock no module and each API file starts
      // its own server on its own database, while importing the server afresh for each file cost a minute of CPU a run.
      { test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      // Model files share their worker's modules too (each file's import of the screens cost ~1.5 s of CPU); what a
      // module keeps between files (toasts, the client's view of the service) is reset in tests/model/setup.ts. Files
      // that mock a module run isolated in `model-mocks` (tests/model/filesThatMock.ts).
      {
        plugins: [react()],
        test: {
          name: 'model',
          environment: 'jsdom',
          include: ['tests/model/**/*.test.{ts,tsx}'],
          exclude: modelFilesThatMock,
          setupFiles: ['tests/model/setup.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'model-mocks',
          environment: 'jsdom',
          include: modelFilesThatMock,
          setupFiles: ['tests/model/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          isolate: false,
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          // Each file starts its own server and browser and mocks nothing; importing Playwright, axe and the helpers
          // afresh for each of the 19 files cost about 1.5 s of CPU a file.
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
