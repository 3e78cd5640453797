import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { i18n } from '../../../shared/i18n/i18n';
import { json, me, mockApi } from '../../../test/api-mock';
import { useAuthStore } from '../../auth';
import { AvatarEditor } from './avatar-editor';
import { signIn } from '../../../test/signed-in';

registerAccountMessages();

function renderEditor() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <AvatarEditor avatar={null} />
    </QueryClientProvider>,
  );
}

const file = (bytes: number, type = 'image/png') =>
  new File([new Uint8Array(bytes)], 'me.png', { type });

function choose(chosen: File) {
  const input = screen.getByTestId<HTMLInputElement>('profile-avatar-input');
  // jsdom keeps `files` read-only; the browser sets it before the change event.
  Object.defineProperty(input, 'files', { value: [chosen], configurable: true });
  fireEvent.change(input);
  return input;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // jsdom has no object URLs.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  useAuthStore.setState({ user: null, isAuth: false });
  await i18n.changeLanguage('ru');
});

/** SPEC §9: avatar maximum 1 MB. */
const oneMegabyte = 1024 * 1024;

describe('avatar editing', () => {
  it('refuses a file over 1 MB with the SPEC message and clears the selection', () => {
    renderEditor();
    const input = choose(file(oneMegabyte + 1));
    expect(screen.getByTestId('profile-avatar-error').textContent).toBe(
      'File is too large. Maximum size: 1 MB.',
    );
    expect(input.value).toBe('');
    expect(screen.queryByTestId('profile-avatar-submit')).toBeNull();
    expect(screen.queryByTestId('profile-avatar-preview')).toBeNull();
  });

  it('says it in Russian too', async () => {
    await i18n.changeLanguage('ru');
    renderEditor();
    choose(file(oneMegabyte + 1));
    expect(screen.getByTestId('profile-avatar-error').textContent).toBe(
      'Файл слишком большой. Максимальный размер: 1 МБ.',
    );
  });

  it('previews a file of 1 MB, Cancel restores the old avatar', () => {
    renderEditor();
    choose(file(oneMegabyte));
    expect(screen.getByTestId('profile-avatar-preview').getAttribute('src')).toBe('blob:preview');
    fireEvent.click(screen.getByTestId('profile-avatar-cancel'));
    expect(screen.queryByTestId('profile-avatar-preview')).toBeNull();
    expect(screen.getByTestId('profile-avatar')).toBeTruthy();
  });

  it('uploads on Save and updates the player', async () => {
    signIn({ balance: '0.00', createdAt: me.created_at });
    const seen = mockApi({
      'POST /user/change/avatar': () => json(200, { ...me, avatar: '/avatars/u1.webp' }),
    });
    renderEditor();
    choose(file(2048));
    fireEvent.click(screen.getByTestId('profile-avatar-submit'));
    await waitFor(() => expect(useAuthStore.getState().user?.avatar).toBe('/avatars/u1.webp'));
    const sent = seen[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(screen.queryByTestId('profile-avatar-submit')).toBeNull());
  });
});
