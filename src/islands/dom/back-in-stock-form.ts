/**
 * The back-in-stock form, enhanced (docs/product/parts-finder.md#back-in-stock): the same POST with
 * `Accept: application/json`, its answer shown in the form instead of a new page. Without this script, or when the
 * request fails, the form posts as a plain form and the server's answer page says the same.
 */
export function wireBackInStockForm(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-testid="back-in-stock-form"]')) {
    const status = form.querySelector<HTMLElement>('[data-testid="back-in-stock-status"]');
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!status) continue;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (button) button.disabled = true;
      fetch(form.action, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      })
        .then(async (res) => {
          const body = (await res.json()) as { message?: string; error?: { message?: string } };
          const message = res.ok ? body.message : body.error?.message;
          if (!message) throw new Error(`no message (${res.status})`);
          status.hidden = false;
          status.dataset.outcome = res.ok ? 'sent' : 'problem';
          status.textContent = message;
          if (res.ok) for (const el of form.querySelectorAll<HTMLElement>('[data-back-in-stock-field]')) el.hidden = true;
          else if (button) button.disabled = false;
        })
        .catch(() => form.submit());
    });
  }
}
