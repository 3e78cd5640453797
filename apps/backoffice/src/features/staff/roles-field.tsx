import { staffRoles, type StaffRole } from '@casino/contracts/operator';
import { useTranslation } from 'react-i18next';

/** The roles as checkboxes in a fieldset: a person may hold several. */
export function RolesField({
  value,
  onChange,
  error,
}: {
  value: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="field-label" style={{ marginBottom: 6 }}>
        {t('staff.roles')}
      </legend>
      <div className="actions">
        {staffRoles.map((role) => (
          <label key={role} className="check">
            <input
              type="checkbox"
              checked={value.includes(role)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...value, role] : value.filter((item) => item !== role),
                )
              }
              data-testid={`role-${role}`}
            />
            {t(`roles.${role}`)}
          </label>
        ))}
      </div>
      {error ? <span className="field-error">{error}</span> : null}
    </fieldset>
  );
}
