import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import el from '../../lang/el.json';
import en from '../../lang/en.json';
import { appRoutes } from '../../src/app/routes';
import { routeTitleOf, routeTitles } from '../../src/app/routeTitles';

/*
 * Issue 19, WCAG 2.2 2.4.2: every route of the one route table has a title (src/app/routeTitles.ts), and two different
 * titles never read the same in English or in Greek. tests/e2e/pageTitles.test.ts checks the titles in Chromium.
 */

const patterns = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.path ? [route.path] : []), ...patterns(route.children ?? [])]);

describe('route titles', () => {
  it('every route of the route table has a title of its own pattern', () => {
    const all = patterns(appRoutes({ sandbox: true })).filter((path) => path !== '*');
    expect(all.length).toBeGreaterThan(40);
    // /account/:action_type is two pages, each titled by its own address.
    const titled = new Set(routeTitles.map((route) => route.path));
    const missing = all.filter((path) => !titled.has(path) && path !== '/account/:action_type');
    expect(missing).toEqual([]);
    expect(routeTitleOf('/account/cancellation').id).not.toBe(routeTitleOf('/account/deletion').id);
    expect(routeTitleOf('/no-such-page').id).toBe('title.notFound');
  });

  it('no two titles read the same, in English or in Greek', () => {
    const ids = [...new Set(routeTitles.map((route) => route.title.id!))];
    for (const words of [en, el] as Array<Record<string, string>>) {
      const texts = ids.map((id) => words[id]);
      expect(texts.every(Boolean)).toBe(true);
      expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
    }
  });
});
