import { X } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { getFocusable, trapTabKey } from '../../lib/focus';
import { useScrollLock } from '../../lib/scroll-lock';
import { useModalStore } from './modal-store';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Stable hook for tests and styles: the id of the modal in the modal store. */
  name?: string;
}

/**
 * Who gets the focus back when the dialogs close. A dialog may be replaced by another in one
 * render (a lazily loaded form taking over from its loading frame), and React may mount the
 * new one before or after it unmounts the old: so the element focused before the FIRST of
 * the open dialogs is kept here, and the focus goes back to it only when the last one closes
 * while the focus is still in that dialog (or nowhere), never away from a dialog that has
 * just taken it.
 */
let openDialogs = 0;
let firstOpener: HTMLElement | null = null;

function claimOpener(): HTMLElement | null {
  if (openDialogs === 0) {
    firstOpener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  openDialogs += 1;
  return firstOpener;
}

function releaseOpener(opener: HTMLElement | null, panel: HTMLElement | null): void {
  openDialogs = Math.max(0, openDialogs - 1);
  if (openDialogs > 0) return;
  firstOpener = null;
  const active = document.activeElement;
  const focusHere = !active || active === document.body || (panel?.contains(active) ?? false);
  if (focusHere && opener?.isConnected) opener.focus();
}

/** What a press keeps the focus away from: the dialog's buttons and links, not its fields. */
const pressable = 'button, a[href], [role="button"]';
const field = 'input, select, textarea, label';

/**
 * A press on one of the dialog's buttons or links keeps the focus where it is. Taken from a
 * form's field, it would show that field's message at the press (SPEC §5: once the player has
 * left the field); the dialog, centred, grows under the pointer, and the release lands beside
 * what was pressed, so the click is lost ("Log in" under the registration form moved 18 px,
 * the close button 25). The click itself, and the keyboard's focus, are untouched.
 */
function keepFocusOnPress(event: MouseEvent<HTMLDivElement>): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (target.closest(pressable) && !target.closest(field)) event.preventDefault();
}

/**
 * A modal dialog: rendered over the page in a portal, page scrolling hidden, focus moved in,
 * kept in (Tab wraps) and given back to the opener on close; Escape, the close button and a
 * click on the backdrop close it.
 */
export function Modal({ open, onClose, title, children, name }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  // Demo mode (a guest came from a game) is shown on the dialog, for styles and tests.
  const demo = useModalStore((state) => state.demo);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const opener = claimOpener();
    const panel = panelRef.current;
    const body = bodyRef.current;
    const target =
      body?.querySelector<HTMLElement>('[data-autofocus]') ??
      (body ? getFocusable(body)[0] : undefined) ??
      panel;
    target?.focus();

    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      releaseOpener(opener, panel);
    };
  }, [open]);

  if (!open) return null;

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (panelRef.current) trapTabKey(event, panelRef.current);
  };

  return createPortal(
    <div className={styles.root}>
      {/* A press here keeps the focus too: a field's message would grow the dialog over the
          pointer near its edge, and the release would land on the dialog, not here. */}
      <div
        className={styles.backdrop}
        onClick={onClose}
        onMouseDown={(event) => event.preventDefault()}
        aria-hidden="true"
        data-testid="modal-backdrop"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.panel}
        data-testid="modal"
        data-modal={name}
        data-demo={demo || undefined}
        onKeyDown={onPanelKeyDown}
        onMouseDown={keepFocusOnPress}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label={t('modal.close')}
            data-testid="modal-close"
          >
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
