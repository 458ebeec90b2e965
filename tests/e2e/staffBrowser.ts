import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { StaffRole } from '../../schemas/permissions';
import { dataTemplateVariable } from '../../scripts/liveServer';

/*
 * The bank's staff in the browser (issue 21, docs/decisions/023-staff-realm.md), for the back office's e2e files:
 * staff members made by `scripts/staff.ts add` on a copy of the data template before the server opens it, the sign-in
 * at /back-office with the password and then the authenticator code or a passkey, and Chromium's virtual
 * authenticator standing in for the device a passkey lives on.
 */

const root = path.resolve(import.meta.dirname, '../..');

export type StaffMember = {
  email: string;
  name: string;
  role: StaffRole;
  /** The first password and the authenticator app's secret, as `staff add` printed them. */
  password: string;
  secret: string;
};

/**
 * A copy of the e2e run's data template with these staff members in it, made with `scripts/staff.ts add` as a bank
 * would: the embedded database is one process's, so this runs before `startLiveServer({ template })` opens the copy.
 * The caller removes `dir` when done.
 */
export function dataTemplateWithStaff(members: Array<Pick<StaffMember, 'email' | 'name' | 'role'>>): {
  dir: string;
  staff: StaffMember[];
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'tameio-staff-'));
  const template = process.env[dataTemplateVariable];
  if (template) cpSync(template, dir, { recursive: true });
  const staff = members.map((member) => {
    const printed = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/staff.ts',
        'add',
        member.email,
        '--role',
        member.role,
        '--name',
        member.name,
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: dir, EMBEDDED_FSYNC: 'off' }, encoding: 'utf8' },
    );
    const made = {
      ...member,
      password: /First password:\s+(\S+)/.exec(printed)?.[1] ?? '',
      secret: /Authenticator secret:\s+(\S+)/.exec(printed)?.[1] ?? '',
    };
    expect(made.password, `no first password printed for ${member.email}`).not.toBe('');
    expect(made.secret, `no authenticator secret printed for ${member.email}`).not.toBe('');
    return made;
  });
  return { dir, staff };
}

/** /back-office's first step: the work email and the password, then "Continue". */
export async function signInWithPassword(page: Page, baseUrl: string, member: StaffMember): Promise<void> {
  await page.goto(`${baseUrl}/back-office`);
  await page.getByRole('heading', { level: 1, name: 'Tameio back office' }).waitFor();
  await page.getByLabel('Work email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The authenticator app's code as the app shows it now, typed into the code step and sent. */
export async function enterAuthenticatorCode(page: Page, member: StaffMember): Promise<void> {
  await page.getByRole('heading', { name: 'Enter the code of your authenticator app' }).waitFor();
  await page.getByLabel('6-digit code').fill(await generate({ secret: member.secret }));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Ends on the back office's welcome, which names the staff member. */
export async function signedIn(page: Page, member: StaffMember): Promise<void> {
  await page.getByRole('heading', { name: `Welcome, ${member.name}` }).waitFor();
}

/** Password and authenticator code (a staff member without a passkey). */
export async function signInWithCode(page: Page, baseUrl: string, member: StaffMember): Promise<void> {
  await signInWithPassword(page, baseUrl, member);
  await enterAuthenticatorCode(page, member);
  await signedIn(page, member);
}

/** Password, then the passkey the page's virtual authenticator holds. */
export async function signInWithPasskey(page: Page, baseUrl: string, member: StaffMember): Promise<void> {
  await signInWithPassword(page, baseUrl, member);
  await page.getByRole('heading', { name: 'Confirm with your passkey' }).waitFor();
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await signedIn(page, member);
}

/**
 * Chromium's virtual authenticator (the CDP WebAuthn domain) on this page, standing in for the staff member's device:
 * a platform authenticator with resident keys that verifies the user at once.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** "My passkeys": adds a passkey under `name` (the virtual authenticator must be on the page). */
export async function addPasskey(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'My passkeys' }).click();
  await page.getByRole('heading', { name: 'My passkeys' }).waitFor();
  await page.getByLabel('Name of this passkey').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByText(`Passkey "${name}" added.`).waitFor();
  await expect.poll(() => page.getByText(name, { exact: true }).count()).toBe(1);
}
