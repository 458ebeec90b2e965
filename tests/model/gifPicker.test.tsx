import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { bundledGifs } from '../../schemas/gifs';
import type { GifSearchResponse } from '../../schemas/gifs.schema';
import type { GifServices } from '../../src/ui/GifPicker';
import { GifImage } from '../../src/ui/GifImage';
import { GifPicker } from '../../src/ui/GifPicker';
import { renderPart } from './harness';

// The GIF picker (src/ui/GifPicker.tsx) in jsdom with a fake search: the bundled set without a request, a provider's
// results, choosing with the mouse and the keyboard, removing, and the offline fallback when the search fails.

type Search = GifServices['searchGifs'];

const giphyResults: GifSearchResponse = {
  provider: 'giphy',
  fallback: false,
  items: [
    {
      id: 'https://media.giphy.com/media/abc123/giphy.gif',
      url: 'https://media.giphy.com/media/abc123/giphy.gif',
      preview_url: 'https://media.giphy.com/media/abc123/100w.gif',
      width: 480,
      height: 270,
      title: 'Coffee time',
    },
    {
      id: 'https://media.giphy.com/media/def456/giphy.gif',
      url: 'https://media.giphy.com/media/def456/giphy.gif',
      preview_url: 'https://media.giphy.com/media/def456/100w.gif',
      width: 480,
      height: 480,
      title: '',
    },
  ],
};

