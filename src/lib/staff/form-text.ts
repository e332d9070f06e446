/** A text field of a back-office form post: '' when missing or a file (the pages' zod schemas refuse it then). */
export function formText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}
