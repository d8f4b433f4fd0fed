/**
 * After a refused submit, moves focus (and the view) to the first field marked invalid, once the
 * error texts have rendered: on a long form the first error may be far above the Save button.
 */
export function focusFirstInvalid(root: HTMLElement | null): void {
  setTimeout(() => {
    const target = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, 0);
}
