/** A native <dialog> opened modally while `open` holds; focus returns to where it was when it closes. `onClose` must be stable. */
import { useEffect, useRef } from 'react';

export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      returnTo.current = document.activeElement;
      d.showModal();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // Escape closes a modal dialog natively: keep React's state in step and put focus back
    const closed = () => {
      onClose();
      if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
    };
    d.addEventListener('close', closed);
    return () => d.removeEventListener('close', closed);
  }, [onClose]);
  return ref;
}
