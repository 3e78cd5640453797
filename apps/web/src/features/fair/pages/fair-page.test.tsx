import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { FairPage } from './fair-page';

// A round the studios drew (packages/studios/test/fair.test.ts holds the page to their code).
const seed = 'f9c2bf73ecd36f273d466d1e0491f9f821807427355f3f6462718b58fe61ad11';
const commitment = '9bd045d845594b2770c8ec6786894da3514f20627b504701229612dbc83cb602';

afterEach(async () => {
  await i18n.changeLanguage('ru');
});

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function linkTo(round: Record<string, string>) {
  return `/fair?${new URLSearchParams(round).toString()}`;
}

const messageOf = (testId: string) => screen.queryByTestId(`${testId}-message`)?.textContent;

describe('the provably fair check (issue 25)', () => {
  it('checks a round opened from its Verify link: it matches the commitment and the result', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<FairPage />, {
      path: linkTo({
        game: 'roulette',
        server: seed,
        hash: commitment,
        client: 'client-seed',
        nonce: '0',
        result: '11',
      }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Provably fair check' })).toBeTruthy();
    expect(screen.getByTestId('fair-from-round')).toBeTruthy();
    const verdict = await screen.findByTestId('fair-verdict');
    expect(verdict.dataset.verdict).toBe('match');
    expect(screen.getByTestId('fair-verdict-title').textContent).toBe(
      'Matches the commitment and the recorded result',
    );
    expect(screen.getByTestId('fair-hash').textContent).toBe(commitment);
    expect(screen.getByTestId('fair-drawn').textContent).toBe('11');
    expect(screen.getByTestId('fair-serverSeed')).toHaveProperty('value', seed);
  });

  it('says exactly which check fails: the commitment', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<FairPage />, {
      path: linkTo({
        game: 'crash',
        server: seed,
        hash: 'a'.repeat(64),
        client: 'client-seed',
        nonce: '0',
        result: '18.14',
      }),
    });
    const verdict = await screen.findByTestId('fair-verdict');
    expect(verdict.dataset.verdict).toBe('mismatch');
    expect(within(verdict).getByTestId('fair-check-commitment').textContent).toBe(
      'The server seed does not match the commitment',
    );
    expect(within(verdict).getByTestId('fair-check-result').textContent).toBe(
      'The seeds reproduce the recorded result',
    );
  });

  it('says exactly which check fails: the recorded result, with both results', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<FairPage />, {
      path: linkTo({
        game: 'blackjack',
        server: seed,
        hash: commitment,
        client: 'client-seed',
        nonce: '6',
        result: '6♠ 6♣ 4♥ 3♠ 9♠',
      }),
    });
    const verdict = await screen.findByTestId('fair-verdict');
    expect(verdict.dataset.verdict).toBe('mismatch');
    expect(within(verdict).getByTestId('fair-check-commitment').dataset.ok).toBe('true');
    expect(within(verdict).getByTestId('fair-check-result').textContent).toBe(
      'The seeds do not reproduce the recorded result',
    );
    expect(screen.getByTestId('fair-drawn').textContent).toBe('6♠ 6♣ 4♥ 3♠ 10♠');
    expect(screen.getByTestId('fair-recorded').textContent).toBe('6♠ 6♣ 4♥ 3♠ 9♠');
  });

  it('refuses "undefined" and every other malformed field, with a clear message, and checks nothing', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<FairPage />);
    fill('fair-serverSeed', 'undefined');
    fill('fair-commitment', commitment.slice(2));
    fill('fair-clientSeed', 'two words');
    fill('fair-nonce', '-1');
    fill('fair-result', '37');
    fireEvent.click(screen.getByTestId('fair-verify'));
    await waitFor(() =>
      expect(messageOf('fair-serverSeed')).toBe(
        'The server seed is 64 hexadecimal characters (0–9, a–f)',
      ),
    );
    expect(messageOf('fair-commitment')).toBe(
      'The commitment is 64 hexadecimal characters (0–9, a–f)',
    );
    expect(messageOf('fair-clientSeed')).toBe(
      'The client seed is 1 to 64 characters without spaces',
    );
    expect(messageOf('fair-nonce')).toBe('The nonce is a whole number, 0 or more');
    expect(messageOf('fair-result')).toBe('Enter a pocket from 0 to 36');
    expect(screen.queryByTestId('fair-verdict')).toBeNull();
  });

  it('checks a typed round of another game, in Russian, and explains the three steps', async () => {
    await i18n.changeLanguage('ru');
    renderWithProviders(<FairPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Как устроена проверка' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Игра фиксирует сид',
      'Вы раскрываете сид',
      'Страница воспроизводит раунд',
    ]);
    fireEvent.change(screen.getByTestId('fair-game'), { target: { value: 'mines' } });
    expect(screen.getByLabelText('Записанные клетки с минами')).toBeTruthy();
    fill('fair-serverSeed', seed.toUpperCase());
    fill('fair-commitment', commitment);
    fill('fair-clientSeed', 'client-seed');
    fill('fair-nonce', '2');
    fill('fair-result', '18, 3, 7');
    fireEvent.click(screen.getByTestId('fair-verify'));
    expect((await screen.findByTestId('fair-verdict-title')).textContent).toBe(
      'Совпадает с отпечатком и записанным результатом',
    );
    expect(screen.getByTestId('fair-drawn').textContent).toBe('3, 7, 18');
  });
});
