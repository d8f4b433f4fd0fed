import { useEffect, useLayoutEffect, useRef } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place that wraps Cloudscape's Modal.
import Modal, { type ModalProps } from '@cloudscape-design/components/modal';

export type { ModalProps };

/** The text fields a dialog opens on: its first one (the name in "Create folder", the word in "Delete"). */
const FIELD =
  'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="file"]):not(:disabled):not([readonly]), textarea:not(:disabled):not([readonly])';

/**
 * Where focus goes back when the dialog closes: the control that opened it. A ButtonDropdown's item
 * disappears with its menu, so an item stands for its dropdown's trigger button.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  for (let node = menu.parentElement; node; node = node.parentElement) {
    const trigger = [...node.querySelectorAll<HTMLElement>('button[aria-haspopup]')].find((button) => !menu.contains(button));
    if (trigger) return trigger;
  }
  return null;
}

const focusable = (element: HTMLElement | null): element is HTMLElement =>
  !!element && element.isConnected && !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0;

/**
 * Cloudscape's Modal with the app's focus rules (docs/architecture.md "Accessibility"). Cloudscape
 * focuses the first focusable element, the Close button; this focuses the dialog's first text field
 * instead (`initialFocus="dialog"` keeps Cloudscape's choice, for dialogs without one to type in).
 * On close, unmounted or hidden, focus returns to the control that opened the dialog when it was
 * lost (on the page body), or to the page heading when that control is gone (a deleted row's link)
 * or disabled. Every modal of the app is this one: eslint refuses Cloudscape's Modal elsewhere.
 */
export default function AppModal({ initialFocus = 'field', children, ...props }: ModalProps & { initialFocus?: 'field' | 'dialog' }) {
  const { visible } = props;
  const body = useRef<HTMLDivElement>(null);

  // Before the dialog takes focus (its portal mounts after this commit), remember who had it.
  useLayoutEffect(() => {
    if (!visible) return;
    const opener = openerOf(document.activeElement);
    return () => {
      // After Cloudscape's own restore (which focuses the opener when it still can): only when focus was lost.
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body && active.isConnected) return;
        const heading = document.querySelector<HTMLElement>('main h1');
        const target = focusable(opener) ? opener : heading;
        if (!target) return;
        if (target === heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        target.focus();
      });
    };
  }, [visible]);

  // After Cloudscape's focus lock focused its first element (a frame later): the first text field.
  useEffect(() => {
    if (!visible || initialFocus !== 'field') return;
    let frame = 0;
    let tries = 0;
    const focusField = () => {
      const field = body.current?.querySelector<HTMLElement>(FIELD);
      if (field) {
        if (!body.current?.contains(document.activeElement) || document.activeElement === document.body) field.focus();
        return;
      }
      // The body may render a frame or two later (a lazy part); give up after that.
      if (++tries < 5) frame = requestAnimationFrame(focusField);
    };
    frame = requestAnimationFrame(focusField);
    return () => cancelAnimationFrame(frame);
  }, [visible, initialFocus]);

  return (
    <Modal {...props}>
      <div ref={body} className="app-modal-body">
        {children}
      </div>
    </Modal>
  );
}
