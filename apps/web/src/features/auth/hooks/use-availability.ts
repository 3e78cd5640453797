import { emailSchema, limits, usernameSchema } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../shared/i18n/i18n';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import type { FieldNote } from '../../../shared/ui/field/text-field';
import { useAvailabilityQuery, type AvailabilityKind } from '../api/check-availability';

export type { AvailabilityKind };

/**
 * - idle: nothing to check (too short, not a valid value, or unchanged);
 * - waiting: typed, the 1 s pause has not passed yet;
 * - checking / available / busy / failed: the server's answer.
 */
export type AvailabilityStatus = 'idle' | 'waiting' | 'checking' | 'available' | 'busy' | 'failed';

const schemas = { username: usernameSchema, email: emailSchema };

/** The value the server would check, or null when it is not worth asking. */
function checkable(kind: AvailabilityKind, raw: string): string | null {
  // SPEC §5: more than one character typed.
  if (raw.trim().length <= 1) return null;
  const parsed = schemas[kind].safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The availability check of SPEC §5: once more than one character is typed and 1 s has
 * passed without typing (limits.availabilityDebounceMs), ask the server; the same value is not
 * asked twice within 30 s. A value the contract schema refuses is not sent (its own message
 * shows instead), and `skip` (the player's current name in the settings) is not checked.
 */
export function useAvailability(
  kind: AvailabilityKind,
  value: string,
  options: { skip?: string | undefined } = {},
): { status: AvailabilityStatus; checkedValue: string | null } {
  const debounced = useDebouncedValue(value, limits.availabilityDebounceMs);
  const candidate = checkable(kind, debounced);
  const current = checkable(kind, value);
  const skipped = candidate === null || (options.skip !== undefined && candidate === options.skip);
  const query = useAvailabilityQuery(kind, skipped ? null : candidate);

  if (current === null || (options.skip !== undefined && current === options.skip)) {
    return { status: 'idle', checkedValue: null };
  }
  if (current !== candidate) return { status: 'waiting', checkedValue: null };
  if (query.isPending) return { status: 'checking', checkedValue: null };
  if (query.isError) return { status: 'failed', checkedValue: null };
  return { status: query.data.available ? 'available' : 'busy', checkedValue: candidate };
}

/** The line under the field for a status (nothing for idle and waiting). */
export function useAvailabilityNote(
  kind: AvailabilityKind,
  status: AvailabilityStatus,
): FieldNote | undefined {
  const { t } = useTranslation();
  switch (status) {
    case 'checking':
      return { tone: 'busy', text: t('availability.checking') };
    case 'available':
      return {
        tone: 'success',
        text: t(
          kind === 'username' ? 'availability.usernameAvailable' : 'availability.emailAvailable',
        ),
      };
    case 'failed':
      return { tone: 'muted', text: t('availability.failed') };
    case 'busy':
    case 'idle':
    case 'waiting':
      return undefined;
  }
}

/** The error text of a busy value (shown as the field's error, in red). */
export function busyText(kind: AvailabilityKind): string {
  return i18n.t(kind === 'username' ? 'availability.usernameBusy' : 'availability.emailBusy');
}
