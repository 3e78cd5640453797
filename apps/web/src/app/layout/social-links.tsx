import { Bird, Camera, Send, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './social-links.module.css';

interface Social {
  id: 'telegram' | 'x' | 'instagram';
  href: string;
  icon: LucideIcon;
}

// Placeholder targets until the brand's own channels exist.
const socials: Social[] = [
  { id: 'telegram', href: 'https://t.me/', icon: Send },
  { id: 'x', href: 'https://x.com/', icon: Bird },
  { id: 'instagram', href: 'https://www.instagram.com/', icon: Camera },
];

export function SocialLinks() {
  const { t } = useTranslation();
  return (
    <ul className={styles.list} aria-label={t('sidebar.social')}>
      {socials.map(({ id, href, icon: Icon }) => (
        <li key={id}>
          <a
            className={styles.link}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(`social.${id}`)}
            title={t(`social.${id}`)}
            data-testid={`social-${id}`}
          >
            <Icon size={20} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