/** The picker with its value kept in state, as the send-money amount step keeps it. */
function Harness({
  initial,
  search,
  onChange,
}: {
  initial: string | null;
  search: Search;
  onChange: (gif: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <GifPicker
      value={value}
      onChange={(gif) => {
        onChange(gif);
        setValue(gif);
      }}
      services={{ searchGifs: search }}
    />
  );
}

function renderPicker(options: { initial?: string | null; search?: Search; locale?: 'en' | 'el' } = {}) {
  const search = vi.fn<Search>(options.search ?? (() => Promise.resolve(giphyResults)));
  const onChange = vi.fn<(gif: string | null) => void>();
  const view = renderPart(<Harness initial={options.initial ?? null} search={search} onChange={onChange} />, {
    locale: options.locale ?? 'en',
  });
  return { ...view, search, onChange };
}

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

const grid = () => within(screen.getByRole('group', { name: 'GIFs to choose from' }));
const gifNames = () =>
  grid()
    .getAllByRole('button')
    .map((button) => within(button).getByRole('img').getAttribute('alt'));

describe('GifPicker', () => {
  it('opens on the bundled set without a request, focused on the search, and is accessible', async () => {
    const user = userEvent.setup();
    const { search } = renderPicker();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add a GIF' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a GIF' });
    expect(document.activeElement).toBe(within(dialog).getByRole('searchbox', { name: 'Search GIFs' }));
    expect(gifNames()).toEqual([
      'Thank you',
      'Thumbs up',
      'Party parrot',
      'Coffee',
      'Party',
      'Rent',
      'Invoice paid',
      'Lunch',
      'Birthday',
      'High five',
      'Money',
      'Star',
    ]);
    expect(
      within(grid().getByRole('button', { name: 'Coffee' }))
        .getByRole('img')
        .getAttribute('src'),
    ).toBe('/gifs/coffee.gif');
    expect(screen.getByRole('status').textContent).toBe('12 GIFs');
    expect(search).not.toHaveBeenCalled();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('searches through the API, shows the provider and chooses one of its GIFs', async () => {
    const user = userEvent.setup();
    const { search, onChange } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Add a GIF' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'coffee{Enter}');
    expect(await grid().findByRole('button', { name: 'Coffee time' })).toBeTruthy();
    expect(search).toHaveBeenCalledWith({ q: 'coffee', limit: 24 }, expect.any(AbortSignal));
    // A result without a title is still named.
    expect(gifNames()).toEqual(['Coffee time', 'Animated GIF']);
    expect(screen.getByText('Powered by GIPHY')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 GIFs');
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(grid().getByRole('button', { name: 'Coffee time' }));
    expect(onChange).toHaveBeenCalledWith('https://media.giphy.com/media/abc123/giphy.gif');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The chosen one is previewed; the opener now changes it and has the focus back.
    const preview = screen.getByRole('figure', { name: 'Chosen GIF' });
    expect(within(preview).getByRole('img', { name: 'Animated GIF' }).getAttribute('src')).toBe(
      'https://media.giphy.com/media/abc123/giphy.gif',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change GIF' }));
  });

  it('searches after a pause in typing, and only the last search counts', async () => {
    const user = userEvent.setup();
    const { search } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Add a GIF' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'cof');
    expect(await grid().findByRole('button', { name: 'Coffee time' })).toBeTruthy();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toEqual({ q: 'cof', limit: 24 });
  });

  it('moves between GIFs with the arrow keys, Home and End, and chooses with Enter', async () => {
    const user = userEvent.setup();
    const { onChange } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Add a GIF' }));
    const buttons = grid().getAllByRole('button');
    // One tab stop for the whole grid.
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([buttons[0]]);
    act(() => buttons[0]?.focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(buttons[4]);
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(buttons[11]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[11]);
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('0');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('coffee');
  });

  it('shows the chosen GIF, marks it in the grid, and removes it', async () => {
    const user = userEvent.setup();
    const { onChange } = renderPicker({ initial: 'thanks' });
    const preview = screen.getByRole('figure', { name: 'Chosen GIF' });
    expect(within(preview).getByRole('img', { name: 'Thank you' }).getAttribute('src')).toBe(
      '/gifs/thanks.gif',
    );
    await user.click(screen.getByRole('button', { name: 'Change GIF' }));
    expect(grid().getByRole('button', { name: 'Thank you' }).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change GIF' }));

    await user.click(screen.getByRole('button', { name: 'Remove GIF' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove GIF' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a GIF' }));
  });

  it('falls back to the bundled GIFs, searched offline, when the search fails', async () => {
    const user = userEvent.setup();
    const { onChange } = renderPicker({ search: () => Promise.reject({ kind: 'network' }) });
    await user.click(screen.getByRole('button', { name: 'Add a GIF' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'καφές{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'GIFs could not be searched. Here are our own GIFs, which work offline.',
    );
    expect(gifNames()).toEqual(['Coffee']);
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(grid().getByRole('button', { name: 'Coffee' }));
    expect(onChange).toHaveBeenCalledWith('coffee');
  });

  it('offers the whole bundled set when the failed search matches none of it', async () => {
    const user = userEvent.setup();
    renderPicker({
      search: () => Promise.reject({ kind: 'http', status: 503, code: 'internal_error', message: '' }),
    });
    await user.click(screen.getByRole('button', { name: 'Add a GIF' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'unicorn{Enter}');
    await screen.findByRole('alert');
    expect(gifNames()).toHaveLength(bundledGifs.length);
  });

  it('says so when the server fell back from its provider', async () => {
    const user = userEvent.setup();
    renderPicker({
      search: () =>
        Promise.resolve({
          provider: 'bundled',
          fallback: true,
          items: [
            {
              id: 'rent',
              url: '/gifs/rent.gif',
              preview_url: '/gifs/rent.gif',
              width: 96,
              height: 96,
              title: 'rent',
            },
          ],
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Add a GIF' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'rent{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'GIF search is not available right now. Here are our own GIFs.',
    );
    expect(gifNames()).toEqual(['Rent']);
    expect(screen.queryByText(/Powered by/)).toBeNull();
  });

  it('speaks Greek, and finds a bundled GIF by its Greek label offline', async () => {
    const user = userEvent.setup();
    renderPicker({ locale: 'el', search: () => Promise.reject({ kind: 'network' }) });
    await user.click(await screen.findByRole('button', { name: 'Προσθήκη GIF' }));
    expect(screen.getByRole('dialog', { name: 'Επιλέξτε ένα GIF' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'GIF για να διαλέξετε' })).getByRole('button', {
        name: 'Κόλλα πέντε',
      }),
    ).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Αναζήτηση GIF' }), 'ΚΟΛΛΑ{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Δεν ήταν δυνατή η αναζήτηση GIF');
    const results = within(screen.getByRole('group', { name: 'GIF για να διαλέξετε' })).getAllByRole(
      'button',
    );
    expect(results.map((button) => within(button).getByRole('img').getAttribute('alt'))).toEqual([
      'Κόλλα πέντε',
    ]);
  });
});

describe('GifPicker in a form', () => {
  it('searches with Enter without submitting the form it sits in, and is disabled with it', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    const search = vi.fn<Search>(() => Promise.resolve(giphyResults));
    const page = (disabled: boolean) => (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted();
        }}
      >
        <GifPicker
          value={null}
          onChange={() => undefined}
          disabled={disabled}
          services={{ searchGifs: search }}
        />
      </form>
    );
    const view = renderPart(page(false));
    await user.click(screen.getByRole('button', { name: 'Add a GIF' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'coffee{Enter}');
    expect(await grid().findByRole('button', { name: 'Coffee time' })).toBeTruthy();
    await user.click(grid().getByRole('button', { name: 'Coffee time' }));
    expect(submitted).not.toHaveBeenCalled();
    view.rerender(page(true));
    expect(screen.getByRole('button', { name: 'Add a GIF' })).toHaveProperty('disabled', true);
  });
});

describe('GifImage', () => {
  const renderImage = (gif: string) => renderPart(<GifImage gif={gif} />);

  it('shows a bundled GIF from the app with its label, a provider GIF from its host, and nothing else', () => {
    renderImage('invoice-paid');
    expect(screen.getByRole('img', { name: 'Invoice paid' }).getAttribute('src')).toBe(
      '/gifs/invoice-paid.gif',
    );
    renderImage('https://media.tenor.com/x8v1oNUOmg4AAAAC/party.gif');
    expect(screen.getByRole('img', { name: 'Animated GIF' }).getAttribute('src')).toBe(
      'https://media.tenor.com/x8v1oNUOmg4AAAAC/party.gif',
    );
    const unknown = renderImage('https://evil.example/x.gif');
    expect(unknown.container.querySelector('img')).toBeNull();
    const retired = renderImage('a-gif-we-no-longer-bundle');
    expect(retired.container.querySelector('img')).toBeNull();
  });

  it('has a message in English and Greek for every bundled GIF', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const en = JSON.parse(readFileSync(path.join(root, 'lang/en.json'), 'utf8')) as Record<string, string>;
    const el = JSON.parse(readFileSync(path.join(root, 'lang/el.json'), 'utf8')) as Record<string, string>;
    for (const gif of bundledGifs) {
      expect(en[gif.message], gif.id).toBeTruthy();
      expect(el[gif.message], gif.id).toBeTruthy();
    }
  });
});
