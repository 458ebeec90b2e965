import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SponsoredCampaign } from '../../schemas/advertising.schema';
import { SponsoredCard, type SponsoredSource } from '../../src/screens/advertising/SponsoredCard';
import { renderPart } from './harness';

// Issue 21: another merchant's advertisement on the home and the wallet page. It says it is sponsored, in both
// languages; its link is marked sponsored and opens in a new tab after the click is recorded; when there is none, or
// reading it fails, the page shows nothing in its place.

const campaign: SponsoredCampaign = {
  id: '00000000-0000-4000-8000-0000000000c1',
  placement: 'dashboard',
  advertiser: 'Demo Bakery',
  headline: 'Fresh bread every morning',
  link: 'https://bakery.example.com/bread',
};

function fakeSource(found: SponsoredCampaign | null | Error, clickAnswer: string | Error = campaign.link) {
  const calls: string[] = [];
  const source: SponsoredSource = {
    load: (placement) => {
      calls.push(`load ${placement}`);
      return found instanceof Error ? Promise.reject(found) : Promise.resolve(found);
    },
    click: (shown) => {
      calls.push(`click ${shown.id} ${shown.placement}`);
      return clickAnswer instanceof Error ? Promise.reject(clickAnswer) : Promise.resolve(clickAnswer);
    },
    open: (link) => {
      calls.push(`open ${link}`);
    },
  };
  return { source, calls };
}

describe('the sponsored card', () => {
  it('says it is sponsored, names the advertiser and links with rel sponsored', async () => {
    const { source, calls } = fakeSource(campaign);
    renderPart(<SponsoredCard placement="dashboard" source={source} />);
    const card = await screen.findByRole('complementary', { name: 'Sponsored' });
    const link = screen.getByRole('link', { name: 'Fresh bread every morning' });
    expect(card.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('https://bakery.example.com/bread');
    expect(link.getAttribute('rel')).toBe('noopener sponsored');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(card.textContent).toContain('An advertisement of Demo Bakery, a Tameio merchant');
    expect(calls).toEqual(['load dashboard']);
  });

  it('records the click, then opens the link; a click that cannot be recorded still opens it', async () => {
    const { source, calls } = fakeSource(campaign);
    const first = renderPart(<SponsoredCard placement="dashboard" source={source} />);
    fireEvent.click(await screen.findByRole('link', { name: 'Fresh bread every morning' }));
    await waitFor(() =>
      expect(calls).toEqual([
        'load dashboard',
        `click ${campaign.id} dashboard`,
        'open https://bakery.example.com/bread',
      ]),
    );

    first.unmount();

    const failing = fakeSource({ ...campaign, placement: 'wallet_directory' }, new Error('offline'));
    renderPart(<SponsoredCard placement="wallet_directory" source={failing.source} />);
    fireEvent.click(await screen.findByRole('link', { name: 'Fresh bread every morning' }));
    await waitFor(() =>
      expect(failing.calls).toEqual([
        'load wallet_directory',
        `click ${campaign.id} wallet_directory`,
        'open https://bakery.example.com/bread',
      ]),
    );
  });

  it('in Greek', async () => {
    const { source } = fakeSource(campaign);
    renderPart(<SponsoredCard placement="dashboard" source={source} />, { locale: 'el' });
    const card = await screen.findByRole('complementary', { name: 'Χορηγούμενο' });
    expect(card.textContent).toContain('Διαφήμιση της επιχείρησης Demo Bakery, πελάτη του Tameio');
  });

  it('shows nothing when no campaign runs, when reading fails, or for a link that is not https', async () => {
    for (const found of [null, new Error('503'), { ...campaign, link: 'javascript:alert(1)' }]) {
      const { source, calls } = fakeSource(found);
      const { container, unmount } = renderPart(<SponsoredCard placement="dashboard" source={source} />);
      await waitFor(() => expect(calls).toEqual(['load dashboard']));
      // Let the answer settle before looking.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
