import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitcher } from '../../src/app/LanguageSwitcher';
import { loadToastLibrary } from '../../src/ui/notify';
import { renderScreen } from './harness';
import { demoSession } from './paths';

// The header's language switcher. Signed out it only switches the page; signed in the shell gives it `save`,
// which stores the choice on the user. The page switches at once either way, and a failed save says so.

afterEach(async () => {
  (await loadToastLibrary()).toast.remove();
});

/** The switcher as the shell gives it: with `save` signed in, without it signed out. */
function renderSwitcher(save?: (locale: 'en' | 'el') => Promise<unknown>) {
  renderScreen({
    path: '/',
    session: save ? demoSession : null,
    shell: false,
    routes: <Route path="/" element={<LanguageSwitcher {...(save ? { save } : {})} />} />,
  });
}

describe('the header language switcher', () => {
  it('switches the page and stores the choice through save', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => ({ language: 'el' }));
    renderSwitcher(save);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'el');
    await screen.findByRole('combobox', { name: 'Γλώσσα' });
    expect(document.documentElement.lang).toBe('el');
    expect(save).toHaveBeenCalledExactlyOnceWith('el');
  });

  it('keeps the new language on the page and says so when the save fails', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw new Error('offline');
    });
    renderSwitcher(save);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'el');
    await screen.findByText(
      'Η γλώσσα άλλαξε εδώ, αλλά δεν αποθηκεύτηκε στον λογαριασμό σας. Δοκιμάστε ξανά από τις Ρυθμίσεις.',
    );
    expect(document.documentElement.lang).toBe('el');
  });

  it('signed out, only switches the page', async () => {
    const user = userEvent.setup();
    renderSwitcher();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'el');
    await waitFor(() => expect(document.documentElement.lang).toBe('el'));
    expect(screen.queryByText(/δεν αποθηκεύτηκε/)).toBeNull();
  });
});
