import { limits } from '@casino/contracts';
import { Camera } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../shared/ui/avatar/avatar';
import { Button } from '../../../shared/ui/button/button';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { useChangeAvatar } from '../api/change-avatar';
import styles from './avatar-editor.module.css';

/** A local preview URL for the chosen file, revoked when the file changes or goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * Avatar editing (SPEC §4, §5): a click on the avatar opens the file chooser; a chosen image of
 * 1 MB at most shows as a preview with Cancel (back to the old avatar) and Save (upload). A
 * larger file shows "File is too large. Maximum size: 1 MB." and the selection is cleared.
 */
export function AvatarEditor({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewUrl(file);
  const upload = useChangeAvatar();
  const hintId = useId();

  const clearSelection = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > limits.avatarMaxBytes) {
      setError(t('profile.avatar.tooLarge'));
      clearSelection();
      return;
    }
    if (chosen.type && !chosen.type.startsWith('image/')) {
      setError(t('profile.avatar.unsupported'));
      clearSelection();
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const onCancel = () => {
    setError(null);
    clearSelection();
  };

  const onSubmit = () => {
    if (!file || upload.isPending) return;
    upload.mutate(file, {
      onSuccess: () => clearSelection(),
    });
  };

  return (
    <div className={styles.editor}>
      <button
        type="button"
        className={styles.picker}
        onClick={() => inputRef.current?.click()}
        aria-describedby={hintId}
        data-testid="profile-avatar-button"
        disabled={upload.isPending}
      >
        {preview ? (
          <img
            className={styles.preview}
            src={preview}
            alt={t('profile.avatar.preview')}
            width={96}
            height={96}
            data-testid="profile-avatar-preview"
          />
        ) : (
          <Avatar src={avatar} size={96} testId="profile-avatar" />
        )}
        <span className={styles.overlay} aria-hidden="true">
          {upload.isPending ? <Spinner size={22} /> : <Camera size={22} />}
        </span>
        <span className="visually-hidden">{t('profile.avatar.change')}</span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChoose}
        data-testid="profile-avatar-input"
      />
      <p id={hintId} className={styles.hint}>
        {t('profile.avatar.hint')}
      </p>
      {error && (
        <p className={styles.error} role="alert" data-testid="profile-avatar-error">
          {error}
        </p>
      )}
      {file && (
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            onClick={onCancel}
            disabled={upload.isPending}
            data-testid="profile-avatar-cancel"
          >
            {t('profile.avatar.cancel')}
          </Button>
          <Button
            size="sm"
            variant="primary"
            onClick={onSubmit}
            disabled={upload.isPending}
            data-testid="profile-avatar-submit"
          >
            {t('profile.avatar.submit')}
          </Button>
        </div>
      )}
    </div>
  );
}
