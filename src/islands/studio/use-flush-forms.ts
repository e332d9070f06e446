/**
 * The page's publish, schedule and unpublish forms (`form[data-studio-flush]`, outside the island) post the draft's
 * revision: before one submits, pending edits are saved and the new revision goes into its `revision` field, so
 * nothing typed is lost (docs/product/content-studio.md#autosave). A save that fails keeps the form from posting.
 */
import { useEffect } from 'react';

const FLUSHED = 'studioFlushed';

export function useFlushForms(flush: () => Promise<number | undefined>) {
  useEffect(() => {
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement) || !form.matches('form[data-studio-flush]')) return;
      if (form.dataset[FLUSHED] === '1') {
        delete form.dataset[FLUSHED]; // this is the submit we started: let it go
        return;
      }
      e.preventDefault();
      const submitter = e.submitter instanceof HTMLElement ? e.submitter : null;
      void flush().then((revision) => {
        if (revision === undefined) return; // the status line says why
        const field = form.querySelector<HTMLInputElement>('input[name=revision]');
        if (field) field.value = String(revision);
        // a task later: with nothing to save the flush resolves while this submit is still being dispatched, and
        // a form ignores requestSubmit while it fires its submit event (HTML's "firing submission events")
        setTimeout(() => {
          form.dataset[FLUSHED] = '1';
          form.requestSubmit(submitter);
        }, 0);
      });
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, [flush]);
}
