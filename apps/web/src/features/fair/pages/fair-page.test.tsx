import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { FairPage } from './fair-page';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('FairPage', () => {
  it('reproduces a roulette round and shows the seed’s commitment', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<FairPage />);
    expect(screen.getByRole('heading', { name: 'Provably fair check' })).toBeTruthy();
    fill('fair-server-seed', 'server-seed');
    fill('fair-client-seed', 'client-seed');
    fill('fair-nonce', '0');
    fireEvent.click(screen.getByTestId('fair-verify'));
    await waitFor(() => expect(screen.getByTestId('fair-drawn').textContent).toBe('32'));
    expect(screen.getByTestId('fair-result').textContent).toContain(
      '91024ec49c5bec0b689e42892526320fce08337205c91de94c7a588c20d08eeb',
    );
  });

  it('reproduces a crash point, in Russian, and asks for the missing seeds', async () => {
    await i18n.changeLanguage('ru');
    renderWithProviders(<FairPage />);
    fireEvent.click(screen.getByTestId('fair-verify'));
    expect((await screen.findByRole('alert')).textContent).toContain('Введите серверный сид');
    fireEvent.change(screen.getByTestId('fair-game'), { target: { value: 'crash' } });
    fill('fair-server-seed', 'server-seed');
    fill('fair-client-seed', 'client-seed');
    fireEvent.click(screen.getByTestId('fair-verify'));
    await waitFor(() => expect(screen.getByTestId('fair-drawn').textContent).toBe('×1.78'));
  });
});
