import { rmSync } from 'node:fs';
import { dataTemplateVariable, prepareDataTemplate } from '../../scripts/liveServer';

/*
 * Every end-to-end test starts its own server on its own data folder, as a first `npm start` leaves it. Migrating and
 * seeding that folder took seconds per test; it is made once here and each server starts from a copy
 * (scripts/liveServer.ts). The variable reaches the test workers, which are started after this runs.
 */
export default async function setup(): Promise<() => void> {
  const template = await prepareDataTemplate();
  process.env[dataTemplateVariable] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
