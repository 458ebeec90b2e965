/**
 * The model tests that replace a module with `vi.mock`. The other model files share their worker's modules
 * (vitest.config.ts), where a module another file imported first would stay unmocked, so these run isolated in the
 * `model-mocks` project. tests/unit/modelIsolation.test.ts fails when a file mocks a module and is not listed here.
 */
export const modelFilesThatMock = ['tests/model/plans.screens.test.tsx'];
